/**
 * SipHash (Aumasson & Bernstein) with a chosen number of compression and finalization rounds.
 * KDF's gossipsub message ids use Rust's `DefaultHasher`, which is SipHash-1-3 with both keys
 * zero; SipHash-2-4 is the published reference the implementation is checked against. 64-bit
 * words are kept as pairs of unsigned 32-bit halves, so hashing needs no BigInt arithmetic.
 */

export interface SipKey {
  /** The first 64-bit key word (Rust's `k0`). */
  k0: bigint;
  k1: bigint;
}

const ZERO_KEY: SipKey = { k0: 0n, k1: 0n };

/** State: v0..v3 as [hi, lo] pairs, in one array (indices 2i = hi, 2i+1 = lo). */
type State = Uint32Array;

function add(s: State, a: number, b: number): void {
  const lo = (s[a + 1]! + s[b + 1]!) >>> 0;
  s[a] = (s[a]! + s[b]! + (lo < s[a + 1]! ? 1 : 0)) >>> 0;
  s[a + 1] = lo;
}

function rotl(s: State, a: number, n: number): void {
  const hi = s[a]!;
  const lo = s[a + 1]!;
  if (n === 32) {
    s[a] = lo;
    s[a + 1] = hi;
    return;
  }
  s[a] = ((hi << n) | (lo >>> (32 - n))) >>> 0;
  s[a + 1] = ((lo << n) | (hi >>> (32 - n))) >>> 0;
}

function xor(s: State, a: number, b: number): void {
  s[a] = (s[a]! ^ s[b]!) >>> 0;
  s[a + 1] = (s[a + 1]! ^ s[b + 1]!) >>> 0;
}

const V0 = 0;
const V1 = 2;
const V2 = 4;
const V3 = 6;

function sipRound(s: State): void {
  add(s, V0, V1);
  rotl(s, V1, 13);
  xor(s, V1, V0);
  rotl(s, V0, 32);
  add(s, V2, V3);
  rotl(s, V3, 16);
  xor(s, V3, V2);
  add(s, V0, V3);
  rotl(s, V3, 21);
  xor(s, V3, V0);
  add(s, V2, V1);
  rotl(s, V1, 17);
  xor(s, V1, V2);
  rotl(s, V2, 32);
}

function compress(s: State, hi: number, lo: number, rounds: number): void {
  s[V3] = (s[V3]! ^ hi) >>> 0;
  s[V3 + 1] = (s[V3 + 1]! ^ lo) >>> 0;
  for (let i = 0; i < rounds; i++) sipRound(s);
  s[V0] = (s[V0]! ^ hi) >>> 0;
  s[V0 + 1] = (s[V0 + 1]! ^ lo) >>> 0;
}

const hi32 = (x: bigint): number => Number((x >> 32n) & 0xffffffffn);
const lo32 = (x: bigint): number => Number(x & 0xffffffffn);
const le32 = (d: Uint8Array, i: number): number => (d[i]! | (d[i + 1]! << 8) | (d[i + 2]! << 16) | (d[i + 3]! << 24)) >>> 0;

/** SipHash-c-d of `data` under `key`, as an unsigned 64-bit integer. */
export function sipHash(data: Uint8Array, compressionRounds: number, finalizationRounds: number, key: SipKey = ZERO_KEY): bigint {
  const { k0, k1 } = key;
  const s: State = new Uint32Array([
    hi32(k0) ^ 0x736f6d65, lo32(k0) ^ 0x70736575,
    hi32(k1) ^ 0x646f7261, lo32(k1) ^ 0x6e646f6d,
    hi32(k0) ^ 0x6c796765, lo32(k0) ^ 0x6e657261,
    hi32(k1) ^ 0x74656462, lo32(k1) ^ 0x79746573,
  ]);
  const whole = data.length - (data.length % 8);
  for (let i = 0; i < whole; i += 8) compress(s, le32(data, i + 4), le32(data, i), compressionRounds);
  // Last word: the remaining bytes little-endian, the length's low byte on top.
  const tail = new Uint8Array(8);
  tail.set(data.subarray(whole));
  tail[7] = data.length & 0xff;
  compress(s, le32(tail, 4), le32(tail, 0), compressionRounds);
  s[V2 + 1] = (s[V2 + 1]! ^ 0xff) >>> 0;
  for (let i = 0; i < finalizationRounds; i++) sipRound(s);
  const hi = (s[V0]! ^ s[V1]! ^ s[V2]! ^ s[V3]!) >>> 0;
  const lo = (s[V0 + 1]! ^ s[V1 + 1]! ^ s[V2 + 1]! ^ s[V3 + 1]!) >>> 0;
  return (BigInt(hi) << 32n) | BigInt(lo);
}

/** Rust's `std::collections::hash_map::DefaultHasher::new()` over the bytes a `Hash` impl writes. */
export function rustDefaultHash(written: Uint8Array): bigint {
  return sipHash(written, 1, 3);
}
