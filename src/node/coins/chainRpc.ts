/**
 * Chain reads over mmrpc, as KDF serves them: `get_raw_transaction` (the signed bytes of any
 * transaction by hash, UTXO from Electrum, EVM re-encoded from the node's description) and
 * `get_current_mtp` (UTXO: the median time of the last `mtp_block_count` headers).
 */
import type { NodeContext } from '../core/context';
import { MmError } from '../core/errors';
import type { HandlerTable } from '../core/handler';
import type { ParamReader } from '../../shared/params';
import { mmrpcCoin } from './coinLookup';
import { encodeRpcTx } from './eth/txCodec';
import { coinFamily, type CoinFamily } from './walletKeys';
import { errorMessage } from '../../shared/errorChain';

/** KDF's `RawTransactionError` variants used here, with their statuses. */
const rawTxError = {
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

const mtpError = {
  noSuchCoin: (reason: string): MmError => new MmError({ errorType: 'NoSuchCoin', message: reason, errorData: reason, httpStatus: 404 }),
  notSupportedCoin: (coin: string): MmError =>
    new MmError({
      errorType: 'NotSupportedCoin',
      message: `Requested coin: ${coin}; is not supported for this action.`,
      errorData: coin,
      httpStatus: 400,
    }),
  rpc: (reason: string, cause?: unknown): MmError => new MmError({ errorType: 'RpcError', message: reason, errorData: reason, httpStatus: 500, cause }),
};

/** 32 bytes as 64 hex digits; `hash` is never echoed whole (it may be anything a client sent). */
function readHash(hash: string): string {
  if (/^[0-9a-fA-F]{64}$/.test(hash)) return hash.toLowerCase();
  const shown = hash.length > 80 ? `${hash.slice(0, 80)}…` : hash;
  throw rawTxError.invalidHash(`'${shown}' is not a 32-byte hash: expected 64 hex digits, got ${hash.length} characters`);
}

/** Every failure to read the chain reaches the client as `Transport`, as in KDF. */
function asTransport(e: unknown): MmError {
  if (e instanceof MmError && e.errorType === 'Transport') return e;
  return rawTxError.transport(errorMessage(e), e);
}

async function rawTransactionHex(family: CoinFamily, txHash: string): Promise<string> {
  if (family.kind === 'utxo') {
    const txid = readHash(txHash);
    const hex = await family.coin.api.rawTransaction(txid).catch((e: unknown) => Promise.reject(asTransport(e)));
    // KDF answers an unknown UTXO transaction with the Electrum server's error, as Transport.
    if (hex === null) throw rawTxError.transport(`the Electrum server does not know transaction ${txid}`);
    return hex.toLowerCase();
  }
  const hash = `0x${readHash(txHash.startsWith('0x') ? txHash.slice(2) : txHash)}`;
  const tx = await family.coin.chain.api.transaction(hash).catch((e: unknown) => Promise.reject(asTransport(e)));
  if (!tx) throw rawTxError.hashNotExist(hash);
  return encodeRpcTx(tx).hex;
}

async function getRawTransaction(ctx: NodeContext, params: ParamReader): Promise<unknown> {
  const ticker = params.str('coin');
  const txHash = params.str('tx_hash');
  const coin = mmrpcCoin(ctx, ticker, () => rawTxError.noSuchCoin(ticker));
  const family = coinFamily(coin);
  if (!family) throw rawTxError.notImplemented(ticker);
  return { tx_hex: await rawTransactionHex(family, txHash) };
}

/** KDF's `median` (common.rs): the middle value, or the floor of the mean of the two middle ones. */
export function medianTime(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0 ? Math.floor((sorted[mid - 1]! + sorted[mid]!) / 2) : sorted[mid]!;
}

/**
 * KDF's Electrum `get_median_time_past`: the `count` headers ending at the tip (from 0 while the
 * chain is shorter than that).
 */
async function getCurrentMtp(ctx: NodeContext, params: ParamReader): Promise<unknown> {
  const ticker = params.str('coin');
  const family = coinFamily(mmrpcCoin(ctx, ticker, mtpError.noSuchCoin));
  if (family?.kind !== 'utxo') throw mtpError.notSupportedCoin(ticker);
  const { coin } = family;
  const count = coin.utxo.mtpBlockCount;
  const tip = coin.height;
  const from = tip <= count ? 0 : tip - count + 1;
  let times: number[];
  try {
    times = await coin.api.headerTimes(from, count);
  } catch (e) {
    throw mtpError.rpc(errorMessage(e), e);
  }
  if (times.length === 0) throw mtpError.rpc('Server returned zero count');
  return { mtp: medianTime(times) };
}

export const chainHandlers: HandlerTable = {
  get_raw_transaction: { mmrpc: getRawTransaction },
  get_current_mtp: { mmrpc: getCurrentMtp },
};
