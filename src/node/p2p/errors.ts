/**
 * The p2p adapter's typed errors. Library failures (libp2p, bad bytes from peers) are translated
 * here at the edge so callers can tell "malformed input" from "network trouble" by class.
 */
import { MmError } from '../core/errors';

/** Bytes that are not the msgpack (or the rmp-serde shape) expected, or a value msgpack cannot carry. */
export class MsgpackError extends MmError {
  /** Where in the value it went wrong, `$` being the root (`$[2]{0}` = variant 0 of the third field). */
  readonly path: string;

  constructor(path: string, reason: string) {
    const message = `msgpack: ${reason} at ${path}`;
    super({ errorType: 'MsgpackError', message, errorData: message, httpStatus: 500 });
    this.name = 'MsgpackError';
    this.path = path;
  }
}

export type EnvelopeErrorReason = 'encoding' | 'pubkey' | 'signature';

/** A signed envelope that does not decode, carries an unusable public key, or whose signature fails. */
export class EnvelopeError extends MmError {
  readonly reason: EnvelopeErrorReason;

  constructor(reason: EnvelopeErrorReason, message: string, cause?: unknown) {
    super({ errorType: 'InvalidSignedMessage', message, errorData: message, httpStatus: 500, cause });
    this.name = 'EnvelopeError';
    this.reason = reason;
  }
}

/** Transport trouble (start-up, a stopped node, a peer that broke a stream), with the library error as cause. */
export function p2pError(message: string, cause?: unknown): MmError {
  return new MmError({ errorType: 'P2PError', message, errorData: message, httpStatus: 500, cause });
}

/**
 * A readable message for anything thrown or emitted: libp2p rejects with Errors, AggregateErrors
 * (one per address tried) and, from WebSockets, plain event objects, which `String()` would turn
 * into `[object Object]`.
 */
export function errorMessage(e: unknown): string {
  if (e instanceof AggregateError && e.errors.length > 0) {
    return `${e.message || 'all attempts failed'}: ${e.errors.map(errorMessage).join('; ')}`;
  }
  if (e instanceof Error) return e.message || e.name;
  if (typeof e === 'object' && e !== null) {
    const o = e as { message?: unknown; error?: unknown; type?: unknown };
    if (typeof o.message === 'string' && o.message) return o.message;
    if (o.error !== undefined && o.error !== e) return errorMessage(o.error);
    if (typeof o.type === 'string') return `${o.type} event`;
    try {
      return JSON.stringify(e);
    } catch {
      return Object.prototype.toString.call(e);
    }
  }
  return String(e);
}
