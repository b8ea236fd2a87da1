/** Turns MmErrors into the two wire forms: mmrpc 2.0 error envelopes and flat `{error}` bodies. */
import type { LegacyErrorBody, MmRpcErrorBody } from '../../shared/envelopes';
import type { ChannelError } from '../../shared/wire';
import { errorPath, errorTrace, type MmError, type TraceFrame } from '../core/errors';

/** One reply: the status and JSON body KDF would send. */
export interface Reply {
  status: number;
  body: unknown;
}

/** A reply and, for the page's worker channel, the typed error it reports. */
export interface Answer extends Reply {
  error?: ChannelError;
}

/** The reply alone, as HTTP sends it and as the node's tests compare it. */
export function replyOf(answer: Answer): Reply {
  return { status: answer.status, body: answer.body };
}

/** What the worker channel says of an error beside its JSON: the type, its data, and the page reason. */
export function channelError(err: MmError): ChannelError {
  const out: ChannelError = { type: err.errorType };
  if (err.errorData !== undefined) out.data = err.errorData;
  if (err.pageReason !== undefined) out.reason = err.pageReason;
  return out;
}

export function mmrpcErrorReply(err: MmError, frames: readonly TraceFrame[], id: number | null): Answer {
  const body: MmRpcErrorBody = {
    mmrpc: '2.0',
    error: err.message,
    error_path: errorPath(frames),
    error_trace: errorTrace(frames),
    error_type: err.errorType,
    id,
  };
  if (err.errorData !== undefined) body.error_data = err.errorData;
  return { status: err.httpStatus, body, error: channelError(err) };
}

/**
 * Flat errors are KDF's `ERRL!` strings: the trace, then the message, always with 500; a handler
 * that needs another status (cancel_order's 404) answers with a LegacyResponse instead.
 */
export function legacyErrorReply(err: MmError, frames: readonly TraceFrame[]): Answer {
  const trace = errorTrace(frames);
  const body: LegacyErrorBody = { error: trace ? `${trace} ${err.message}` : err.message };
  return { status: 500, body, error: channelError(err) };
}

/** `taskError` is the error of a task whose status `result` reports it. */
export function mmrpcSuccessReply(result: unknown, id: number | null, taskError?: MmError): Answer {
  const reply: Answer = { status: 200, body: { mmrpc: '2.0', result, id } };
  if (taskError) reply.error = channelError(taskError);
  return reply;
}

/** KDF's HTTP layer answers a body that is not JSON with a flat 500 and the parser's text, no trace. */
export function notJsonReply(e: SyntaxError): Reply {
  const body: LegacyErrorBody = { error: e.message };
  return { status: 500, body };
}
