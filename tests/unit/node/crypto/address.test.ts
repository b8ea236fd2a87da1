import { base58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import eip55 from '../../../fixtures/crypto/eip55.json';
import segwit from '../../../fixtures/crypto/segwit.json';
import {
  bytesToHex,
  ethAddress,
  hash160,
  hexToBytes,
  isValidChecksumAddress,
  keyPairFromPrivkey,
  p2pkhAddress,
  p2shAddress,
  p2wpkhAddress,
  privkeyFromPassphrase,
  sha256,
  toChecksumAddress,
} from '../../../../src/node/crypto/index';
import { secp256k1 } from '@noble/curves/secp256k1.js';

const b58c = base58check(sha256);
const bob = keyPairFromPrivkey(privkeyFromPassphrase('bob passphrase'));

describe('EIP-55', () => {
  it.each(eip55.checksummed)('%s', (addr) => {
    expect(toChecksumAddress(addr.toLowerCase())).toBe(addr);
    expect(toChecksumAddress(addr.slice(2).toUpperCase())).toBe(addr);
    expect(isValidChecksumAddress(addr)).toBe(true);
  });

  it.each(eip55.invalid)('rejects: $description', ({ address }) => {
    expect(isValidChecksumAddress(address)).toBe(false);
  });

  it('accepts unchecksummed all-lower and all-upper forms', () => {
    expect(isValidChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isValidChecksumAddress('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(true);
  });

  it('toChecksumAddress rejects malformed input', () => {
    expect(() => toChecksumAddress('0x1234')).toThrowError(expect.objectContaining({ errorType: 'InvalidParam' }));
  });

  it('ethAddress takes compressed and uncompressed public keys alike', () => {
    const uncompressed = secp256k1.Point.fromBytes(bob.publicKey).toBytes(false);
    expect(ethAddress(uncompressed)).toBe('0xf5c3bf03cBA4E343484588932e423A7C8BFf102d');
    expect(ethAddress(bob.publicKey)).toBe('0xf5c3bf03cBA4E343484588932e423A7C8BFf102d');
    expect(() => ethAddress(new Uint8Array(33))).toThrowError(expect.objectContaining({ errorType: 'InvalidParam' }));
  });
});

describe('P2WPKH (BIP173)', () => {
  it.each(segwit)('$description', ({ pubkey, hrp, address }) => {
    expect(p2wpkhAddress(hexToBytes(pubkey), hrp)).toBe(address);
  });
});

describe('Base58Check addresses', () => {
  it('P2SH re-encodes a real address from its script hash', () => {
    const decoded = b58c.decode('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy');
    expect(decoded[0]).toBe(5);
    expect(p2shAddress(decoded.subarray(1), 5)).toBe('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy');
  });

  it('a multi-byte taddr prefix goes before the key hash', () => {
    const zcashT = Uint8Array.of(0x1c, 0xb8);
    const addr = p2pkhAddress(bob.publicKey, zcashT);
    expect(addr.startsWith('t1')).toBe(true);
    expect(bytesToHex(b58c.decode(addr))).toBe('1cb8' + bytesToHex(hash160(bob.publicKey)));
  });

  it('a one-byte Uint8Array prefix equals the numeric pubtype', () => {
    expect(p2pkhAddress(bob.publicKey, Uint8Array.of(60))).toBe('RRnMcSeKiLrNdbp91qNVQwwXx5azD4S4CD');
  });

  it('rejects bad prefixes and script hash sizes', () => {
    expect(() => p2pkhAddress(bob.publicKey, 256)).toThrowError(expect.objectContaining({ errorType: 'InvalidParam' }));
    expect(() => p2pkhAddress(bob.publicKey, new Uint8Array())).toThrow();
    expect(() => p2shAddress(new Uint8Array(19), 5)).toThrowError(expect.objectContaining({ errorType: 'InvalidParam' }));
  });
});
