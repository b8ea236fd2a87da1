/**
 * SipHash and KDF's gossipsub message ids. SipHash-2-4 is checked against the paper's reference
 * vectors (key 00..0f); SipHash-1-3 with zero keys against CPython's `hash(bytes)` under
 * PYTHONHASHSEED=0 (CPython ≥ 3.11 hashes bytes with exactly that function), an implementation
 * independent of ours. The message ids are what KDF's `message_id_fn` prints when compiled with
 * rustc 1.95 (the same five calls in a scratch program), and CPython agrees on each.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '@libp2p/gossipsub';
import { bytesToHex } from '../../../../src/node/crypto';
import { kdfMessageId, kdfMsgIdFn } from '../../../../src/node/p2p/kdf/messageId';
import { rustDefaultHash, sipHash } from '../../../../src/node/p2p/kdf/sipHash';

const REFERENCE_KEY = { k0: 0x0706050403020100n, k1: 0x0f0e0d0c0b0a0908n };
const counting = (n: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => i);
const hex64 = (x: bigint): string => x.toString(16).padStart(16, '0');
const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('SipHash', () => {
  it('SipHash-2-4 gives the reference vectors', () => {
    expect(hex64(sipHash(counting(0), 2, 4, REFERENCE_KEY))).toBe('726fdb47dd0e0e31');
    expect(hex64(sipHash(counting(15), 2, 4, REFERENCE_KEY))).toBe('a129ca6149be45e5');
  });

  it('SipHash-1-3 with the reference key gives the first vector of Rust\'s own test table', () => {
    expect(hex64(sipHash(counting(0), 1, 3, REFERENCE_KEY))).toBe('abac0158050fc4dc');
  });

  it("Rust's DefaultHasher (SipHash-1-3, zero keys) agrees with CPython's bytes hash", () => {
    expect(hex64(rustDefaultHash(ascii('abc')))).toBe('c03bc3a0042630f2');
    expect(hex64(rustDefaultHash(counting(7)))).toBe('2f098ab0c751325a');
    expect(hex64(rustDefaultHash(counting(15)))).toBe('f30eb725bb91c9ea');
  });

  it('hashes every length the same whether or not it fills whole words', () => {
    const seen = new Set<bigint>();
    for (let n = 0; n <= 24; n++) seen.add(rustDefaultHash(counting(n)));
    expect(seen.size).toBe(25);
  });
});

describe("KDF's gossipsub message id", () => {
  it('hashes (len, data, Option<seqno>) and writes the u64 big-endian', () => {
    expect(bytesToHex(kdfMessageId(new Uint8Array(0), undefined))).toBe('76be999e3e25b2a0');
    expect(bytesToHex(kdfMessageId(ascii('hello'), undefined))).toBe('f338992793c718da');
    expect(bytesToHex(kdfMessageId(ascii('hello'), 1n))).toBe('8c61c723cab313ad');
    expect(bytesToHex(kdfMessageId(counting(100), 0x1122334455667788n))).toBe('319b9f1e64552c73');
    expect(bytesToHex(kdfMessageId(new Uint8Array(9).fill(0xff), 0xffffffffffffffffn))).toBe('b6d73b5693a391b6');
  });

  it('takes the sequence number of signed messages, none for unsigned ones', () => {
    const data = ascii('hello');
    const signed = { type: 'signed', data, sequenceNumber: 1n, topic: 't' } as unknown as Message;
    const unsigned = { type: 'unsigned', data, topic: 't' } as Message;
    expect(bytesToHex(kdfMsgIdFn(signed))).toBe('8c61c723cab313ad');
    expect(bytesToHex(kdfMsgIdFn(unsigned))).toBe('f338992793c718da');
  });
});
