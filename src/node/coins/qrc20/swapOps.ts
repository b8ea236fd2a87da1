/**
 * SwapOps of a QRC20 token on KDF's EtomicSwap contract (KDF `qrc20.rs` `impl SwapOps`,
 * `qrc20/swap.rs`): every swap transaction is a QTUM transaction whose contract-call outputs call
 * the token (`transfer`, `approve`) or the swap contract (`erc20Payment`, `receiverSpend`,
 * `senderRefund`), at KDF's gas (100 000, or 200 000 for the payment, at 40 sat). A payment lives
 * in the contract under `sha256(lockTime LE ‖ secretHash)`; the contract's `payments(id)` state and
 * the receipts (`blochchain.transaction.get_receipt`) say what happened to it. The QTUM side (key,
 * tip, confirmations, blocks) is the token's own UtxoCoin.
 *
 * Parties are named by "contract addresses", the hash160 of their HTLC pubkeys.
 */
import type { MmNumber } from '../../../shared/number';
import { bytesToHex, hash160, hexToBytes } from '../../crypto';
import { coinError } from '../coinErrors';
import { earlyFeeError, SwapValidationError, type HtlcOutcome, type HtlcTerms, type SwapOps, type SwapTx } from '../swapOps';
import type { DexFeePayment } from '../tradeFee';
import { medianTimePast } from '../utxo/swap/mtp';
import { checkInputsSignedBy } from '../utxo/swap/takerFee';
import { decodeSwapTx, sameAsChain, toSwapTx } from '../utxo/swap/txBytes';
import { decodeUint256, encodeAllowance, encodeApprove } from './abi';
import { contractCallOutput, QRC20_PAYMENT_GAS_LIMIT, type ContractCallOutput } from './gas';
import {
  decodePaymentState,
  encodeErc20Payment,
  encodePayments,
  encodeReceiverSpend,
  encodeSenderRefund,
  PAYMENT_SENT_TOPIC,
  PAYMENT_STATE,
  RECEIVER_SPENT_TOPIC,
  SENDER_REFUNDED_TOPIC,
  swapId,
} from './swap/etomicSwap';
import { spendSecret, swapCallOutput, txsWithSwapEvent, type SwapSearch } from './swap/outcome';
import { erc20PaymentDetails, swapCallsCompleted, type Erc20PaymentDetails } from './swap/paymentTx';
import { sendContractCalls } from './swap/send';
import { checkTakerFeeOutput, checkTakerFeeReceipt, takerFeeOutput } from './swap/takerFee';
import type { Qrc20View } from './view';

/** What swaps need of a token; Qrc20Coin has it all. */
export type Qrc20SwapCoin = Qrc20View & {
  readonly swapContract: Uint8Array;
  readonly fallbackSwapContract: Uint8Array | null;
};

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
const hex0x = (b: Uint8Array): string => `0x${bytesToHex(b)}`;
const MAX_U32 = 0xffff_ffff;

/** The terms in contract form, checked. */
interface ContractTerms {
  contract: Uint8Array;
  id: Uint8Array;
  sender: Uint8Array;
  receiver: Uint8Array;
  amount: bigint;
  secretHash: Uint8Array;
  timeLock: number;
}

export class Qrc20SwapOps implements SwapOps {
  constructor(private readonly coin: Qrc20SwapCoin) {}

  get htlcPubkey(): Uint8Array {
    return this.coin.qtum.swapOps.htlcPubkey;
  }

  get swapContractBytes(): Uint8Array {
    return this.coin.swapContract;
  }

  /** The whole dex fee to the dex address (KDF's `fee_amount`; nothing is burned for a token). */
  async sendTakerFee(fee: DexFeePayment, _uuid: string): Promise<SwapTx> {
    return sendContractCalls(this.coin, [takerFeeOutput(this.coin.contract, this.baseUnits(fee.fee.add(fee.burn)))]);
  }

  async validateTakerFee(tx: SwapTx, fee: DexFeePayment, senderPubkey: Uint8Array, minBlock: number): Promise<void> {
    const decoded = decodeSwapTx(tx, this.coin.qtum.txFormat);
    checkInputsSignedBy(decoded, senderPubkey);
    const chainHex = await this.coin.qtum.api.rawTransaction(decoded.getId());
    if (chainHex === null) throw new SwapValidationError(`Fee tx ${decoded.getId()} is not known to the chain`);
    if (!sameAsChain(decoded, chainHex)) throw new SwapValidationError(`Fee tx ${decoded.getId()} differs from the chain's copy`);
    const confirmations = await this.coin.qtum.api.confirmations(decoded.getId());
    if (confirmations) {
      // KDF's `is_tx_confirmed_before_block`, as the UTXO coins read it.
      const minedAt = this.coin.qtum.height + 1 - confirmations;
      if (minedAt <= minBlock) throw earlyFeeError(decoded.getId(), minedAt, minBlock);
    }
    const terms = { token: this.coin.contract, amount: this.baseUnits(fee.fee.add(fee.burn)) };
    checkTakerFeeOutput(decoded, terms);
    if (confirmations) checkTakerFeeReceipt(await this.coin.api.receipts(decoded.getId()), terms, hash160(senderPubkey));
  }

  txFromBytes(raw: Uint8Array): SwapTx {
    return this.coin.qtum.swapOps.txFromBytes(raw);
  }

  /** Found once the contract knows the id: my PaymentSent transactions since the block, searched for its `erc20Payment`. */
  async checkIfMyPaymentSent(terms: HtlcTerms, searchFromBlock: number): Promise<SwapTx | null> {
    const t = this.contractTerms(terms, 'sender');
    if ((await this.paymentState(t)) === PAYMENT_STATE.Uninitialized) return null;
    const txs = await txsWithSwapEvent(this.search(t), t.sender, searchFromBlock, PAYMENT_SENT_TOPIC);
    const found = txs.find((tx) => swapCallOutput(tx, 'erc20Payment', t.id, t.contract) >= 0);
    return found ? toSwapTx(found) : null;
  }

  /** KDF's `send_hash_time_locked_payment`: approve when the allowance is short (reset to 0 first if some is left), then pay, in one transaction. */
  async sendPayment(terms: HtlcTerms): Promise<SwapTx> {
    const t = this.contractTerms(terms, 'sender');
    if (t.amount <= 0n) throw new SwapValidationError(`Payment amount ${terms.amount.toDecimalString()} is not positive`);
    const { coin } = this;
    const balance = await coin.tokenBalance();
    // Checked first, as KDF does, so no gas is burned on a payment that must revert.
    if (balance < t.amount) throw new SwapValidationError(`Balance ${balance} is less than value ${t.amount}`);
    const allowance = await this.allowance(t.contract);
    const outputs: ContractCallOutput[] = [];
    if (allowance < t.amount) {
      if (allowance > 0n) outputs.push(contractCallOutput(encodeApprove(t.contract, 0n), coin.contract));
      outputs.push(contractCallOutput(encodeApprove(t.contract, balance), coin.contract));
    }
    outputs.push(contractCallOutput(this.paymentCallData(t), t.contract, QRC20_PAYMENT_GAS_LIMIT));
    return sendContractCalls(coin, outputs);
  }

  /** KDF's `validate_payment`: the contract holds the id as sent, and the transaction's call is byte for byte the agreed one, paid by the sender into the agreed contract. */
  async validatePayment(tx: SwapTx, terms: HtlcTerms): Promise<void> {
    const t = this.contractTerms(terms, 'receiver');
    const state = await this.paymentState(t);
    if (state !== PAYMENT_STATE.PaymentSent) throw new SwapValidationError(`Payment state is not PAYMENT_STATE_SENT, got ${state}`);
    const details = await this.paymentDetails(tx);
    const expected = this.paymentCallData(t);
    if (!sameBytes(details.callData, expected)) {
      throw new SwapValidationError(`Unexpected 'erc20Payment' contract call bytes: ${bytesToHex(details.callData)}, expected ${bytesToHex(expected)}`);
    }
    if (!sameBytes(details.sender, t.sender)) {
      throw new SwapValidationError(`Payment tx ${hex0x(details.sender)} was sent from wrong address, expected ${hex0x(t.sender)}`);
    }
    if (!sameBytes(details.swapContract, t.contract)) {
      throw new SwapValidationError(`Payment tx receiver arg ${hex0x(details.swapContract)} is invalid, expected ${hex0x(t.contract)}`);
    }
  }

  async spendPayment(payment: SwapTx, terms: HtlcTerms, secret: Uint8Array): Promise<SwapTx> {
    const t = this.contractTerms(terms, 'receiver');
    if (secret.length !== 32 || !sameBytes(hash160(secret), t.secretHash)) throw new SwapValidationError(`The secret does not hash to ${hex0x(t.secretHash)}`);
    const details = await this.openPayment(payment, t);
    const data = encodeReceiverSpend({ id: t.id, amount: details.call.amount, secret, token: this.coin.contract, sender: details.sender });
    return sendContractCalls(this.coin, [contractCallOutput(data, t.contract)]);
  }

  async refundPayment(payment: SwapTx, terms: HtlcTerms): Promise<SwapTx> {
    const t = this.contractTerms(terms, 'sender');
    const details = await this.openPayment(payment, t);
    if (!(await this.canRefund(t.timeLock))) throw new SwapValidationError(`Payment ${hex0x(t.id)} is locked until ${t.timeLock}: the chain's median time past is earlier`);
    const data = encodeSenderRefund({ id: t.id, amount: details.call.amount, secretHash: details.call.secretHash, token: this.coin.contract, receiver: details.call.receiver });
    return sendContractCalls(this.coin, [contractCallOutput(data, t.contract)]);
  }

  /**
   * KDF lets a token refund once the clock passes the lock time; the contract refunds from
   * `block.timestamp >= lockTime`, and the next block's time exceeds the chain's median time past,
   * so both must have passed it.
   */
  async canRefund(timeLock: number): Promise<boolean> {
    const { qtum } = this.coin;
    if (qtum.nowSec() <= timeLock) return false;
    return (await medianTimePast(qtum.api, qtum.height)) >= timeLock;
  }

  /** KDF's `search_for_swap_tx_spend`: the receiver's ReceiverSpent transactions, then the sender's SenderRefunded ones, since the payment's block. */
  async findPaymentOutcome(payment: SwapTx, terms: HtlcTerms): Promise<HtlcOutcome | null> {
    const t = this.contractTerms(terms, 'either');
    const decoded = decodeSwapTx(payment, this.coin.qtum.txFormat);
    const receipts = await this.coin.api.receipts(decoded.getId());
    if (receipts.length === 0) return null; // not mined yet: nothing can have spent it
    const details = erc20PaymentDetails(decoded, decoded.getId(), receipts, this.coin.contract);
    if (!sameBytes(details.call.id, t.id)) throw new SwapValidationError(`Unexpected swap_id ${bytesToHex(details.call.id)}`);
    const fromBlock = Math.min(...receipts.map((r) => r.blockNumber));
    const search = this.search(t);
    for (const tx of await txsWithSwapEvent(search, t.receiver, fromBlock, RECEIVER_SPENT_TOPIC)) {
      const secret = spendSecret(tx, t.secretHash, t.id, t.contract);
      if (secret) return { type: 'Spent', tx: toSwapTx(tx), secret };
    }
    for (const tx of await txsWithSwapEvent(search, t.sender, fromBlock, SENDER_REFUNDED_TOPIC)) {
      if (swapCallOutput(tx, 'senderRefund', t.id, t.contract) >= 0) return { type: 'Refunded', tx: toSwapTx(tx) };
    }
    return null;
  }

  /** KDF's `extract_secret_impl`: the first `receiverSpend` output whose secret hashes to `secretHash`. */
  extractSecret(spend: SwapTx, secretHash: Uint8Array): Uint8Array {
    const decoded = decodeSwapTx(spend, this.coin.qtum.txFormat);
    const secret = spendSecret(decoded, secretHash, null, null);
    if (!secret) throw new SwapValidationError(`Couldn't obtain the 'secret' from ${decoded.getId()} tx`);
    return secret;
  }

  /**
   * The QTUM side's count, but a mined transaction whose swap call reverted is none of the swap's:
   * null, as for a transaction the chain dropped, so a payment never counts as confirmed and a
   * spend or refund is sent again (KDF fails its confirmation wait on such a call).
   */
  async confirmations(txHash: string): Promise<number | null> {
    const { qtum, api } = this.coin;
    const confirmations = await qtum.swapOps.confirmations(txHash);
    if (!confirmations) return confirmations;
    const [hex] = await qtum.api.rawTransactions([txHash]);
    const tx = decodeSwapTx({ txHex: hex ?? '', txHash }, qtum.txFormat);
    return swapCallsCompleted(tx, txHash, await api.receipts(txHash)) ? confirmations : null;
  }

  currentBlock(): Promise<number> {
    return this.coin.qtum.swapOps.currentBlock();
  }

  onNewBlock(listener: () => void): () => void {
    return this.coin.qtum.swapOps.onNewBlock(listener);
  }

  /** The payment as the chain shows it, still open under the agreed id (KDF checks PAYMENT_STATE_SENT before spending or refunding). */
  private async openPayment(payment: SwapTx, t: ContractTerms): Promise<Erc20PaymentDetails> {
    const details = await this.paymentDetails(payment);
    if (!sameBytes(details.call.id, t.id)) throw new SwapValidationError(`Payment tx pays swap_id ${bytesToHex(details.call.id)}, not the agreed ${bytesToHex(t.id)}`);
    if (!sameBytes(details.swapContract, t.contract)) throw new SwapValidationError(`Payment tx called ${hex0x(details.swapContract)}, not the agreed ${hex0x(t.contract)}`);
    const state = await this.paymentState(t);
    if (state !== PAYMENT_STATE.PaymentSent) throw new SwapValidationError(`Payment state is not PAYMENT_STATE_SENT, got ${state}`);
    return details;
  }

  private async paymentDetails(payment: SwapTx): Promise<Erc20PaymentDetails> {
    const decoded = decodeSwapTx(payment, this.coin.qtum.txFormat);
    return erc20PaymentDetails(decoded, decoded.getId(), await this.coin.api.receipts(decoded.getId()), this.coin.contract);
  }

  private paymentCallData(t: ContractTerms): Uint8Array {
    return encodeErc20Payment({ id: t.id, amount: t.amount, token: this.coin.contract, receiver: t.receiver, secretHash: t.secretHash, lockTime: BigInt(t.timeLock) });
  }

  /** KDF's `payment_status`: the state word of `payments(id)` on the agreed contract. */
  private async paymentState(t: ContractTerms): Promise<bigint> {
    const output = await this.coin.api.contractCall(t.contract, encodePayments(t.id));
    const state = decodePaymentState(output);
    if (state === null) throw coinError.transport(`Expected 3 words in "payments" call, got ${output.length} bytes`);
    return state;
  }

  private async allowance(spender: Uint8Array): Promise<bigint> {
    const output = await this.coin.api.contractCall(this.coin.contract, encodeAllowance(this.coin.myContractAddress, spender));
    const allowance = decodeUint256(output);
    if (allowance === null) throw coinError.transport(`Expected U256 as "allowance" result but got ${output.length} bytes`);
    return allowance;
  }

  private search(t: ContractTerms): SwapSearch {
    return { api: this.coin.api, qtum: this.coin.qtum, token: this.coin.contract, swapContract: t.contract };
  }

  private baseUnits(amount: MmNumber): bigint {
    return amount.toBaseUnitsFloor(this.coin.decimals);
  }

  /**
   * The terms in contract form, on one of the token's own contracts (KDF's
   * `negotiate_swap_contract_addr`). My own contract address stands in for my role, so a payment
   * naming anybody else never passes; 'either' takes both from the keys.
   */
  private contractTerms(terms: HtlcTerms, me: 'sender' | 'receiver' | 'either'): ContractTerms {
    if (terms.secretHash.length !== 20) throw new SwapValidationError(`Secret hash must be 20 bytes, got ${terms.secretHash.length}`);
    if (!Number.isSafeInteger(terms.timeLock) || terms.timeLock < 0 || terms.timeLock > MAX_U32) throw new SwapValidationError(`Lock time ${terms.timeLock} is not a u32`);
    const contract = terms.swapContract === undefined ? this.coin.swapContract : this.contractBytes(terms.swapContract);
    const known = sameBytes(contract, this.coin.swapContract) || (this.coin.fallbackSwapContract !== null && sameBytes(contract, this.coin.fallbackSwapContract));
    if (!known) throw new SwapValidationError(`Swap contract ${hex0x(contract)} is neither the coin's swap_contract_address nor its fallback_swap_contract`);
    const mine = this.coin.myContractAddress;
    return {
      contract,
      id: swapId(terms.timeLock, terms.secretHash),
      sender: me === 'sender' ? mine : this.addressOf(terms.senderPubkey, 'sender'),
      receiver: me === 'receiver' ? mine : this.addressOf(terms.receiverPubkey, 'receiver'),
      amount: this.baseUnits(terms.amount),
      secretHash: terms.secretHash,
      timeLock: terms.timeLock,
    };
  }

  private contractBytes(contract: string): Uint8Array {
    if (!/^0x[0-9a-fA-F]{40}$/.test(contract)) throw new SwapValidationError(`Swap contract ${contract.slice(0, 50)} is not 0x and 40 hex digits`);
    return hexToBytes(contract.slice(2));
  }

  private addressOf(pubkey: Uint8Array, role: string): Uint8Array {
    if (pubkey.length !== 33 || (pubkey[0] !== 2 && pubkey[0] !== 3)) throw new SwapValidationError(`The ${role} pubkey is not a 33-byte compressed key`);
    return hash160(pubkey);
  }
}
