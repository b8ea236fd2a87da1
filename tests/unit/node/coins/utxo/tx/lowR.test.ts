import fc from 'fast-check';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import lowR from '../../../../../fixtures/utxo/lowR.json';
import { bytesToHex, hexToBytes } from '../../../../../../src/node/crypto';
import { signLowR } from '../../../../../../src/node/coins/utxo/tx/sign';

const HALF_ORDER = secp256k1.Point.Fn.ORDER >> 1n;

/** R below 2^255 and S in the lower half, and the signature verifies for the key. */
function expectLowRLowS(der: Uint8Array, digest: Uint8Array, privateKey: Uint8Array): void {
  const sig = secp256k1.Signature.fromBytes(der, 'der');
  expect(sig.r < 2n ** 255n).toBe(true);
  expect(sig.s <= HALF_ORDER).toBe(true);
  expect(der.length).toBeLessThanOrEqual(70);
  expect(secp256k1.verify(der, digest, secp256k1.getPublicKey(privateKey), { prehash: false, format: 'der' })).toBe(true);
}

describe('signLowR', () => {
  it.each(lowR.vectors)('grinds past a high R whose DER is 70 bytes anyway (digest $digest)', ({ digest, firstAttempt, lowR: expected }) => {
    const key = hexToBytes(lowR.privateKey);
    const message = hexToBytes(digest);
    const first = secp256k1.sign(message, key, { prehash: false, lowS: true, format: 'der' });
    expect(bytesToHex(first)).toBe(firstAttempt);
    expect(first.length).toBe(70);
    expect(secp256k1.Signature.fromBytes(first, 'der').r >= 2n ** 255n).toBe(true);
    const der = signLowR(message, key);
    expect(bytesToHex(der)).toBe(expected);
    expectLowRLowS(der, message, key);
  });

  it('keeps the plain RFC 6979 signature when its R is low, and is deterministic, for random keys and digests', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((k) => secp256k1.utils.isValidSecretKey(k)),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (key, digest) => {
          const der = signLowR(digest, key);
          expectLowRLowS(der, digest, key);
          expect(bytesToHex(signLowR(digest, key))).toBe(bytesToHex(der));
          const plain = secp256k1.sign(digest, key, { prehash: false, lowS: true, format: 'compact' });
          if (plain[0]! < 0x80) expect(bytesToHex(der)).toBe(bytesToHex(secp256k1.Signature.fromBytes(plain, 'compact').toBytes('der')));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a digest that is not 32 bytes and a key outside the curve order, as noble does', () => {
    const key = hexToBytes(lowR.privateKey);
    expect(() => signLowR(new Uint8Array(31), key)).toThrow(RangeError);
    expect(() => signLowR(new Uint8Array(33), key)).toThrow(RangeError);
    expect(() => signLowR(new Uint8Array(32), new Uint8Array(32))).toThrow();
    expect(() => signLowR(new Uint8Array(32), new Uint8Array(32).fill(0xff))).toThrow();
  });
});
