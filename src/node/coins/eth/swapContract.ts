/**
 * KDF's EtomicSwap v1 contract (kdf-facts §4.6), typed: call data for each function, sending
 * them from a wallet, reading a payment's state, decoding the events, and the two hashes both
 * sides must agree on. A payment lives under `paymentId(timeLock, secretHash)` (KDF
 * `etomic_swap_id`) and the contract checks spends and refunds against
 * `paymentHash(receiver, sender, secretHash, token, amount)`. No swap logic lives here.
 */
import { concat, getBytes, Interface, type EventFragment, ripemd160, sha256, solidityPacked, ZeroAddress } from 'ethers';
import type { EthChainApi, RpcLog } from './chainApi';
import type { OutgoingCall } from './ethChain';
import { sameAddress } from './address';

const ETOMIC_SWAP = new Interface([
  'function ethPayment(bytes32 _id, address _receiver, bytes20 _secretHash, uint64 _lockTime) payable',
  'function erc20Payment(bytes32 _id, uint256 _amount, address _tokenAddress, address _receiver, bytes20 _secretHash, uint64 _lockTime)',
  'function receiverSpend(bytes32 _id, uint256 _amount, bytes32 _secret, address _tokenAddress, address _sender)',
  'function senderRefund(bytes32 _id, uint256 _amount, bytes20 _paymentHash, address _tokenAddress, address _receiver)',
  'function payments(bytes32 id) view returns (bytes20 paymentHash, uint64 lockTime, uint8 state)',
  'event PaymentSent(bytes32 id)',
  'event ReceiverSpent(bytes32 id, bytes32 secret)',
  'event SenderRefunded(bytes32 id)',
]);

/** The contract's `PaymentState`, in its order. */
export const PAYMENT_STATES = ['Uninitialized', 'PaymentSent', 'ReceiverSpent', 'SenderRefunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The token argument for ETH payments. */
export const ETH_TOKEN = ZeroAddress;

/** sha256(u32_le(timeLock) ‖ secretHash): the 32-byte payment id. */
export function paymentId(timeLock: number, secretHash: Uint8Array): Uint8Array {
  const le = new Uint8Array(4);
  new DataView(le.buffer).setUint32(0, timeLock, true);
  return getBytes(sha256(concat([le, secretHash])));
}

/** ripemd160(abi.encodePacked(receiver, sender, secretHash, token, amount)): what the contract stores. */
export function paymentHash(receiver: string, sender: string, secretHash: Uint8Array, token: string, amount: bigint): Uint8Array {
  const packed = solidityPacked(['address', 'address', 'bytes20', 'address', 'uint256'], [receiver, sender, secretHash, token, amount]);
  return getBytes(ripemd160(packed));
}

export interface EthPaymentArgs {
  id: Uint8Array;
  receiver: string;
  secretHash: Uint8Array;
  lockTime: number;
  /** Wei sent with the call. */
  amount: bigint;
}

export interface Erc20PaymentArgs {
  id: Uint8Array;
  amount: bigint;
  token: string;
  receiver: string;
  secretHash: Uint8Array;
  lockTime: number;
}

export interface ReceiverSpendArgs {
  id: Uint8Array;
  amount: bigint;
  secret: Uint8Array;
  /** ETH_TOKEN for ETH. */
  token: string;
  sender: string;
}

export interface SenderRefundArgs {
  id: Uint8Array;
  amount: bigint;
  /** The payment's secret hash (the contract's parameter name). */
  paymentHash: Uint8Array;
  token: string;
  receiver: string;
}

export interface Payment {
  paymentHash: Uint8Array;
  lockTime: number;
  state: PaymentState;
}

export type SwapEvent =
  | { event: 'PaymentSent'; id: string; txHash: string }
  | { event: 'ReceiverSpent'; id: string; secret: string; txHash: string }
  | { event: 'SenderRefunded'; id: string; txHash: string };

/** Call data, 0x hex. */
export const swapCallData = {
  ethPayment: (a: EthPaymentArgs): string =>
    ETOMIC_SWAP.encodeFunctionData('ethPayment', [a.id, a.receiver, a.secretHash, a.lockTime]),
  erc20Payment: (a: Erc20PaymentArgs): string =>
    ETOMIC_SWAP.encodeFunctionData('erc20Payment', [a.id, a.amount, a.token, a.receiver, a.secretHash, a.lockTime]),
  receiverSpend: (a: ReceiverSpendArgs): string =>
    ETOMIC_SWAP.encodeFunctionData('receiverSpend', [a.id, a.amount, a.secret, a.token, a.sender]),
  senderRefund: (a: SenderRefundArgs): string =>
    ETOMIC_SWAP.encodeFunctionData('senderRefund', [a.id, a.amount, a.paymentHash, a.token, a.receiver]),
};

/** A decoded EtomicSwap call; bytes are 0x hex as ethers gives them, lock times stay uint64. */
export type SwapCall =
  | { fn: 'ethPayment'; id: string; receiver: string; secretHash: string; lockTime: bigint }
  | { fn: 'erc20Payment'; id: string; amount: bigint; token: string; receiver: string; secretHash: string; lockTime: bigint }
  | { fn: 'receiverSpend'; id: string; amount: bigint; secret: string; token: string; sender: string }
  | { fn: 'senderRefund'; id: string; amount: bigint; paymentHash: string; token: string; receiver: string };

/** The EtomicSwap call a transaction input makes, or null when it is none (or malformed). */
export function decodeSwapCall(input: string): SwapCall | null {
  let parsed;
  try {
    parsed = ETOMIC_SWAP.parseTransaction({ data: input });
  } catch {
    return null;
  }
  if (!parsed) return null;
  const a = parsed.args;
  const s = (i: number): string => a[i] as string;
  const n = (i: number): bigint => a[i] as bigint;
  switch (parsed.name) {
    case 'ethPayment':
      return { fn: 'ethPayment', id: s(0), receiver: s(1), secretHash: s(2), lockTime: n(3) };
    case 'erc20Payment':
      return { fn: 'erc20Payment', id: s(0), amount: n(1), token: s(2), receiver: s(3), secretHash: s(4), lockTime: n(5) };
    case 'receiverSpend':
      return { fn: 'receiverSpend', id: s(0), amount: n(1), secret: s(2), token: s(3), sender: s(4) };
    case 'senderRefund':
      return { fn: 'senderRefund', id: s(0), amount: n(1), paymentHash: s(2), token: s(3), receiver: s(4) };
    default:
      return null;
  }
}

/** The event a log of the contract records, or null. */
export function decodeSwapEvent(log: RpcLog, contract: string): SwapEvent | null {
  if (!sameAddress(log.address, contract)) return null;
  const parsed = ETOMIC_SWAP.parseLog({ topics: log.topics, data: log.data });
  if (!parsed) return null;
  const id = parsed.args[0] as string;
  const txHash = log.transactionHash;
  switch (parsed.name) {
    case 'PaymentSent':
      return { event: 'PaymentSent', id, txHash };
    case 'ReceiverSpent':
      return { event: 'ReceiverSpent', id, secret: parsed.args[1] as string, txHash };
    case 'SenderRefunded':
      return { event: 'SenderRefunded', id, txHash };
    default:
      return null;
  }
}

/** Signs and sends calls from one wallet (EthChain). */
export interface SwapSender {
  readonly api: EthChainApi;
  send(call: OutgoingCall): Promise<string>;
}

/** One deployed EtomicSwap; sending resolves with the 0x-less transaction hash. */
export class SwapContract {
  constructor(
    readonly address: string,
    private readonly wallet: SwapSender,
  ) {}

  ethPayment(a: EthPaymentArgs, gas?: bigint): Promise<string> {
    return this.send(swapCallData.ethPayment(a), a.amount, gas);
  }

  /** The contract pulls the tokens: the sender must have approved at least `amount` first. */
  erc20Payment(a: Erc20PaymentArgs, gas?: bigint): Promise<string> {
    return this.send(swapCallData.erc20Payment(a), 0n, gas);
  }

  receiverSpend(a: ReceiverSpendArgs, gas?: bigint): Promise<string> {
    return this.send(swapCallData.receiverSpend(a), 0n, gas);
  }

  senderRefund(a: SenderRefundArgs, gas?: bigint): Promise<string> {
    return this.send(swapCallData.senderRefund(a), 0n, gas);
  }

  async payment(id: Uint8Array): Promise<Payment> {
    const out = await this.wallet.api.call({ to: this.address, data: ETOMIC_SWAP.encodeFunctionData('payments', [id]) });
    const [hash, lockTime, state] = ETOMIC_SWAP.decodeFunctionResult('payments', out) as unknown as [string, bigint, bigint];
    return { paymentHash: getBytes(hash), lockTime: Number(lockTime), state: PAYMENT_STATES[Number(state)] ?? 'Uninitialized' };
  }

  /** The contract's events in [fromBlock, toBlock]; only those of one kind when `only` is given. */
  async events(fromBlock: number, toBlock: number, only?: SwapEvent['event']): Promise<SwapEvent[]> {
    const topics = only === undefined ? [] : [(ETOMIC_SWAP.getEvent(only) as EventFragment).topicHash];
    const logs = await this.wallet.api.logs({ address: this.address, fromBlock, toBlock, topics });
    return logs.map((l) => decodeSwapEvent(l, this.address)).filter((e) => e !== null);
  }

  private send(data: string, value: bigint, gas: bigint | undefined): Promise<string> {
    return this.wallet.send({ to: this.address, value, data, ...(gas === undefined ? {} : { gas }) });
  }
}

