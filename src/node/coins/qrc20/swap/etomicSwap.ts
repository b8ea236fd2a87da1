/**
 * KDF's EtomicSwap contract as a QRC20 swap calls it (KDF `qrc20/swap.rs`, the same ABI as on EVM
 * chains): the payment id, the call data of `erc20Payment`, `receiverSpend` and `senderRefund`,
 * the `payments(id)` view, and the event topics its history is searched by. Every argument is a
 * static 32-byte word, so a call is exactly `4 + 32 × n` bytes: call data of any other length, or
 * a word whose padding is not zero, is not one of these calls (it comes from the network).
 */
import { concatBytes } from '@noble/hashes/utils.js';
import { bytesToHex, keccak256, sha256 } from '../../../crypto';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const selectorOf = (signature: string): Uint8Array => keccak256(utf8(signature)).slice(0, 4);
const topicOf = (signature: string): string => bytesToHex(keccak256(utf8(signature)));

/** The swap contract's calls, by name, with their selector and word count. */
export const SWAP_CALLS = {
  erc20Payment: { selector: selectorOf('erc20Payment(bytes32,uint256,address,address,bytes20,uint64)'), words: 6 },
  receiverSpend: { selector: selectorOf('receiverSpend(bytes32,uint256,bytes32,address,address)'), words: 5 },
  senderRefund: { selector: selectorOf('senderRefund(bytes32,uint256,bytes20,address,address)'), words: 5 },
} as const;
export type SwapCallName = keyof typeof SWAP_CALLS;

const PAYMENTS_SELECTOR = selectorOf('payments(bytes32)');

/** The contract's events (KDF's `QRC20_*_TOPIC`): each is logged with this single topic. */
export const PAYMENT_SENT_TOPIC = topicOf('PaymentSent(bytes32)');
export const RECEIVER_SPENT_TOPIC = topicOf('ReceiverSpent(bytes32,bytes32)');
export const SENDER_REFUNDED_TOPIC = topicOf('SenderRefunded(bytes32)');

/** The contract's `PaymentState`. */
export const PAYMENT_STATE = { Uninitialized: 0n, PaymentSent: 1n, ReceiverSpent: 2n, SenderRefunded: 3n } as const;

const MAX_U32 = 0xffff_ffff;

/** KDF's `qrc20_swap_id`: sha256 of the lock time (u32 little-endian) and the secret hash. */
export function swapId(timeLock: number, secretHash: Uint8Array): Uint8Array {
  if (!Number.isInteger(timeLock) || timeLock < 0 || timeLock > MAX_U32) throw new RangeError(`lock time ${timeLock} is not a u32`);
  const le = new Uint8Array(4);
  new DataView(le.buffer).setUint32(0, timeLock, true);
  return sha256(concatBytes(le, secretHash));
}

function uintWord(n: bigint): Uint8Array {
  if (n < 0n || n >= 1n << 256n) throw new RangeError('a uint256 is 0 ≤ n < 2^256');
  const w = new Uint8Array(32);
  let rest = n;
  for (let i = 31; i >= 0 && rest > 0n; i--, rest >>= 8n) w[i] = Number(rest & 0xffn);
  return w;
}

/** An address right-aligned, as `address` is encoded. */
function addressWord(address: Uint8Array): Uint8Array {
  if (address.length !== 20) throw new RangeError(`an address has 20 bytes, got ${address.length}`);
  const w = new Uint8Array(32);
  w.set(address, 12);
  return w;
}

/** Fixed bytes left-aligned, as `bytes20` / `bytes32` are encoded. */
function fixedWord(bytes: Uint8Array, size: 20 | 32): Uint8Array {
  if (bytes.length !== size) throw new RangeError(`a bytes${size} has ${size} bytes, got ${bytes.length}`);
  const w = new Uint8Array(32);
  w.set(bytes, 0);
  return w;
}

export interface Erc20PaymentCall {
  id: Uint8Array;
  amount: bigint;
  token: Uint8Array;
  receiver: Uint8Array;
  secretHash: Uint8Array;
  lockTime: bigint;
}

export interface ReceiverSpendCall {
  id: Uint8Array;
  amount: bigint;
  secret: Uint8Array;
  token: Uint8Array;
  sender: Uint8Array;
}

export interface SenderRefundCall {
  id: Uint8Array;
  amount: bigint;
  secretHash: Uint8Array;
  token: Uint8Array;
  receiver: Uint8Array;
}

export function encodeErc20Payment(c: Erc20PaymentCall): Uint8Array {
  return concatBytes(
    SWAP_CALLS.erc20Payment.selector,
    fixedWord(c.id, 32),
    uintWord(c.amount),
    addressWord(c.token),
    addressWord(c.receiver),
    fixedWord(c.secretHash, 20),
    uintWord(c.lockTime),
  );
}

export function encodeReceiverSpend(c: ReceiverSpendCall): Uint8Array {
  return concatBytes(SWAP_CALLS.receiverSpend.selector, fixedWord(c.id, 32), uintWord(c.amount), fixedWord(c.secret, 32), addressWord(c.token), addressWord(c.sender));
}

export function encodeSenderRefund(c: SenderRefundCall): Uint8Array {
  return concatBytes(SWAP_CALLS.senderRefund.selector, fixedWord(c.id, 32), uintWord(c.amount), fixedWord(c.secretHash, 20), addressWord(c.token), addressWord(c.receiver));
}

export const encodePayments = (id: Uint8Array): Uint8Array => concatBytes(PAYMENTS_SELECTOR, fixedWord(id, 32));

/** Which swap call the data makes (by selector), or null. */
export function swapCallName(callData: Uint8Array): SwapCallName | null {
  if (callData.length < 4) return null;
  const head = bytesToHex(callData.subarray(0, 4));
  for (const name of Object.keys(SWAP_CALLS) as SwapCallName[]) if (bytesToHex(SWAP_CALLS[name].selector) === head) return name;
  return null;
}

const allZero = (b: Uint8Array): boolean => b.every((x) => x === 0);

/** The words of call `name`, or null when the data is not exactly that call. */
function wordsOf(callData: Uint8Array, name: SwapCallName): Uint8Array[] | null {
  const { words } = SWAP_CALLS[name];
  if (swapCallName(callData) !== name || callData.length !== 4 + 32 * words) return null;
  return Array.from({ length: words }, (_, i) => callData.subarray(4 + 32 * i, 36 + 32 * i));
}

const uintOf = (w: Uint8Array): bigint => BigInt(`0x${bytesToHex(w)}`);
const addressOf = (w: Uint8Array): Uint8Array | null => (allZero(w.subarray(0, 12)) ? w.slice(12) : null);
const bytes20Of = (w: Uint8Array): Uint8Array | null => (allZero(w.subarray(20)) ? w.slice(0, 20) : null);

export function decodeErc20Payment(callData: Uint8Array): Erc20PaymentCall | null {
  const w = wordsOf(callData, 'erc20Payment');
  if (!w) return null;
  const [id, amount, token, receiver, secretHash, lockTime] = w as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  const t = addressOf(token);
  const r = addressOf(receiver);
  const h = bytes20Of(secretHash);
  if (!t || !r || !h || !allZero(lockTime.subarray(0, 24))) return null;
  return { id: id.slice(), amount: uintOf(amount), token: t, receiver: r, secretHash: h, lockTime: uintOf(lockTime) };
}

export function decodeReceiverSpend(callData: Uint8Array): ReceiverSpendCall | null {
  const w = wordsOf(callData, 'receiverSpend');
  if (!w) return null;
  const [id, amount, secret, token, sender] = w as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  const t = addressOf(token);
  const s = addressOf(sender);
  if (!t || !s) return null;
  return { id: id.slice(), amount: uintOf(amount), secret: secret.slice(), token: t, sender: s };
}

/** The first argument of any swap call: the payment id, or null when the data is not one. */
export function swapIdOfCall(callData: Uint8Array): Uint8Array | null {
  const name = swapCallName(callData);
  return name && wordsOf(callData, name) ? callData.slice(4, 36) : null;
}

/**
 * The state in a `payments(id)` answer (`bytes20 paymentHash, uint64 lockTime, uint8 state`, the
 * third word, as KDF reads `decoded[2]`); null for an answer that is not those three words.
 */
export function decodePaymentState(output: Uint8Array): bigint | null {
  if (output.length !== 96) return null;
  const state = output.subarray(64, 96);
  if (!allZero(state.subarray(0, 31))) return null;
  return BigInt(state[31]!);
}
