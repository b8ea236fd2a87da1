/**
 * SwapOps of ETH and ERC20 coins on KDF's EtomicSwap v1 contract (kdf-facts §4.4, §4.6; KDF
 * `eth.rs`): the taker fee as a transfer to the dex fee address, HTLC payments as
 * `ethPayment` / `erc20Payment` (approving the contract first when needed), spends and refunds,
 * and the other side's transactions checked against what the node reports for them. Every
 * transaction is a legacy one at the coin's gas price, with the chain's pending nonce.
 *
 * The HTLC key is the wallet's key: the sender and receiver addresses of a payment are the
 * addresses of the two pubkeys in the terms.
 */
import { getBytes, hexlify } from 'ethers';
import type { MmNumber } from '../../../shared/number';
import { ethAddress, hash160 } from '../../crypto';
import { SwapValidationError, type HtlcOutcome, type HtlcTerms, type SwapOps, type SwapTx } from '../swapOps';
import type { DexFeePayment } from '../tradeFee';
import { sameAddress } from './address';
import type { EthChain } from './ethChain';
import { paymentId, SwapContract } from './swapContract';
import { ensureAllowance } from './swap/approve';
import { checkPaymentState, checkPaymentTx, paymentCall, refundCall, spendCall, type PaymentTerms } from './swap/htlc';
import { findEventTx, findOutcome } from './swap/outcome';
import { secretFromSpendInput } from './swap/secret';
import { sendSwapTx, type SwapCallTx } from './swap/send';
import { checkFeeMinedAfter, checkTakerFee, takerFeeCall } from './swap/takerFee';
import { MAX_TX_HEX_LENGTH, parseSignedTx, readSwapTx, requireNotReverted, signedTxHash } from './swap/txRead';

/** What swaps need of an EVM coin; EthCoin has it all. */
export interface EthSwapCoin {
  readonly chain: EthChain;
  /** The ERC20 contract; null for the platform coin. */
  readonly contract: string | null;
  readonly decimals: number;
  /** The coin's `swap_contract_address` from activation (EIP-55). */
  readonly swapContractAddress: string;
  /** The coin's `fallback_swap_contract`, the only other contract it pays into or accepts payments on. */
  readonly fallbackSwapContract: string | null;
  /** Wei per gas, as withdraw pays it. */
  gasPrice(): Promise<bigint>;
}

const MAX_U32 = 0xffff_ffff;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class EthSwapOps implements SwapOps {
  constructor(
    private readonly coin: EthSwapCoin,
    /** Unix ms. */
    private readonly now: () => number,
  ) {}

  get htlcPubkey(): Uint8Array {
    return this.coin.chain.keyPair.publicKey;
  }

  get swapContractBytes(): Uint8Array {
    return getBytes(this.coin.swapContractAddress);
  }

  private get chain(): EthChain {
    return this.coin.chain;
  }

  /** KDF passes the swap uuid for chains that carry it in a memo; an EVM transfer carries none. */
  async sendTakerFee(fee: DexFeePayment, _uuid: string): Promise<SwapTx> {
    return this.send(takerFeeCall(this.coin.contract, this.baseUnits(fee.fee.add(fee.burn))));
  }

  async validateTakerFee(tx: SwapTx, fee: DexFeePayment, senderPubkey: Uint8Array, minBlock: number): Promise<void> {
    const terms = { sender: addressOf(senderPubkey, 'sender'), token: this.coin.contract, amount: this.baseUnits(fee.fee.add(fee.burn)) };
    const chainTx = await readSwapTx(this.chain.api, tx);
    checkTakerFee(chainTx, terms);
    checkFeeMinedAfter(chainTx, minBlock);
  }

  txFromBytes(raw: Uint8Array): SwapTx {
    if (raw.length > MAX_TX_HEX_LENGTH / 2) throw new SwapValidationError(`Transaction of ${raw.length} bytes is larger than any the chain accepts`);
    const txHex = hexlify(raw).slice(2);
    return { txHex, txHash: signedTxHash(txHex) };
  }

  /**
   * Found by the contract's state and PaymentSent log, so only once mined: a payment still in the
   * mempool is not seen, and paying again then cannot pay twice, as the contract refuses a second
   * payment under the same id (the second transaction reverts).
   */
  async checkIfMyPaymentSent(terms: HtlcTerms, searchFromBlock: number): Promise<SwapTx | null> {
    const t = this.paymentTerms(terms, 'sender');
    const contract = this.swapContract(t);
    const state = await contract.payment(t.id);
    if (state.state === 'Uninitialized') return null;
    const found = await findEventTx(this.chain.api, contract, t.id, searchFromBlock, 'PaymentSent');
    if (!sameAddress(found.rpcTx.from, t.sender)) {
      throw new SwapValidationError(`Payment ${hexlify(t.id)} was opened by ${found.rpcTx.from}, not by this wallet`);
    }
    return found.tx;
  }

  async sendPayment(terms: HtlcTerms): Promise<SwapTx> {
    const t = this.paymentTerms(terms, 'sender');
    if (t.amount <= 0n) throw new SwapValidationError(`Payment amount ${terms.amount.toDecimalString()} is not positive`);
    if (t.token !== null) {
      await ensureAllowance({ chain: this.chain, gasPrice: () => this.coin.gasPrice(), now: this.now, sleep }, t.token, t.contract, t.amount);
    }
    return this.send(paymentCall(t));
  }

  async validatePayment(tx: SwapTx, terms: HtlcTerms): Promise<void> {
    const t = this.paymentTerms(terms, 'receiver');
    checkPaymentTx(await readSwapTx(this.chain.api, tx), t);
    checkPaymentState(await this.swapContract(t).payment(t.id), t);
  }

  async spendPayment(_payment: SwapTx, terms: HtlcTerms, secret: Uint8Array): Promise<SwapTx> {
    const t = this.paymentTerms(terms, 'receiver');
    if (secret.length !== 32 || hexlify(hash160(secret)) !== hexlify(t.secretHash)) {
      throw new SwapValidationError(`The secret does not hash to ${hexlify(t.secretHash)}`);
    }
    checkPaymentState(await this.swapContract(t).payment(t.id), t);
    return this.send(spendCall(t, secret));
  }

  async refundPayment(_payment: SwapTx, terms: HtlcTerms): Promise<SwapTx> {
    const t = this.paymentTerms(terms, 'sender');
    checkPaymentState(await this.swapContract(t).payment(t.id), t);
    if (!(await this.canRefund(t.lockTime))) {
      throw new SwapValidationError(`Payment ${hexlify(t.id)} is locked until ${t.lockTime}: the latest block is older`);
    }
    return this.send(refundCall(t));
  }

  /** The contract refunds when `block.timestamp >= lockTime`; the next block is no older than the latest. */
  async canRefund(timeLock: number): Promise<boolean> {
    const api = this.chain.api;
    const timestamp = await api.blockTimestamp(await api.blockNumber());
    return timestamp !== null && timestamp >= timeLock;
  }

  async findPaymentOutcome(payment: SwapTx, terms: HtlcTerms): Promise<HtlcOutcome | null> {
    const t = this.paymentTerms(terms, 'either');
    const mined = await readSwapTx(this.chain.api, payment);
    requireNotReverted(mined);
    if (!mined.receipt) return null;
    return findOutcome(this.chain.api, this.swapContract(t), { id: t.id, secretHash: t.secretHash, fromBlock: mined.receipt.blockNumber });
  }

  extractSecret(spend: SwapTx, secretHash: Uint8Array): Uint8Array {
    return secretFromSpendInput(parseSignedTx(spend.txHex).data, secretHash);
  }

  async confirmations(txHash: string): Promise<number | null> {
    const api = this.chain.api;
    const hash = `0x${txHash.replace(/^0x/, '')}`;
    const receipt = await api.receipt(hash);
    if (receipt) return (await api.blockNumber()) - receipt.blockNumber + 1;
    return (await api.transaction(hash)) ? 0 : null;
  }

  currentBlock(): Promise<number> {
    return this.chain.api.blockNumber();
  }

  onNewBlock(listener: () => void): () => void {
    return this.chain.tip.onBlock(() => listener());
  }

  private send(call: SwapCallTx): Promise<SwapTx> {
    return sendSwapTx(this.chain, () => this.coin.gasPrice(), call);
  }

  private swapContract(t: PaymentTerms): SwapContract {
    return new SwapContract(t.contract, this.chain);
  }

  private baseUnits(amount: MmNumber): bigint {
    return amount.toBaseUnitsFloor(this.coin.decimals);
  }

  /**
   * The terms in chain form, on one of the coin's own contracts. My own address stands in for the
   * key of my role ('sender' when I pay or refund, 'receiver' when I check or spend), so a payment
   * naming anybody else never passes; 'either' (looking up an outcome) takes both from the keys.
   */
  private paymentTerms(terms: HtlcTerms, me: 'sender' | 'receiver' | 'either'): PaymentTerms {
    if (terms.secretHash.length !== 20) throw new SwapValidationError(`Secret hash must be 20 bytes, got ${terms.secretHash.length}`);
    if (!Number.isSafeInteger(terms.timeLock) || terms.timeLock < 0 || terms.timeLock > MAX_U32) {
      throw new SwapValidationError(`Lock time ${terms.timeLock} is not a u32`);
    }
    const contract = terms.swapContract ?? this.coin.swapContractAddress;
    // As KDF's `negotiate_swap_contract_addr`: a contract of the counterparty's choosing could pay out anything.
    if (!sameAddress(contract, this.coin.swapContractAddress) && !sameAddress(contract, this.coin.fallbackSwapContract)) {
      throw new SwapValidationError(`Swap contract ${contract} is neither the coin's swap_contract_address nor its fallback_swap_contract`);
    }
    return {
      contract,
      id: paymentId(terms.timeLock, terms.secretHash),
      sender: me === 'sender' ? this.chain.address : addressOf(terms.senderPubkey, 'sender'),
      receiver: me === 'receiver' ? this.chain.address : addressOf(terms.receiverPubkey, 'receiver'),
      token: this.coin.contract,
      amount: this.baseUnits(terms.amount),
      secretHash: terms.secretHash,
      lockTime: terms.timeLock,
    };
  }
}

function addressOf(pubkey: Uint8Array, role: string): string {
  try {
    return ethAddress(pubkey);
  } catch (e) {
    throw new SwapValidationError(`The ${role} pubkey is not a valid secp256k1 key`, e);
  }
}
