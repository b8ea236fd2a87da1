import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import iguanaKeys from '../../../fixtures/crypto/iguana-keys.json';
import passphraseErrors from '../../../fixtures/crypto/passphrase-errors.json';
import {
  bytesToHex,
  ethAddress,
  keyPairFromPrivkey,
  p2pkhAddress,
  privkeyFromPassphrase,
  wifEncode,
} from '../../../../src/node/crypto/index';
import { hash160 } from '../../../../src/node/crypto/hashes';
import { MmError } from '../../../../src/node/core/errors';

interface IguanaVector {
  description: string;
  passphrase: string;
  expected: {
    privkey?: string;
    pubkey?: string;
    rmd160?: string;
    p2pkh?: { coin: string; pubtype: number; address: string }[];
    wif?: { wiftype: number; wif: string }[];
    eth?: string;
  };
}

describe('privkeyFromPassphrase: KDF iguana vectors', () => {
  it.each(iguanaKeys as IguanaVector[])('$description', ({ passphrase, expected }) => {
    const priv = privkeyFromPassphrase(passphrase);
    const pair = keyPairFromPrivkey(priv);
    if (expected.privkey) expect(bytesToHex(priv)).toBe(expected.privkey);
    if (expected.pubkey) expect(bytesToHex(pair.publicKey)).toBe(expected.pubkey);
    if (expected.rmd160) expect(bytesToHex(hash160(pair.publicKey))).toBe(expected.rmd160);
    for (const a of expected.p2pkh ?? []) expect(p2pkhAddress(pair.publicKey, a.pubtype)).toBe(a.address);
    for (const w of expected.wif ?? []) {
      expect(wifEncode(priv, w.wiftype)).toBe(w.wif);
      // Both directions: the WIF as a passphrase yields the same secret.
      expect(bytesToHex(privkeyFromPassphrase(w.wif))).toBe(bytesToHex(priv));
    }
    if (expected.eth) expect(ethAddress(pair.publicKey)).toBe(expected.eth);
  });
});

describe('privkeyFromPassphrase: errors', () => {
  it.each(passphraseErrors)('$description', ({ passphrase, errorType, message }) => {
    let caught: unknown;
    try {
      privkeyFromPassphrase(passphrase);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MmError);
    const err = caught as MmError;
    expect(err.errorType).toBe(errorType);
    expect(err.message).toBe(message);
    expect(err.errorData).toBe(message);
    expect(err.httpStatus).toBe(400);
    expect(err.message).not.toContain(passphrase.slice(2, 12));
  });
});

describe('privkeyFromPassphrase: what is not a WIF is hashed', () => {
  /** KDF's rule restated with Node's own SHA-256, independent of the module under test. */
  function masked(passphrase: string): string {
    const h = createHash('sha256').update(passphrase, 'utf8').digest();
    h[0]! &= 248;
    h[31]! &= 127;
    h[31]! |= 64;
    return h.toString('hex');
  }

  it.each([
    ['contains a space (not base58)', 'bob passphrase'],
    ['valid base58 but far too short', 'abc'],
    ['valid base58 of WIF-like length that decodes to the wrong size', '1'.repeat(52)],
    ['contains 0, O, I and l (outside the base58 alphabet)', 'UvCjJf4dKSs2vFGVtCnUTAhR5FTZGdg43DDRa9s7s5DV1sSDX10O'],
    ['empty passphrase', ''],
    ['non-ASCII passphrase is hashed as UTF-8', 'pässphrase ✓'],
  ])('%s', (_label, passphrase) => {
    expect(bytesToHex(privkeyFromPassphrase(passphrase))).toBe(masked(passphrase));
  });
});
