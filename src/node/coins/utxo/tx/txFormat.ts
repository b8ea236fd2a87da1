/**
 * How a coin's transactions are laid out: Bitcoin's (bitcoinjs-lib) or Zcash's overwintered v3/v4
 * (zcashTx.ts, coins-file `overwintered: 1`). Every transaction the node builds or reads for a
 * coin goes through `newTx` and `parseTx` with the coin's format, so a Komodo transaction is never
 * read with Bitcoin's rules nor the other way round.
 */
import { Transaction } from 'bitcoinjs-lib';
import { hexToBytes } from '../../../crypto';
import { coinError } from '../../coinErrors';
import type { UtxoParams } from '../../config';
import { OVERWINTER_FLAG, TxDecodeError, ZCASH_VERSION_GROUP_ID, ZcashTransaction, type ZcashVersion } from './zcashTx';

export type TxFormat =
  | { kind: 'bitcoin'; version: number }
  | { kind: 'zcash'; version: ZcashVersion; versionGroupId: number; consensusBranchId: number };

/** The format of a coin whose layout this module serializes (sign.ts `plainLayout` refuses the others). */
export function txFormat(utxo: UtxoParams, ticker: string): TxFormat {
  if (!utxo.overwintered) return { kind: 'bitcoin', version: utxo.txversion };
  const version = utxo.txversion;
  if (version !== 3 && version !== 4) throw coinError.internal(`${ticker}: overwintered transactions of version ${version} are not supported (3 or 4)`);
  if (utxo.versionGroupId !== ZCASH_VERSION_GROUP_ID[version]) {
    throw coinError.internal(`${ticker}: version group id ${utxo.versionGroupId.toString(16)} is not version ${version}'s`);
  }
  return { kind: 'zcash', version, versionGroupId: utxo.versionGroupId, consensusBranchId: utxo.consensusBranchId };
}

/**
 * What the format's serialization adds to Bitcoin's, for size estimates: a Zcash transaction's
 * version group id and expiry height, v4's value balance and the empty shielded lists' counts.
 */
export function layoutBytes(format: TxFormat): number {
  if (format.kind === 'bitcoin') return 0;
  return format.version === 4 ? 4 + 4 + 8 + 3 : 4 + 4 + 1;
}

/** An empty transaction of the format, lock time 0 (and expiry height 0, as KDF builds them). */
export function newTx(format: TxFormat): Transaction {
  if (format.kind === 'zcash') return new ZcashTransaction(format.version, format.consensusBranchId);
  const tx = new Transaction();
  tx.version = format.version;
  return tx;
}

/**
 * One whole transaction of the format from its bytes or hex; anything else throws a
 * TxDecodeError (TxDeserializationError), bitcoinjs-lib's own refusals included.
 */
export function parseTx(raw: Uint8Array | string, format: TxFormat): Transaction {
  if (typeof raw === 'string' && !HEX.test(raw)) throw new TxDecodeError('not hex');
  const bytes = typeof raw === 'string' ? hexToBytes(raw) : raw;
  if (format.kind === 'zcash') return ZcashTransaction.parse(bytes, format.consensusBranchId, format);
  try {
    return Transaction.fromBuffer(bytes);
  } catch (e) {
    throw new TxDecodeError((e as Error).message);
  }
}

/**
 * A transaction of a Zcash-layout chain, which still holds the plain ones mined before Overwinter
 * (a KMD output may be that old): the Zcash layout when the header has the overwinter flag, with
 * its version's group id, Bitcoin's otherwise. Anything else throws a TxDecodeError.
 */
export function parseChainTx(raw: Uint8Array, consensusBranchId: number): Transaction {
  const header = raw.length >= 4 ? new DataView(raw.buffer, raw.byteOffset, 4).getUint32(0, true) : 0;
  if ((header & OVERWINTER_FLAG) !== 0) return ZcashTransaction.parse(raw, consensusBranchId);
  return parseTx(raw, { kind: 'bitcoin', version: 1 });
}

const HEX = /^([0-9a-f]{2})*$/i;
