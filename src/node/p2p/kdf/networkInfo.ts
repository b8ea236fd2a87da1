/**
 * KDF's network-info peer requests (`mm2_p2p/src/application/request_response`): variant 1 of
 * `P2PRequest`, `NetworkInfo(NetworkInfoRequest)`, next to the orders' variant 0. They belong to
 * the network layer, as in KDF's mm2_p2p, so this node answers them itself:
 * `GetPeerUtcTimestamp` with its clock in whole seconds (a msgpack u64), which KDF asks every
 * peer right after connecting (peerClock.ts). `GetMm2Version` gets `None`: this is not KDF.
 */
import { decodeMsgpack, encodeMsgpack, MsgpackError, readNil, readUint, readVariant, variant } from '../msgpack';

/** `P2PRequest::NetworkInfo`. */
const P2P_NETWORK_INFO = 1;
const REQUESTS = ['GetMm2Version', 'GetPeerUtcTimestamp'] as const;

export type NetworkInfoRequest = (typeof REQUESTS)[number];

export function encodeNetworkInfoRequest(req: NetworkInfoRequest): Uint8Array {
  return encodeMsgpack(variant(P2P_NETWORK_INFO, variant(REQUESTS.indexOf(req))));
}

/**
 * The network-info request in a `P2PRequest`, or null when it is another variant (the orders').
 * Throws MsgpackError when it is not a P2PRequest, or a network-info request of an unknown kind.
 */
export function decodeNetworkInfoRequest(payload: Uint8Array): NetworkInfoRequest | null {
  const outer = readVariant(decodeMsgpack(payload), '$');
  if (outer.index !== P2P_NETWORK_INFO) return null;
  const inner = readVariant(outer.value, outer.path);
  const req = REQUESTS[inner.index];
  if (!req) throw new MsgpackError(inner.path, `unknown NetworkInfoRequest variant ${inner.index}`);
  readNil(inner.value, inner.path);
  return req;
}

/** The answer to `GetPeerUtcTimestamp`: seconds since the epoch as a msgpack integer. */
export function encodeUtcTimestamp(nowMs: number): Uint8Array {
  return encodeMsgpack(Math.floor(nowMs / 1000));
}

/** Seconds since the epoch from a `GetPeerUtcTimestamp` answer; throws MsgpackError on anything else. */
export function decodeUtcTimestamp(bytes: Uint8Array): number {
  return readUint(decodeMsgpack(bytes), '$');
}
