/**
 * A history entry as stored in the wallet's `tx_history` database, version 2: KDF's
 * TransactionDetails with a `v` field, amounts as the exact decimal strings the wire shows. Read
 * back validated, never cast. Older versions are moved forward when read: version 0 (the same
 * fields without `v`) and version 1 lack `memo` and the EVM fee's max fees per gas, which read as
 * null (what KDF reports for the transactions those versions stored). A record that cannot be read
 * is reported and skipped (and fetched again by the next sync).
 */
import { items, ParamError, ParamReader } from '../../shared/params';
import type { StoredTx } from '../storage';
import type { FeeDetails, TransactionDetails } from './coin';

export const TX_RECORD_VERSION = 2;

export type TxRecord = TransactionDetails & { v: typeof TX_RECORD_VERSION };

/** An event per stored record that could not be read: `{db, table, key, error}`. */
export { UNREADABLE_RECORDS_EVENT } from '../../shared/wire';

export function txToRecord(d: TransactionDetails): TxRecord {
  return { v: TX_RECORD_VERSION, ...d, from: [...d.from], to: [...d.to], feeDetails: { ...d.feeDetails } };
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

function decimal(r: ParamReader, name: string): string {
  const v = r.str(name);
  if (!DECIMAL.test(v)) throw new ParamError(r.field(name), `\`${r.field(name)}\` is not a decimal amount`);
  return v;
}

/** A field that may be null: present from version 2 on, absent (so null) in older records. */
function nullable<T>(r: ParamReader, name: string, version: number, read: () => T): T | null {
  const v = r.raw(name);
  if (v === null || (v === undefined && version < 2)) return null;
  return read();
}

function feeIn(r: ParamReader, version: number): FeeDetails {
  const type = r.oneOf('type', ['Utxo', 'Eth', 'Qrc20'] as const);
  const coin = r.str('coin');
  if (type === 'Utxo') return { type, coin, amount: decimal(r, 'amount') };
  if (type === 'Eth') {
    return {
      type,
      coin,
      gas: r.uint('gas'),
      gasPrice: decimal(r, 'gasPrice'),
      maxFeePerGas: nullable(r, 'maxFeePerGas', version, () => decimal(r, 'maxFeePerGas')),
      maxPriorityFeePerGas: nullable(r, 'maxPriorityFeePerGas', version, () => decimal(r, 'maxPriorityFeePerGas')),
      totalFee: decimal(r, 'totalFee'),
    };
  }
  return {
    type,
    coin,
    minerFee: decimal(r, 'minerFee'),
    gasLimit: r.uint('gasLimit'),
    gasPrice: r.uint('gasPrice'),
    totalGasFee: decimal(r, 'totalGasFee'),
  };
}

/** The entry a stored record holds; throws ParamError naming the first bad field. */
export function txFromRecord(raw: unknown): TransactionDetails {
  const r = new ParamReader(raw, 'details');
  const version = recordVersion(r);
  if (r.str('transactionType') !== 'StandardTransfer') throw new ParamError(r.field('transactionType'), 'unknown transaction type');
  return {
    txHex: r.str('txHex'),
    txHash: r.str('txHash'),
    from: r.arr('from', items.str),
    to: r.arr('to', items.str),
    totalAmount: decimal(r, 'totalAmount'),
    spentByMe: decimal(r, 'spentByMe'),
    receivedByMe: decimal(r, 'receivedByMe'),
    myBalanceChange: decimal(r, 'myBalanceChange'),
    blockHeight: r.uint('blockHeight'),
    timestamp: r.uint('timestamp'),
    feeDetails: feeIn(r.obj_('feeDetails'), version),
    coin: r.str('coin'),
    internalId: r.str('internalId'),
    transactionType: 'StandardTransfer',
    memo: nullable(r, 'memo', version, () => r.str('memo')),
    // KMD only, and absent from records stored before rewards were reported.
    ...(r.has('kmdRewards') ? { kmdRewards: kmdRewardsIn(r.obj_('kmdRewards')) } : {}),
  };
}

function kmdRewardsIn(r: ParamReader): { amount: string; claimedByMe: boolean } {
  return { amount: decimal(r, 'amount'), claimedByMe: r.bool('claimedByMe') };
}

/** 0 for a record without `v`. */
function recordVersion(r: ParamReader): number {
  const v = r.raw('v');
  if (v === undefined) return 0;
  if (v !== 1 && v !== TX_RECORD_VERSION) throw new ParamError(r.field('v'), `unknown record version ${JSON.stringify(v)}`);
  return v;
}

export interface ReadHistory {
  /** The readable entries by internal id, with the height they were stored at. */
  entries: Map<string, { details: TransactionDetails; blockHeight: number }>;
  unreadable: { key: string; error: string }[];
  /** Readable records of an older version, in the current one, for writing back. */
  migrated: StoredTx<TxRecord>[];
}

/** Reads a coin's stored records; a record whose key does not match its content is unreadable too. */
export function readTxRecords(records: readonly StoredTx<unknown>[]): ReadHistory {
  const entries: ReadHistory['entries'] = new Map();
  const unreadable: ReadHistory['unreadable'] = [];
  const migrated: ReadHistory['migrated'] = [];
  for (const record of records) {
    try {
      const details = txFromRecord(record.details);
      if (details.internalId !== record.internal_id) throw new ParamError('details.internalId', 'differs from the record key');
      entries.set(record.internal_id, { details, blockHeight: record.block_height });
      if ((record.details as { v?: unknown }).v !== TX_RECORD_VERSION) migrated.push({ ...record, details: txToRecord(details) });
    } catch (e) {
      unreadable.push({ key: `${record.coin}/${record.internal_id}`, error: (e as Error).message });
    }
  }
  return { entries, unreadable, migrated };
}

/** Reports what `readTxRecords` could not read, once per record, as a log line and an event. */
export class UnreadableTxRecords {
  private readonly seen = new Set<string>();

  constructor(private readonly report: (line: string, data: Record<string, unknown>) => void) {}

  add(unreadable: ReadHistory['unreadable']): void {
    for (const { key, error } of unreadable) {
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.report(`skipped the unreadable history record ${key}: ${error}`, { db: 'tx_history', table: 'tx_history', key, error, total: this.seen.size });
    }
  }

  get count(): number {
    return this.seen.size;
  }
}
