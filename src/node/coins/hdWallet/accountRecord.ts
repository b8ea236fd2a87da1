/**
 * A coin's HD account as stored, version 1: KDF's `HDAccountStorageItem` without the xpub (the
 * node derives it again from the unlocked seed, and the database is the wallet's own). Reading
 * validates every field: a record is data from disk, and a bad one is skipped and counted rather
 * than trusted or allowed to stop the coin's activation.
 */
import { ParamError, ParamReader } from '../../../shared/params';
import type { StoredHdAccount } from '../../storage';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT, type Bip44Chain } from './path';

export const HD_ACCOUNT_RECORD_VERSION = 1;

export interface HdAccountState {
  accountId: number;
  /** Addresses 0..n-1 of each chain are known (KDF's `external_addresses_number` / `internal_addresses_number`). */
  known: Record<Bip44Chain, number>;
}

interface HdAccountRecordV1 extends StoredHdAccount {
  v: 1;
  external_addresses_number: number;
  internal_addresses_number: number;
}

export function toRecord(coin: string, account: HdAccountState): HdAccountRecordV1 {
  return {
    v: HD_ACCOUNT_RECORD_VERSION,
    coin,
    account_id: account.accountId,
    external_addresses_number: account.known.External,
    internal_addresses_number: account.known.Internal,
  };
}

function bounded(r: ParamReader, name: string, limit: number): number {
  const n = r.uint(name);
  if (n >= limit) throw new ParamError(r.field(name), `\`${r.field(name)}\` is ${n}, not below ${limit}`);
  return n;
}

/** One record back, or ParamError naming its first bad field. */
export function fromRecord(coin: string, raw: unknown): HdAccountState {
  const r = new ParamReader(raw, 'hd_account');
  if (r.raw('v') !== HD_ACCOUNT_RECORD_VERSION) throw new ParamError(r.field('v'), `unknown record version ${String(r.raw('v'))}`);
  if (r.str('coin') !== coin) throw new ParamError(r.field('coin'), `record of ${r.str('coin')} read as ${coin}`);
  return {
    accountId: bounded(r, 'account_id', ACCOUNT_LIMIT),
    known: {
      External: bounded(r, 'external_addresses_number', ADDRESS_LIMIT),
      Internal: bounded(r, 'internal_addresses_number', ADDRESS_LIMIT),
    },
  };
}

/** The coin's valid accounts by id, and how many records were skipped as unreadable. */
export function readAccounts(coin: string, raws: readonly unknown[]): { accounts: Map<number, HdAccountState>; skipped: number } {
  const accounts = new Map<number, HdAccountState>();
  let skipped = 0;
  for (const raw of raws) {
    try {
      const account = fromRecord(coin, raw);
      accounts.set(account.accountId, account);
    } catch (e) {
      if (!(e instanceof ParamError)) throw e;
      skipped += 1;
    }
  }
  return { accounts, skipped };
}
