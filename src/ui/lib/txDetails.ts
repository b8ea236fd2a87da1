/**
 * What a history row's details show: who paid whom, the amount and who paid the fee, and the
 * transaction's raw bytes as `get_raw_transaction` answers them. A receive's fee was paid by the
 * sender from the sender's inputs, so it is labelled as theirs and never shown as the wallet's cost.
 */
import type { Direction, TransactionDetails } from './transactions';
import { direction, feeAmount, feeCoin, isZeroDecimal } from './transactions';

export type FeeView =
  /** The wallet paid it (a send, or a transaction to itself). */
  | { payer: 'me'; amount: string; coin: string }
  /** A receive: the sender paid it; the amount is only informative. */
  | { payer: 'sender'; amount: string; coin: string }
  /** The node reported no fee. */
  | { payer: 'none' };

export function feeView(tx: TransactionDetails): FeeView {
  const amount = feeAmount(tx.fee_details);
  if (tx.fee_details === undefined || isZeroDecimal(amount)) return { payer: 'none' };
  const payer = direction(tx.my_balance_change) === 'in' ? 'sender' : 'me';
  return { payer, amount, coin: feeCoin(tx) };
}

/** The addresses of a side once each, in the node's order (a change output repeats the sender). */
export function uniqueAddresses(list: readonly string[]): string[] {
  return [...new Set(list)];
}

/** The amount the row is about, without its sign: what came in, went out, or 0 to oneself. */
export function unsignedAmount(myBalanceChange: string): string {
  const s = myBalanceChange.trim();
  return s.startsWith('-') || s.startsWith('+') ? s.slice(1) : s;
}

export function directionLabel(d: Direction): string {
  return d === 'in' ? 'Received' : d === 'out' ? 'Sent' : 'To yourself';
}

/** Block height as the node gives it: 0 (or less) while the transaction is in the mempool. */
export function blockText(height: number): string {
  return Number.isInteger(height) && height > 0 ? String(height) : 'Not in a block yet';
}

/** The largest raw transaction the page shows (a standard transaction is at most 400 kB). */
export const MAX_RAW_TX_HEX = 2 * 400_000;

/**
 * The hex of a `get_raw_transaction` result, checked before it is shown: an object with `tx_hex`,
 * an even number of hex digits, at most {@link MAX_RAW_TX_HEX}. Null for anything else.
 */
export function readRawTxHex(result: unknown): string | null {
  if (typeof result !== 'object' || result === null) return null;
  const hex = (result as { tx_hex?: unknown }).tx_hex;
  if (typeof hex !== 'string' || hex.length === 0 || hex.length > MAX_RAW_TX_HEX || hex.length % 2 !== 0) return null;
  return /^(0x)?[0-9a-fA-F]+$/.test(hex) ? hex.toLowerCase() : null;
}
