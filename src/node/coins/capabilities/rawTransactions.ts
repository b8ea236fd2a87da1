/**
 * The signed bytes of any transaction of a coin's chain by its hash, for `get_raw_transaction`
 * (UTXO: from Electrum; EVM: re-encoded from the node's description of it), failing with KDF's
 * `RawTransactionError` variants below.
 */
import { MmError } from '../../core/errors';
import type { EnabledCoin } from '../coin';
import { errorMessage } from '../../../shared/errorChain';

export interface RawTransactions {
  /** Lowercase hex; throws `rawTxError.invalidHash`, `hashNotExist` or `transport`. */
  rawTransactionHex(txHash: string): Promise<string>;
}

export function hasRawTransactions(coin: EnabledCoin): coin is EnabledCoin & RawTransactions {
  return typeof (coin as Partial<RawTransactions>).rawTransactionHex === 'function';
}

/** KDF's `RawTransactionError` variants, with their statuses. */
export const rawTxError = {
  noSuchCoin: (coin: string): MmError =>
    new MmError({ errorType: 'NoSuchCoin', message: `No such coin ${coin}`, errorData: { coin }, httpStatus: 400 }),
  // KDF's message has the double space.
  invalidHash: (reason: string): MmError =>
    new MmError({ errorType: 'InvalidHashError', message: `Invalid  hash: ${reason}`, errorData: reason, httpStatus: 400 }),
  hashNotExist: (hash: string): MmError =>
    new MmError({ errorType: 'HashNotExist', message: `Hash does not exist: ${hash}`, errorData: hash, httpStatus: 400 }),
  transport: (reason: string, cause?: unknown): MmError =>
    new MmError({ errorType: 'Transport', message: `Transport error: ${reason}`, errorData: reason, httpStatus: 502, cause }),
  notImplemented: (coin: string): MmError =>
    new MmError({ errorType: 'NotImplemented', message: `Not implemented for this coin ${coin}`, errorData: { coin }, httpStatus: 501 }),
};

/** 32 bytes as 64 lowercase hex digits; `hash` is never echoed whole (it may be anything a client sent). */
export function readTxHash(hash: string): string {
  if (/^[0-9a-fA-F]{64}$/.test(hash)) return hash.toLowerCase();
  const shown = hash.length > 80 ? `${hash.slice(0, 80)}…` : hash;
  throw rawTxError.invalidHash(`'${shown}' is not a 32-byte hash: expected 64 hex digits, got ${hash.length} characters`);
}

/** Every failure to read the chain reaches the client as `Transport`, as in KDF. */
export function asTransport(e: unknown): MmError {
  if (e instanceof MmError && e.errorType === 'Transport') return e;
  return rawTxError.transport(errorMessage(e), e);
}
