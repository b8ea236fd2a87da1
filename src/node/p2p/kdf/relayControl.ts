/**
 * The relay control fields of KDF's gossipsub fork, in the protobuf `ControlMessage` (field 3 of
 * an `RPC`), as KDF's own copy of the protocol declared them (`mm2src/gossipsub/src/rpc.proto`
 * before it moved into the fork): `optional bool iamrelay = 5`, `optional IncludedToRelaysMesh
 * included_to_relays_mesh = 6` (`{required bool included = 1; required uint32 mesh_size = 2}`),
 * `optional uint32 mesh_size = 7`.
 *
 * Standard gossipsub v1.2 uses field 5 for IDONTWANT (a length-delimited message), so js-libp2p
 * fails to decode a whole RPC carrying KDF's varint field 5. `splitRelayControl` takes the three
 * fields out (telling the two field 5s apart by wire type) and returns the RPC without them, for
 * gossipsub to decode as usual. Everything else is copied byte for byte.
 */
import { MmError } from '../../core/errors';

export interface RelayControl {
  /** `IAmRelay`: the sender is a relay (a KDF seed), subscribed to every topic without saying so. */
  iAmRelay?: boolean;
  /** The sender put us in (true) or took us out of (false) its relay mesh, whose size it tells. */
  includedToRelaysMesh?: { included: boolean; meshSize: number };
  /** The size of the sender's relay mesh. */
  meshSize?: number;
}

/** Bytes that are not a protobuf `RPC`. */
export class RelayControlError extends MmError {
  constructor(reason: string) {
    const message = `gossipsub RPC: ${reason}`;
    super({ errorType: 'DecodingError', message, errorData: message, httpStatus: 500 });
    this.name = 'RelayControlError';
  }
}

const VARINT = 0;
const I64 = 1;
const LEN = 2;
const I32 = 5;

const RPC_CONTROL = 3;
const CONTROL_IAMRELAY = 5;
const CONTROL_INCLUDED = 6;
const CONTROL_MESH_SIZE = 7;

interface Field {
  number: number;
  wireType: number;
  /** The field's bytes, tag included. */
  raw: Uint8Array;
  /** Varint value, or the payload of a length-delimited field. */
  value: number | Uint8Array;
}

function readVarint(buf: Uint8Array, pos: number): [number, number] {
  let value = 0;
  for (let shift = 0, i = pos; i < buf.length && shift < 64; shift += 7, i++) {
    const b = buf[i]!;
    value += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) {
      if (!Number.isSafeInteger(value)) throw new RelayControlError('a varint beyond 2^53');
      return [value, i + 1];
    }
  }
  throw new RelayControlError('a truncated varint');
}

function fields(buf: Uint8Array): Field[] {
  const out: Field[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const start = pos;
    const [tag, afterTag] = readVarint(buf, pos);
    const number = Math.floor(tag / 8);
    const wireType = tag & 7;
    let value: number | Uint8Array;
    if (wireType === VARINT) [value, pos] = readVarint(buf, afterTag);
    else if (wireType === LEN) {
      const [len, at] = readVarint(buf, afterTag);
      if (at + len > buf.length) throw new RelayControlError(`field ${number} runs past the end`);
      value = buf.subarray(at, at + len);
      pos = at + len;
    } else if (wireType === I64 || wireType === I32) {
      pos = afterTag + (wireType === I64 ? 8 : 4);
      if (pos > buf.length) throw new RelayControlError(`field ${number} runs past the end`);
      value = 0;
    } else throw new RelayControlError(`wire type ${wireType} of field ${number}`);
    if (number === 0) throw new RelayControlError('field number 0');
    out.push({ number, wireType, raw: buf.subarray(start, pos), value });
  }
  return out;
}

function varint(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
}

function concat(parts: readonly (Uint8Array | number[])[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const lengthDelimited = (number: number, payload: Uint8Array): Uint8Array => concat([varint(number * 8 + LEN), varint(payload.length), payload]);
const varintField = (number: number, value: number): number[] => [...varint(number * 8 + VARINT), ...varint(value)];

function readIncluded(payload: Uint8Array): RelayControl['includedToRelaysMesh'] {
  let included: boolean | undefined;
  let meshSize: number | undefined;
  for (const f of fields(payload)) {
    if (f.wireType !== VARINT) continue;
    if (f.number === 1) included = f.value !== 0;
    if (f.number === 2) meshSize = f.value as number;
  }
  if (included === undefined || meshSize === undefined) throw new RelayControlError('IncludedToRelaysMesh without its required fields');
  return { included, meshSize };
}

/** KDF's relay control out of an RPC, and the RPC without it; throws RelayControlError on bytes that are not protobuf. */
export function splitRelayControl(rpc: Uint8Array): { rpc: Uint8Array; relay: RelayControl } {
  const relay: RelayControl = {};
  let changed = false;
  const kept: Uint8Array[] = [];
  for (const f of fields(rpc)) {
    if (f.number !== RPC_CONTROL || f.wireType !== LEN) {
      kept.push(f.raw);
      continue;
    }
    const control: Uint8Array[] = [];
    for (const c of fields(f.value as Uint8Array)) {
      if (c.number === CONTROL_IAMRELAY && c.wireType === VARINT) relay.iAmRelay = c.value !== 0;
      else if (c.number === CONTROL_INCLUDED && c.wireType === LEN) relay.includedToRelaysMesh = readIncluded(c.value as Uint8Array);
      else if (c.number === CONTROL_MESH_SIZE && c.wireType === VARINT) relay.meshSize = c.value as number;
      else {
        control.push(c.raw);
        continue;
      }
      changed = true;
    }
    if (control.length > 0) kept.push(lengthDelimited(RPC_CONTROL, concat(control)));
  }
  return { rpc: changed ? concat(kept) : rpc, relay };
}

/** An RPC carrying only these relay control fields. */
export function encodeRelayControl(relay: RelayControl): Uint8Array {
  const control: (Uint8Array | number[])[] = [];
  if (relay.iAmRelay !== undefined) control.push(varintField(CONTROL_IAMRELAY, relay.iAmRelay ? 1 : 0));
  if (relay.includedToRelaysMesh) {
    const { included, meshSize } = relay.includedToRelaysMesh;
    control.push(lengthDelimited(CONTROL_INCLUDED, concat([varintField(1, included ? 1 : 0), varintField(2, meshSize)])));
  }
  if (relay.meshSize !== undefined) control.push(varintField(CONTROL_MESH_SIZE, relay.meshSize));
  return lengthDelimited(RPC_CONTROL, concat(control));
}
