/** KDF's `DispatcherError` variants (mm2_main/src/rpc.rs), with their messages and HTTP statuses. */
import { MmError } from '../core/errors';

export const dispatcherError = {
  noSuchMethod: (): MmError => new MmError({ errorType: 'NoSuchMethod', message: 'No such method', httpStatus: 400 }),
  invalidRequest: (reason: string, cause?: unknown): MmError =>
    new MmError({
      errorType: 'InvalidRequest',
      message: `Error parsing request: ${reason}`,
      errorData: reason,
      httpStatus: 400,
      cause,
    }),
  invalidMmRpcVersion: (reason: string): MmError =>
    new MmError({
      errorType: 'InvalidMmRpcVersion',
      message: `Error parsing mmrpc version: ${reason}`,
      errorData: reason,
      httpStatus: 400,
    }),
  userpassIsNotSet: (): MmError =>
    new MmError({ errorType: 'UserpassIsNotSet', message: 'Userpass is not set!', httpStatus: 403 }),
  /** KDF's payload is its RateLimitError: `{error_type: "NbAttemptsLeft", error_data: n}`. */
  userpassIsInvalid: (attemptsLeft: number): MmError =>
    new MmError({
      errorType: 'UserpassIsInvalid',
      message: `Userpass is invalid! - Rate Limit attempts left: ${attemptsLeft}`,
      errorData: { error_type: 'NbAttemptsLeft', error_data: attemptsLeft },
      httpStatus: 403,
    }),
  /**
   * KDF's HTTP server has no body limit, so this variant is ours: status 413 and KDF's error shape,
   * the limit in `error_data`.
   */
  payloadTooLarge: (maxBytes: number): MmError =>
    new MmError({
      errorType: 'PayloadTooLarge',
      message: `Payload too large: the request is over ${maxBytes} bytes`,
      errorData: { max_bytes: maxBytes },
      httpStatus: 413,
    }),
  banned: (): MmError => new MmError({ errorType: 'Banned', message: 'Your ip is banned.', httpStatus: 403 }),
  notRunning: (): MmError =>
    new MmError({ errorType: 'NotRunning', message: 'The node is not running: unlock a wallet first', httpStatus: 503 }),
};
