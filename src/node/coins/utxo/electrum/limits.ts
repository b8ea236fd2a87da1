/**
 * What one Electrum server can make the client hold or do, the same for every transport: a
 * WebSocket frame and a TCP line are both one message. Past a bound the connection is cut with
 * reason `over_limit` and its requests move to another server.
 */

/**
 * Largest message (a frame, or a line without its newline): Fulcrum's default `max_buffer`
 * (8 MB). A wallet's largest answers (a batch of transactions, 2016 headers) are far below it;
 * ElectrumX refuses to send more than 1 MB by default.
 */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/** Bytes sent and not yet taken by the server: requests are small, so only a server that stops reading fills it. */
export const MAX_QUEUED_BYTES = 8 * 1024 * 1024;

/**
 * Messages nobody asked for (notifications, answers to no pending request, unreadable lines)
 * allowed per window: an honest server notifies once per block and per changed address.
 */
export const MAX_UNSOLICITED_PER_WINDOW = 10_000;
export const UNSOLICITED_WINDOW_MS = 30_000;

export interface ConnectionLimits {
  maxMessageBytes: number;
  maxQueuedBytes: number;
  maxUnsolicitedPerWindow: number;
  unsolicitedWindowMs: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = {
  maxMessageBytes: MAX_MESSAGE_BYTES,
  maxQueuedBytes: MAX_QUEUED_BYTES,
  maxUnsolicitedPerWindow: MAX_UNSOLICITED_PER_WINDOW,
  unsolicitedWindowMs: UNSOLICITED_WINDOW_MS,
};
