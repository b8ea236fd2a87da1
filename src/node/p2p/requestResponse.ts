/**
 * KDF's request-response protocol on js-libp2p streams: one stream per request, one
 * length-prefixed frame each way, the writer closing its side after its frame (as rust-libp2p's
 * request-response does). What the bodies mean is up to the caller (peerRequest.ts).
 */
import type { Libp2p, PeerId, Stream } from '@libp2p/interface';
import { deadline } from './abort';
import { errorMessage, p2pError } from './errors';
import { encodeFrame, readFrame } from './framing';

export const REQUEST_RESPONSE_PROTOCOL = '/request-response/2';
/** KDF's request timeout (`build_request_response_behaviour`). */
export const REQUEST_TIMEOUT_MS = 10_000;

/** Produces the response body for a request body from `peer`; `signal` aborts when the requester's time is up. */
export type Answer = (body: Uint8Array, peer: PeerId, signal: AbortSignal) => Promise<Uint8Array>;

/** Resets the stream when `signal` aborts, which ends any read on it with an error. */
function abortOn(stream: Stream, signal: AbortSignal): () => void {
  const onAbort = (): void => stream.abort(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}

/** Sends one request body to `peer` and reads the response body; throws P2PError on any failure. */
export async function exchange(libp2p: Libp2p, peer: PeerId, body: Uint8Array, timeoutMs: number, parent?: AbortSignal): Promise<Uint8Array> {
  const d = deadline(timeoutMs, parent, `request to ${peer.toString()}`);
  let stream: Stream | undefined;
  let detach = (): void => undefined;
  try {
    stream = await libp2p.dialProtocol(peer, REQUEST_RESPONSE_PROTOCOL, { signal: d.signal });
    detach = abortOn(stream, d.signal);
    stream.send(encodeFrame(body));
    await stream.close({ signal: d.signal });
    return await readFrame(stream);
  } catch (e) {
    stream?.abort(e instanceof Error ? e : new Error(errorMessage(e)));
    throw p2pError(`request to ${peer.toString()} failed: ${errorMessage(e)}`, e);
  } finally {
    detach();
    d.clear();
  }
}

/** Serves the protocol: each inbound stream's request body goes to `answer`, whose result is sent back. */
export async function serve(libp2p: Libp2p, answer: Answer, onError: (e: unknown) => void): Promise<void> {
  await libp2p.handle(REQUEST_RESPONSE_PROTOCOL, async (stream, connection) => {
    const d = deadline(REQUEST_TIMEOUT_MS, undefined, 'answering a request');
    const detach = abortOn(stream, d.signal);
    try {
      const body = await readFrame(stream);
      const reply = await answer(body, connection.remotePeer, d.signal);
      stream.send(encodeFrame(reply));
      await stream.close({ signal: d.signal });
    } catch (e) {
      stream.abort(e instanceof Error ? e : new Error(errorMessage(e)));
      onError(e);
    } finally {
      detach();
      d.clear();
    }
  });
}
