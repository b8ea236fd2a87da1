/**
 * KDF's orderbook trie root (kdf-facts §5.3): the root of a Substrate Patricia-Merkle trie,
 * sp_trie `LayoutV0` over a Blake2b-64 hasher, as KDF's `TrieDBMut` computes it. The trie has no
 * extension nodes: a branch carries the nibbles its children share. Node encodings (sp-trie's
 * no-extension codec):
 * - empty trie: `00`;
 * - leaf: header `01` + nibble count, the key's remaining nibbles, the value (SCALE compact length
 *   + bytes; LayoutV0 never hashes values);
 * - branch: header `10` (no value) or `11` (value) + nibble count, the shared nibbles, a 16-bit
 *   little-endian child bitmap, the value if any, then each child as compact length + either the
 *   8-byte hash of its encoding or, when the encoding is shorter than a hash, the encoding itself.
 * The root is the hash of the root node's encoding. A trie's shape depends only on its keys, so
 * the root can be computed from the key/value set directly; the orderbook keeps each maker's trie
 * incrementally instead (incrementalTrie.ts), with the same encodings.
 */
import { blake2b } from '@noble/hashes/blake2.js';

export const HASH_LENGTH = 8;

/** Blake2b with 8 bytes of output: KDF's `Blake2Hasher64`. */
export const hash64 = (data: Uint8Array): Uint8Array => blake2b(data, { dkLen: HASH_LENGTH });

/** The root of the empty trie (`hashed_null_node`), which KDF treats as "no orders". */
export const EMPTY_TRIE_ROOT = hash64(new Uint8Array([0]));

export const LEAF = 0x40;
export const BRANCH_NO_VALUE = 0x80;
const BRANCH_WITH_VALUE = 0xc0;
/** The header's 6 low bits hold nibble counts below this; larger counts continue in bytes. */
const HEADER_COUNT_BOUND = 63;

interface Entry {
  nibbles: Uint8Array;
  value: Uint8Array;
}

/** SCALE `Compact<u32>`: 1, 2 or 4 bytes with the mode in the 2 low bits. */
export function compactLength(n: number): number[] {
  if (n < 1 << 6) return [n << 2];
  if (n < 1 << 14) return [((n << 2) | 1) & 0xff, (n << 2) >> 8];
  if (n < 1 << 30) {
    const v = (n << 2) | 2;
    return [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];
  }
  throw new RangeError(`length ${n} is too large for a trie node`);
}

export function header(prefix: number, nibbleCount: number, out: number[]): void {
  if (nibbleCount < HEADER_COUNT_BOUND) {
    out.push(prefix | nibbleCount);
    return;
  }
  out.push(prefix | HEADER_COUNT_BOUND);
  let rest = nibbleCount - HEADER_COUNT_BOUND;
  for (; rest >= 255; rest -= 255) out.push(255);
  out.push(rest);
}

/** Nibbles two to a byte, an odd count's first nibble alone in the low half of the first byte. */
export function packNibbles(nibbles: Uint8Array, out: number[]): void {
  const odd = nibbles.length % 2;
  if (odd) out.push(nibbles[0]!);
  for (let i = odd; i < nibbles.length; i += 2) out.push((nibbles[i]! << 4) | nibbles[i + 1]!);
}

export function pushBytes(bytes: Uint8Array, out: number[]): void {
  for (const b of bytes) out.push(b);
}

export function toNibbles(key: Uint8Array): Uint8Array {
  const nibbles = new Uint8Array(key.length * 2);
  key.forEach((b, i) => {
    nibbles[2 * i] = b >> 4;
    nibbles[2 * i + 1] = b & 0x0f;
  });
  return nibbles;
}

function compareNibbles(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

export function sharedLength(a: Uint8Array, b: Uint8Array, from: number): number {
  let i = from;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** The encoding of the node holding `entries` (sorted, distinct, at least one), below `depth` nibbles. */
function encodeNode(entries: readonly Entry[], depth: number): Uint8Array {
  const out: number[] = [];
  const first = entries[0]!;
  if (entries.length === 1) {
    header(LEAF, first.nibbles.length - depth, out);
    packNibbles(first.nibbles.subarray(depth), out);
    out.push(...compactLength(first.value.length));
    pushBytes(first.value, out);
    return Uint8Array.from(out);
  }
  // Sorted: what the first and last keys share, all share.
  const end = sharedLength(first.nibbles, entries[entries.length - 1]!.nibbles, depth);
  const value = first.nibbles.length === end ? first.value : null;
  const children: Entry[][] = Array.from({ length: 16 }, () => []);
  for (const e of value ? entries.slice(1) : entries) children[e.nibbles[end]!]!.push(e);
  header(value ? BRANCH_WITH_VALUE : BRANCH_NO_VALUE, end - depth, out);
  packNibbles(first.nibbles.subarray(depth, end), out);
  const bitmap = children.reduce((bits, c, i) => (c.length > 0 ? bits | (1 << i) : bits), 0);
  out.push(bitmap & 0xff, bitmap >> 8);
  if (value) {
    out.push(...compactLength(value.length));
    pushBytes(value, out);
  }
  for (const child of children) {
    if (child.length === 0) continue;
    const encoded = encodeNode(child, end + 1);
    const reference = encoded.length >= HASH_LENGTH ? hash64(encoded) : encoded;
    out.push(...compactLength(reference.length));
    pushBytes(reference, out);
  }
  return Uint8Array.from(out);
}

/** The trie root of a key → value set; throws RangeError on a repeated key. */
export function trieRoot(entries: readonly (readonly [key: Uint8Array, value: Uint8Array])[]): Uint8Array {
  if (entries.length === 0) return EMPTY_TRIE_ROOT;
  const sorted = entries.map(([key, value]) => ({ nibbles: toNibbles(key), value })).sort((a, b) => compareNibbles(a.nibbles, b.nibbles));
  for (let i = 1; i < sorted.length; i++) {
    if (compareNibbles(sorted[i - 1]!.nibbles, sorted[i]!.nibbles) === 0) throw new RangeError('a trie key appears twice');
  }
  return hash64(encodeNode(sorted, 0));
}
