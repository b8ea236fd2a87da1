import { describe, expect, it } from 'vitest';
import { bytesToHex, hash160, hexToBytes, keccak256, sha256, sha256d } from '../../../../src/node/crypto/index';

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('hashes', () => {
  it.each([
    ['sha256("abc") (FIPS 180-2)', () => sha256(utf8('abc')), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['sha256d("") ', () => sha256d(new Uint8Array()), '5df6e0e2761359d30a8275058e299fcc0381534545f55cf43e41983f5d4c9456'],
    ['keccak256("") (Ethereum empty hash)', () => keccak256(new Uint8Array()), 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'],
    [
      'hash160 of the BIP173 example key',
      () => hash160(hexToBytes('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798')),
      '751e76e8199196d454941c45d1b3a323f1433bd6',
    ],
  ])('%s', (_label, f, hex) => {
    expect(bytesToHex(f())).toBe(hex);
  });
});

describe('hex', () => {
  it('round-trips and accepts either case', () => {
    expect(bytesToHex(hexToBytes('00ff7fA0'))).toBe('00ff7fa0');
    expect(hexToBytes('')).toEqual(new Uint8Array());
  });

  it.each([
    ['odd length', 'abc'],
    ['0x prefix', '0xab'],
    ['non-hex', 'zz'],
    ['whitespace', 'ab cd'],
  ])('rejects %s', (_label, s) => {
    expect(() => hexToBytes(s)).toThrowError(expect.objectContaining({ errorType: 'InvalidParam' }));
  });
});
