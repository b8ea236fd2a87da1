/**
 * CashAddr, Bitcoin Cash's address format (bitcoincashorg `spec/cashaddr.md`; KDF's
 * `mm2_bitcoin/keys/src/cashaddress.rs`): `prefix:payload`, where the payload is base32 of a
 * version byte (type in bits 3–6, hash size code in bits 0–2), the hash, and a 40-bit BCH-code
 * checksum computed over the prefix's low 5 bits per character, a 0 separator and the payload.
 * Because the prefix is part of the checksum, an address may be written without it and still
 * belongs to one network only: the reader says which prefix to assume. Only the two types the spec
 * defines (P2PKH, P2SH) are read: no other pays to a script this wallet can build.
 */
import { coinError } from '../coinErrors';

export type CashAddrKind = 'p2pkh' | 'p2sh';

export interface CashAddress {
  /** Lowercase network prefix, e.g. `bitcoincash`, `bchtest`, `bchreg`. */
  prefix: string;
  kind: CashAddrKind;
  /** 20 to 64 bytes, as the version byte's size code allows. */
  hash: Uint8Array;
}

/** The version byte's type bits of each kind. */
const TYPE_BITS: Record<CashAddrKind, number> = { p2pkh: 0, p2sh: 1 };
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const CHARSET_REV = new Map([...CHARSET].map((c, i) => [c, i]));
/** Hash sizes in bytes, indexed by the version byte's size code. */
const HASH_SIZES = [20, 24, 28, 32, 40, 48, 56, 64] as const;
const CHECKSUM_WORDS = 8;
const GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];
/** A prefix is letters and digits; anything else (a second ':', spaces, unicode) is refused before any work. */
const PREFIX = /^[a-z0-9]+$/;
/**
 * The longest address the spec allows: a 64-byte hash is 105 payload characters; a long prefix on
 * top is still far below this. Longer input is refused before it is looked at.
 */
const MAX_ADDRESS_LENGTH = 200;

/** `prefix:payload` in lowercase, as KDF and the spec display it. */
export function encodeCashAddr(address: CashAddress): string {
  const prefix = checkedPrefix(address.prefix);
  const sizeCode = HASH_SIZES.indexOf(address.hash.length as (typeof HASH_SIZES)[number]);
  if (sizeCode < 0) throw coinError.internal(`a cashaddress hash is ${HASH_SIZES.join(', ')} bytes long, not ${address.hash.length}`);
  const words = toWords(Uint8Array.of((TYPE_BITS[address.kind] << 3) | sizeCode, ...address.hash));
  const mod = polymod([...prefixWords(prefix), ...words, ...new Array<number>(CHECKSUM_WORDS).fill(0)]);
  const checksum = Array.from({ length: CHECKSUM_WORDS }, (_, i) => Number((mod >> BigInt(5 * (CHECKSUM_WORDS - 1 - i))) & 31n));
  return `${prefix}:${[...words, ...checksum].map((w) => CHARSET[w]).join('')}`;
}

/**
 * Parses `address`, written with its prefix or without it (then `defaultPrefix` is assumed, and
 * the checksum decides whether that was right). Upper case is accepted; a payload mixing cases is
 * not. Every failure is an `InvalidAddress` error saying what is wrong.
 */
export function decodeCashAddr(address: string, defaultPrefix: string): CashAddress {
  if (address.length > MAX_ADDRESS_LENGTH) throw invalid(`a cashaddress has at most ${MAX_ADDRESS_LENGTH} characters, this one ${address.length}`);
  const parts = address.split(':');
  if (parts.length > 2) throw invalid("a cashaddress is 'prefix:payload', with one ':'");
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) {
    throw invalid('the cashaddress mixes upper and lower case characters');
  }
  const [prefixText, payload] = parts.length === 2 ? [parts[0]!, parts[1]!] : [defaultPrefix, parts[0]!];
  const prefix = prefixText.toLowerCase();
  if (!PREFIX.test(prefix)) throw invalid(`'${prefixText.slice(0, 32)}' is not a cashaddress prefix (letters and digits)`);
  const words: number[] = [];
  for (const c of payload.toLowerCase()) {
    const w = CHARSET_REV.get(c);
    if (w === undefined) throw invalid(`'${c}' is not a cashaddress base32 character`);
    words.push(w);
  }
  if (polymod([...prefixWords(prefix), ...words]) !== 0n) throw invalid(`cashaddress checksum mismatch for the prefix '${prefix}'`);
  if (words.length <= CHECKSUM_WORDS) throw invalid('the cashaddress has no payload besides its checksum');
  const bytes = fromWords(words.slice(0, -CHECKSUM_WORDS));
  const version = bytes[0]!;
  if (version & 0x80) throw invalid("the cashaddress version byte's reserved high bit is set");
  const type = version >> 3;
  const kind = type === TYPE_BITS.p2pkh ? 'p2pkh' : type === TYPE_BITS.p2sh ? 'p2sh' : undefined;
  if (!kind) throw invalid(`cashaddress type ${type} is neither P2PKH (0) nor P2SH (1)`);
  const hash = bytes.slice(1);
  const expected = HASH_SIZES[version & 7]!;
  if (hash.length !== expected) throw invalid(`the cashaddress version byte says a ${expected}-byte hash, the payload has ${hash.length}`);
  return { prefix, kind, hash };
}

function checkedPrefix(prefix: string): string {
  const lower = prefix.toLowerCase();
  if (!PREFIX.test(lower)) throw coinError.internal(`'${prefix}' is not a cashaddress prefix`);
  return lower;
}

/** The spec's checksum function: the remainder of the BCH code over GF(32), 0 when valid. */
function polymod(values: readonly number[]): bigint {
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07_ffff_ffffn) << 5n) ^ BigInt(d);
    for (const [bit, g] of GENERATORS.entries()) if ((c0 >> BigInt(bit)) & 1n) c ^= g;
  }
  return c ^ 1n;
}

/** The prefix as the checksum takes it: each character's low 5 bits, then a 0 for the ':'. */
function prefixWords(prefix: string): number[] {
  return [...[...prefix].map((c) => c.charCodeAt(0) & 31), 0];
}

/** 8-bit bytes to 5-bit words, the last one zero-padded. */
function toWords(bytes: Uint8Array): number[] {
  const words: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = ((acc << 8) | b) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  return words;
}

/** 5-bit words back to bytes; the padding must be shorter than 5 bits and all zero. */
function fromWords(words: readonly number[]): Uint8Array {
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const w of words) {
    acc = ((acc << 5) | w) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
    }
  }
  if (bits >= 5) throw invalid('the cashaddress payload has a whole spare character of padding');
  if ((acc & ((1 << bits) - 1)) !== 0) throw invalid('the cashaddress padding bits are not zero');
  return Uint8Array.from(bytes);
}

function invalid(reason: string) {
  return coinError.invalidAddress(reason);
}
