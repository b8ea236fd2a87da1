/**
 * Gossipsub message ids as KDF computes them (`mm2_p2p/src/behaviours/atomicdex.rs`,
 * `message_id_fn`): a Rust `DefaultHasher` fed `message.data.hash()` then
 * `message.sequence_number.hash()`, and the u64 result as 8 big-endian bytes. Peers advertise and
 * request messages by id (IHAVE / IWANT) and drop ids they have seen, so using KDF's function
 * makes our nodes and KDF's recognise the same message as the same.
 *
 * What the `Hash` impls write, on a 64-bit KDF (its seeds and desktop nodes): `Vec<u8>` its length
 * as a usize (8 bytes little-endian) then the bytes; `Option<u64>` its discriminant as an isize
 * (0 for None, 1 for Some) then, for Some, the u64 (8 bytes little-endian). A KDF built for wasm32
 * writes 4-byte usizes and so gets other ids for the same message.
 */
import type { Message } from '@libp2p/gossipsub';
import { rustDefaultHash } from './sipHash';

const WORD = 8;

function writeU64Le(out: Uint8Array, at: number, value: bigint): void {
  new DataView(out.buffer, out.byteOffset, out.byteLength).setBigUint64(at, BigInt.asUintN(64, value), true);
}

/** The 8-byte id of a message with this payload and gossipsub sequence number (none when absent). */
export function kdfMessageId(data: Uint8Array, sequenceNumber: bigint | undefined): Uint8Array {
  const written = new Uint8Array(WORD + data.length + WORD + (sequenceNumber === undefined ? 0 : WORD));
  writeU64Le(written, 0, BigInt(data.length));
  written.set(data, WORD);
  if (sequenceNumber !== undefined) {
    writeU64Le(written, WORD + data.length, 1n);
    writeU64Le(written, 2 * WORD + data.length, sequenceNumber);
  }
  const id = new Uint8Array(WORD);
  new DataView(id.buffer).setBigUint64(0, rustDefaultHash(written), false);
  return id;
}

/** Gossipsub's `msgIdFn`: signed messages carry a sequence number, unsigned ones none. */
export function kdfMsgIdFn(msg: Message): Uint8Array {
  return kdfMessageId(msg.data, msg.type === 'signed' ? msg.sequenceNumber : undefined);
}
