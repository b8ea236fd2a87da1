/**
 * Errors of the coin RPCs, with KDF's variant names and statuses (`WithdrawError`,
 * lp_coins.rs): NoSuchCoin 404, Transport 502, InternalError 500, the rest 400.
 */
import { MmError } from '../core/errors';

export const coinError = {
  noSuchCoin: (coin: string): MmError =>
    new MmError({ errorType: 'NoSuchCoin', message: `No such coin ${coin}`, errorData: { coin }, httpStatus: 404 }),
  invalidFeePolicy: (reason: string): MmError =>
    new MmError({ errorType: 'InvalidFeePolicy', message: `Invalid fee policy: ${reason}`, errorData: reason, httpStatus: 400 }),
  invalidAddress: (reason: string): MmError =>
    new MmError({ errorType: 'InvalidAddress', message: `Invalid address: ${reason}`, errorData: reason, httpStatus: 400 }),
  transport: (reason: string, cause?: unknown): MmError =>
    new MmError({ errorType: 'Transport', message: `Transport error: ${reason}`, errorData: reason, httpStatus: 502, cause }),
  internal: (reason: string, cause?: unknown): MmError =>
    new MmError({ errorType: 'InternalError', message: `Internal error: ${reason}`, errorData: reason, httpStatus: 500, cause }),
  /** Activation failures are flat-format strings in KDF (`lp_coininit`). */
  activation: (message: string, cause?: unknown): MmError =>
    new MmError({ errorType: 'CoinActivationError', message, errorData: message, httpStatus: 500, cause }),
  /** KDF's flat "already initialized", which the page tells apart by its reason. */
  alreadyActivated: (ticker: string): MmError => {
    const message = `Coin ${ticker} already initialized`;
    return new MmError({ errorType: 'CoinActivationError', message, errorData: message, httpStatus: 500, pageReason: 'CoinAlreadyActive' });
  },
  unreachableNodes: (message: string, cause?: unknown): UnreachableNodesError => new UnreachableNodesError(message, cause),
};

/** An activation that failed because no node of the coin answered (KDF's `UnreachableNodes`): the v2 methods answer it as a Transport error. */
export class UnreachableNodesError extends MmError {
  constructor(message: string, cause?: unknown) {
    super({ errorType: 'CoinActivationError', message, errorData: message, httpStatus: 500, cause });
  }
}
