import { describe, expect, it } from 'vitest';
import { bytesToHex, hash160, hexToBytes } from '../../../../../src/node/crypto';
import { deriveSwapSecret, secretHash } from '../../../../../src/node/swaps/protocol/secret';

const KEY = hexToBytes('809465b17d0a4ddb3e4c69e8f23c2cabad868f51f8bed5c765ad1d6516c3306f');
const UUID = '3447b727-fe93-4357-8e5a-8cf2699b7e86';

describe('swap secret derived from the wallet key and the uuid', () => {
  it('is 32 bytes and the same every time it is derived', () => {
    const a = deriveSwapSecret(KEY, UUID);
    expect(a.length).toBe(32);
    expect(bytesToHex(deriveSwapSecret(KEY, UUID.toUpperCase()))).toBe(bytesToHex(a));
  });

  it('differs per swap and per wallet', () => {
    const a = bytesToHex(deriveSwapSecret(KEY, UUID));
    expect(bytesToHex(deriveSwapSecret(KEY, '3447b727-fe93-4357-8e5a-8cf2699b7e87'))).not.toBe(a);
    const otherKey = KEY.slice();
    otherKey[0] = (otherKey[0] ?? 0) ^ 1;
    expect(bytesToHex(deriveSwapSecret(otherKey, UUID))).not.toBe(a);
  });

  it('is not a plain hash of the public inputs (the key is what makes it secret)', () => {
    const uuidOnly = bytesToHex(hash160(new TextEncoder().encode(UUID)));
    expect(bytesToHex(deriveSwapSecret(KEY, UUID))).not.toContain(uuidOnly);
  });

  it('refuses a key that is not 32 bytes and a uuid that is not one', () => {
    expect(() => deriveSwapSecret(KEY.subarray(0, 31), UUID)).toThrow(RangeError);
    expect(() => deriveSwapSecret(KEY, 'not-a-uuid')).toThrow(RangeError);
  });
});

describe('secret hash: dhash160 (KDF SecretHashAlgo::DHASH160)', () => {
  it('matches KDF saved swap 41383f43…: secret 1b88…c093 → 3669…36a8', () => {
    const secret = hexToBytes('1b8886b8a2cdb62505699400b694ac20f04d7bd4abd80e1ab154aa8d861fc093');
    expect(bytesToHex(secretHash(secret))).toBe('3669eb83a007a3c507448d79f45a9f06ec2f36a8');
  });
});
