/**
 * Transactions as the node reports them (KDF's TransactionDetails), and what the page derives from
 * them: exact amounts (decimal strings, computed with MmNumber, never floats), directions, CSV.
 */
import type { LegacyResult } from '../../shared/contract';
import { isRecord } from '../../shared/guards';
import { MmNumber } from '../../shared/number';

/**
 * KDF's `TxFeeDetails` as the page's readers take it: any variant, QRC20's (`Qrc20FeeDetails`)
 * included, which the recorded shapes (`FeeDetails` of tests/fixtures/kdf-shapes) do not list.
 */
export interface FeeDetails {
  type: string;
  coin?: string;
  amount?: string;
  /** Eth: the gas limit. */
  gas?: number;
  /** Eth: the platform coin per unit of gas (the max fee of an EIP-1559 transaction); Qrc20: satoshis of QTUM per gas. */
  gas_price?: string | number;
  /** Eth, EIP-1559: the platform coin per gas at most, and the tip; null for a legacy gas price. */
  max_fee_per_gas?: string | null;
  max_priority_fee_per_gas?: string | null;
  total_fee?: string;
  /** Qrc20: the QTUM the contract call burns as gas at most (gas limit × gas price). */
  total_gas_fee?: string;
  /** Qrc20: the transaction's QTUM miner fee, paid beside the gas. */
  miner_fee?: string;
  /** Qrc20: the gas offered, and satoshis of QTUM per gas. */
  gas_limit?: number;
}

/**
 * What the page's readers need of a transaction (`withdraw`'s answer, a history row): the
 * contract's `TransactionDetails` is assigned to it, so a field renamed there fails to compile here.
 */
export interface TransactionDetails {
  tx_hex?: string;
  tx_hash: string;
  from: string[];
  to: string[];
  total_amount: string;
  spent_by_me: string;
  received_by_me: string;
  my_balance_change: string;
  block_height: number;
  timestamp: number;
  fee_details?: FeeDetails;
  coin: string;
  internal_id?: string;
  transaction_type?: unknown;
  /** KMD only: the rewards (interest) the transaction claims. */
  kmd_rewards?: { amount: string; claimed_by_me: boolean };
}

/** `my_tx_history`'s `result` (KDF's `MyTxHistoryResponse`), its rows and its sync status. */
export type TxHistoryPage = LegacyResult<'my_tx_history'>['result'];
export type HistoryTransaction = TxHistoryPage['transactions'][number];
export type SyncStatus = TxHistoryPage['sync_status'];

/** A field of the sync status's `additional_info`, whose shape KDF leaves open (`transactions_left`, `error`). */
export function syncInfo(status: SyncStatus, key: string): unknown {
  return 'additional_info' in status && isRecord(status.additional_info) ? status.additional_info[key] : undefined;
}

/** The fee amount of any fee_details variant, as given; a Qrc20 fee is its miner fee plus its gas. */
export function feeAmount(f: FeeDetails | undefined): string {
  if (!f) return '0';
  if (f.type === 'Qrc20') {
    const total = num(f.miner_fee ?? '')?.add(num(f.total_gas_fee ?? '') ?? MmNumber.ZERO);
    if (total) return total.toDecimalString();
  }
  return f.amount ?? f.total_fee ?? f.total_gas_fee ?? '0';
}

function num(s: string): MmNumber | null {
  try {
    return MmNumber.parse(s);
  } catch {
    return null;
  }
}

/** The coin a transaction's fee is paid in: the platform coin for tokens, else the coin itself. */
export function feeCoin(tx: TransactionDetails): string {
  return tx.fee_details?.coin ?? tx.coin;
}

/**
 * What leaves the wallet for other addresses: spent − received back − fee (the fee only when it
 * is paid in the same coin, not a token's gas in its platform coin). Exact; falls back to the
 * node's `total_amount` when a field is unreadable.
 */
export function amountSent(tx: TransactionDetails): string {
  const spent = num(tx.spent_by_me);
  const back = num(tx.received_by_me);
  const fee = feeCoin(tx) === tx.coin ? num(feeAmount(tx.fee_details)) : MmNumber.ZERO;
  if (!spent || !back || !fee) return tx.total_amount;
  const sent = spent.sub(back).sub(fee);
  return (sent.isNegative() ? MmNumber.ZERO : sent).toDecimalString();
}

export type Direction = 'in' | 'out' | 'self';

export function direction(myBalanceChange: string): Direction {
  const n = num(myBalanceChange);
  if (!n) return myBalanceChange.trim().startsWith('-') ? 'out' : 'in';
  if (n.isNegative()) return 'out';
  if (n.isZero()) return 'self';
  return 'in';
}

/** A signed amount for display: "+1.5" or "−0.2" (the node's digits unchanged). */
export function signedAmount(myBalanceChange: string): string {
  const s = myBalanceChange.trim();
  if (s.startsWith('-')) return `−${s.slice(1)}`;
  if (s.startsWith('+') || direction(s) === 'self') return s;
  return `+${s}`;
}

/** A positive decimal typed by the user: digits, optional dot and digits; not zero. */
export function amountInputError(raw: string, what = 'amount'): string | null {
  const s = raw.trim();
  if (s === '') return `Enter the ${what}.`;
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(s)) return `The ${what} must be a number such as 0.5 (use a dot for decimals).`;
  const n = num(s);
  if (!n || !n.isPositive()) return `The ${what} must be greater than zero.`;
  return null;
}

/** A fee amount typed by the user: like an amount, zero allowed. */
export function feeInputError(raw: string): string | null {
  const s = raw.trim();
  if (s === '') return 'Enter the fee amount.';
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(s)) return 'The fee must be a number such as 0.0001 (use a dot for decimals).';
  return null;
}

/** A gas price typed in gwei: a positive decimal with at most 9 decimals (1 gwei = 10⁹ wei). */
export function gasPriceInputError(raw: string): string | null {
  const e = amountInputError(raw, 'gas price');
  if (e !== null) return e;
  const frac = raw.trim().split('.')[1] ?? '';
  return frac.length > 9 ? 'The gas price has at most 9 decimals in gwei (1 wei).' : null;
}

/** A gas limit: a whole number from 21000 (a plain transfer) to 30000000 (a block). */
export function gasLimitInputError(raw: string): string | null {
  const s = raw.trim();
  if (s === '') return 'Enter the gas limit.';
  if (!/^\d+$/.test(s)) return 'The gas limit is a whole number of gas units, such as 21000.';
  const n = Number(s);
  if (n < 21000 || n > 30_000_000) return 'The gas limit must be between 21000 and 30000000.';
  return null;
}

/** An amount of the platform coin per gas (fee_details.gas_price) in gwei; null when unreadable. */
export function toGwei(coinPerGas: string): string | null {
  const n = num(coinPerGas);
  return n ? n.mul(MmNumber.of(1_000_000_000n)).toDecimalString() : null;
}

/** The negation of a decimal string, exactly; null when unreadable. */
export function negDecimal(a: string): string | null {
  return num(a)?.neg().toDecimalString() ?? null;
}

/** `a + b` and `a − b` of decimal strings, exactly; null when either is unreadable. */
export function addDecimals(a: string, b: string): string | null {
  const x = num(a);
  const y = num(b);
  return x && y ? x.add(y).toDecimalString() : null;
}

export function subDecimals(a: string, b: string): string | null {
  const x = num(a);
  const y = num(b);
  return x && y ? x.sub(y).toDecimalString() : null;
}

export function isZeroDecimal(a: string): boolean {
  return num(a)?.isZero() ?? false;
}

/** Unix seconds → ISO 8601 (UTC); empty when the node gave no time. */
export function isoTime(ts: number): string {
  if (!Number.isFinite(ts) || ts <= 0) return '';
  return new Date(ts * 1000).toISOString();
}

export function localTime(ts: number): string {
  if (!Number.isFinite(ts) || ts <= 0) return '—';
  return new Date(ts * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function csvField(v: string | number): string {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const CSV_COLUMNS = [
  'date',
  'tx_hash',
  'my_balance_change',
  'fee',
  'fee_coin',
  'confirmations',
  'block_height',
  'from',
  'to',
] as const;

/** RFC 4180 CSV of the history (CRLF line ends, header first); addresses joined by spaces. */
export function historyCsv(txs: readonly HistoryTransaction[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const t of txs) {
    lines.push(
      [
        isoTime(t.timestamp),
        t.tx_hash,
        t.my_balance_change,
        feeAmount(t.fee_details),
        feeCoin(t),
        t.confirmations,
        t.block_height,
        t.from.join(' '),
        t.to.join(' '),
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function shortHash(h: string): string {
  return h.length > 20 ? `${h.slice(0, 10)}…${h.slice(-8)}` : h;
}
