/**
 * The bodies of KDF's request-response protocol (`mm2_p2p/src/request_response.rs`):
 * `PeerRequest { req: Vec<u8> }` and `enum PeerResponse { Ok { res: Vec<u8> }, None, Err { err } }`,
 * rmp-serde encoded, so `req`/`res` travel as arrays of ints. The domain's own message (KDF's
 * `P2PRequest`) is the opaque `req`.
 */
import {
  byteSeq,
  MsgpackError, decodeMsgpack, encodeMsgpack, readByteSeq, readNil, readString, readVariant, struct, StructReader, variant } from './msgpack';

export type PeerResponse = { kind: 'ok'; res: Uint8Array } | { kind: 'none' } | { kind: 'err'; err: string };

const OK = 0;
const NONE = 1;
const ERR = 2;

export function encodePeerRequest(req: Uint8Array): Uint8Array {
  return encodeMsgpack(struct([byteSeq(req)]));
}

/** Throws MsgpackError on a body that is not a PeerRequest. */
export function decodePeerRequest(body: Uint8Array): Uint8Array {
  return new StructReader(decodeMsgpack(body), '$', 1).next(readByteSeq);
}

export function encodePeerResponse(r: PeerResponse): Uint8Array {
  if (r.kind === 'ok') return encodeMsgpack(variant(OK, struct([byteSeq(r.res)])));
  if (r.kind === 'err') return encodeMsgpack(variant(ERR, struct([r.err])));
  return encodeMsgpack(variant(NONE));
}

/** Throws MsgpackError on a body that is not a PeerResponse. */
export function decodePeerResponse(body: Uint8Array): PeerResponse {
  const { index, value, path } = readVariant(decodeMsgpack(body), '$');
  if (index === OK) return { kind: 'ok', res: new StructReader(value, path, 1).next(readByteSeq) };
  if (index === ERR) return { kind: 'err', err: new StructReader(value, path, 1).next(readString) };
  if (index !== NONE) throw new MsgpackError(path, `unknown PeerResponse variant ${index}`);
  readNil(value, path);
  return { kind: 'none' };
}
