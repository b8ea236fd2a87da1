/**
 * The seed answers KDF's request-response protocol for its peers without knowing any domain: it
 * has no orderbook of its own, so it passes each request on to the other peers that dialed it
 * (up to FANOUT of them, in parallel) and returns the first `Ok` answer, or `None` when nobody
 * has one. So a node that just joined gets, say, the orderbook from peers it has no connection to.
 *
 * Only peers that dialed the seed are asked, never the requester: seeds never dial out, so a
 * request cannot bounce between seeds, and normal nodes answer with their own handler only.
 * Each peer has a request budget (rateLimit.ts); past it, requests are refused with an error.
 * `GetPeerUtcTimestamp` is the exception: the seed answers it with its own clock, as KDF's seeds do,
 * outside the budget (which bounds what the seed passes on; the time is a number it just writes).
 */
import type { Libp2p, PeerId } from '@libp2p/interface';
import { decodePeerRequest, decodePeerResponse, encodePeerResponse } from '../../src/node/p2p/peerRequest';
import { errorMessage } from '../../src/node/p2p/errors';
import { decodeNetworkInfoRequest, encodeUtcTimestamp } from '../../src/node/p2p/kdf/networkInfo';
import { exchange, serve } from '../../src/node/p2p/requestResponse';
import { RequestBudgets } from './rateLimit';

/** How many peers one request goes to at most. */
export const FANOUT = 8;
/** Below the requester's 10 s, so the seed still has time to reply `None`. */
export const FORWARD_TIMEOUT_MS = 8_000;

export function forwardRequests(libp2p: Libp2p, log: (line: string) => void, now: () => number = Date.now, budgets = new RequestBudgets()): Promise<void> {
  libp2p.addEventListener('peer:disconnect', (evt) => budgets.forget(evt.detail.toString()));
  return serve(
    libp2p,
    async (body, from, signal) => {
      let req: Uint8Array;
      try {
        req = decodePeerRequest(body);
      } catch (e) {
        return encodePeerResponse({ kind: 'err', err: `malformed request: ${errorMessage(e)}` });
      }
      if (isTimeRequest(req)) return encodePeerResponse({ kind: 'ok', res: encodeUtcTimestamp(now()) });
      if (!budgets.take(from.toString())) return encodePeerResponse({ kind: 'err', err: 'too many requests' });
      return (await firstOk(libp2p, answerers(libp2p, from), body, signal)) ?? encodePeerResponse({ kind: 'none' });
    },
    (e) => log(`seednode: request not answered: ${errorMessage(e)}`),
  );
}

/** Peers that dialed the seed directly, other than the requester, in random order, at most FANOUT. */
function answerers(libp2p: Libp2p, requester: PeerId): PeerId[] {
  const peers = new Map<string, PeerId>();
  for (const c of libp2p.getConnections()) {
    if (c.direction === 'inbound' && c.status === 'open' && !c.limits && !c.remotePeer.equals(requester)) peers.set(c.remotePeer.toString(), c.remotePeer);
  }
  return [...peers.values()].sort(() => Math.random() - 0.5).slice(0, FANOUT);
}

/** The raw body of the first `Ok` response; the other requests are then aborted. */
async function firstOk(libp2p: Libp2p, peers: PeerId[], body: Uint8Array, signal: AbortSignal): Promise<Uint8Array | null> {
  const ctrl = new AbortController();
  const onAbort = (): void => ctrl.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.any(
      peers.map(async (peer) => {
        const raw = await exchange(libp2p, peer, body, FORWARD_TIMEOUT_MS, ctrl.signal);
        if (decodePeerResponse(raw).kind !== 'ok') throw new Error('no answer');
        return raw;
      }),
    );
  } catch {
    return null; // every peer failed or had nothing (AggregateError), or there were none
  } finally {
    signal.removeEventListener('abort', onAbort);
    ctrl.abort();
  }
}

function isTimeRequest(req: Uint8Array): boolean {
  try {
    return decodeNetworkInfoRequest(req) === 'GetPeerUtcTimestamp';
  } catch {
    return false; // forwarded as it is: the peers judge it
  }
}
