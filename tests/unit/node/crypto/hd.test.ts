import { describe, expect, it } from 'vitest';
import bip39Vectors from '../../../fixtures/crypto/bip39.json';
import hdKeys from '../../../fixtures/crypto/hd-keys.json';
import {
  bip39Seed,
  bip39SeedAsync,
  bytesToHex,
  deriveKeyPair,
  deriveNodeKeys,
  deriveNodeKeysAsync,
  ethAddress,
  generateMnemonic,
  hdRootFromMnemonic,
  MM2_INTERNAL_KEY_PATH,
  p2pkhAddress,
  validateMnemonic,
} from '../../../../src/node/crypto/index';
import { hash160 } from '../../../../src/node/crypto/hashes';
import { MmError } from '../../../../src/node/core/errors';
import { HDKey } from '@scure/bip32';

const TANK = 'tank abandon bind salon remove wisdom net size aspect direct source fossil';

describe('BIP39 official vectors', () => {
  it.each(bip39Vectors)('$description', ({ mnemonic, password, expected }) => {
    expect(validateMnemonic(mnemonic)).toBe(true);
    const seed = bip39Seed(mnemonic, password);
    expect(bytesToHex(seed)).toBe(expected.seed);
    if (expected.xprv) expect(HDKey.fromMasterSeed(seed).privateExtendedKey).toBe(expected.xprv);
  });
});

describe('BIP39 seed through WebCrypto', () => {
  it.each(bip39Vectors)('$description', async ({ mnemonic, password, expected }) => {
    expect(bytesToHex(await bip39SeedAsync(mnemonic, password))).toBe(expected.seed);
  });

  it('reads the words as the JS version does and refuses what is not a mnemonic', async () => {
    expect(bytesToHex(await bip39SeedAsync(`  ${TANK.replace(/ /g, '\n ')}\n`))).toBe(bytesToHex(bip39Seed(TANK)));
    await expect(bip39SeedAsync('tank abandon bind')).rejects.toBeInstanceOf(MmError);
  });

  it('node keys from it equal the synchronous ones', async () => {
    const a = await deriveNodeKeysAsync(TANK, { enableHd: true });
    const b = deriveNodeKeys(TANK, { enableHd: true });
    expect(a.rmd160Hex).toBe(b.rmd160Hex);
    expect(bytesToHex(a.coinKeyPair("m/44'/141'", 2, 1, 5).privateKey)).toBe(bytesToHex(b.coinKeyPair("m/44'/141'", 2, 1, 5).privateKey));
    expect((await deriveNodeKeysAsync(TANK, { enableHd: false })).rmd160Hex).toBe(deriveNodeKeys(TANK, { enableHd: false }).rmd160Hex);
  });
});

describe('HD derivation: KDF vectors', () => {
  for (const v of hdKeys) {
    const keys = deriveNodeKeys(v.mnemonic, { enableHd: true });
    it.each(v.derivations)(`${v.description}: $derivationPath/$account'/$change/$index`, (d) => {
      const pair = keys.coinKeyPair(d.derivationPath, d.account, d.change, d.index);
      const hex = bytesToHex(pair.publicKey);
      // The public derivation from the chain's xpub gives the same key.
      expect(bytesToHex(keys.addressPublicKey(d.derivationPath, d.account ?? 0, d.change ?? 0, d.index ?? 0))).toBe(hex);
      if (d.pubkeyPrefix) expect(hex.startsWith(d.pubkeyPrefix)).toBe(true);
      if (d.pubkeySuffix) expect(hex.endsWith(d.pubkeySuffix)).toBe(true);
      if (d.p2pkh) expect(p2pkhAddress(pair.publicKey, d.p2pkh.pubtype)).toBe(d.p2pkh.address);
      if (d.eth) expect(ethAddress(pair.publicKey)).toBe(d.eth);
    });
  }
});

describe('HD mode node keys', () => {
  const keys = deriveNodeKeys(TANK, { enableHd: true });

  it('uses the mm2 internal path for the internal key and names DBs after it', () => {
    const internal = deriveKeyPair(hdRootFromMnemonic(TANK), MM2_INTERNAL_KEY_PATH);
    expect(keys.mode).toBe('hd');
    expect(bytesToHex(keys.internal.publicKey)).toBe(bytesToHex(internal.publicKey));
    expect(keys.rmd160Hex).toBe(bytesToHex(hash160(internal.publicKey)));
    expect(keys.rmd160Hex).toMatch(/^[0-9a-f]{40}$/);
  });

  it('the HD internal key differs from the same phrase in iguana mode', () => {
    const iguana = deriveNodeKeys(TANK, { enableHd: false });
    expect(iguana.rmd160Hex).not.toBe(keys.rmd160Hex);
  });

  it('defaults to account 0, external chain, index 0 and caches per path', () => {
    const a = keys.coinKeyPair("m/44'/141'");
    expect(keys.coinKeyPair("m/44'/141'", 0, 0, 0)).toBe(a);
    expect(p2pkhAddress(a.publicKey, 60)).toBe('RXNtAyDSsY3DS3VxTpJegzoHU9bUX54j56');
    expect(keys.coinKeyPair("m/44'/141'", 1, 0, 0)).not.toBe(a);
  });

  it('address public keys from the chain xpub equal the private derivation, over both chains and accounts', () => {
    for (const [account, change, index] of [[0, 0, 0], [0, 1, 7], [3, 0, 24], [2147483647, 1, 2147483647]] as const) {
      expect(bytesToHex(keys.addressPublicKey("m/44'/1'", account, change, index))).toBe(bytesToHex(keys.coinKeyPair("m/44'/1'", account, change, index).publicKey));
    }
    expect(() => keys.addressPublicKey("m/44'/1'", 0, 2, 0)).toThrow(/chain/);
    expect(() => keys.addressPublicKey("m/44'/1'", 0, 0, 2 ** 31)).toThrow(/address_index/);
  });

  it('rejects a coin without derivation_path', () => {
    expect(() => keys.coinKeyPair(undefined)).toThrowError(
      expect.objectContaining({ errorType: 'InvalidParam', httpStatus: 400 }),
    );
    expect(() => keys.coinKeyPair(undefined)).toThrow(/derivation_path/);
  });

  it.each([
    ['not m/purpose\'/coin\'', "m/44'/141'/0'", 0, 0, 0],
    ['unhardened coin type', "m/44'/141", 0, 0, 0],
    ['negative account', "m/44'/141'", -1, 0, 0],
    ['chain other than 0/1', "m/44'/141'", 0, 2, 0],
    ['fractional index', "m/44'/141'", 0, 0, 1.5],
    ['index beyond 2^31-1', "m/44'/141'", 0, 0, 2 ** 31],
  ])('rejects %s', (_label, path, account, change, index) => {
    expect(() => keys.coinKeyPair(path, account, change, index)).toThrowError(
      expect.objectContaining({ errorType: 'InvalidParam' }),
    );
  });

  it('splits words on any whitespace as KDF does', () => {
    const spaced = deriveNodeKeys(`  ${TANK.replaceAll(' ', ' \t ')}\n`, { enableHd: true });
    expect(spaced.rmd160Hex).toBe(keys.rmd160Hex);
  });

  it('rejects an invalid mnemonic with InvalidPassphrase and without echoing it', () => {
    const bad = TANK.replace('fossil', 'abandon');
    let caught: unknown;
    try {
      deriveNodeKeys(bad, { enableHd: true });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MmError);
    expect((caught as MmError).errorType).toBe('InvalidPassphrase');
    expect((caught as MmError).httpStatus).toBe(400);
    expect((caught as MmError).message).toMatch(/is not a valid BIP39 mnemonic/);
    expect((caught as MmError).message).not.toContain('tank');
    expect(() => deriveNodeKeys('bob passphrase', { enableHd: true })).toThrowError(
      expect.objectContaining({ errorType: 'InvalidPassphrase' }),
    );
  });
});

describe('iguana mode node keys', () => {
  it('uses the iguana key for every coin whatever the path', () => {
    const keys = deriveNodeKeys('bob passphrase', { enableHd: false });
    expect(keys.mode).toBe('iguana');
    expect(keys.rmd160Hex).toBe('b506088aa2a3b4bb1da3a29bf00ce1a550ea1df9');
    expect(keys.coinKeyPair(undefined)).toBe(keys.internal);
    expect(keys.coinKeyPair("m/44'/141'", 3, 1, 7)).toBe(keys.internal);
  });
});

describe('mnemonic generation', () => {
  it('generates valid 12-word English mnemonics that differ', () => {
    const a = generateMnemonic();
    const b = generateMnemonic();
    expect(a.split(' ')).toHaveLength(12);
    expect(validateMnemonic(a)).toBe(true);
    expect(a).not.toBe(b);
  });

  it('validateMnemonic rejects a bad checksum, unknown words and wrong lengths', () => {
    expect(validateMnemonic(TANK)).toBe(true);
    expect(validateMnemonic(TANK.replace('fossil', 'abandon'))).toBe(false);
    expect(validateMnemonic(TANK.replace('tank', 'tanks'))).toBe(false);
    expect(validateMnemonic(TANK.split(' ').slice(0, 11).join(' '))).toBe(false);
    expect(validateMnemonic('')).toBe(false);
  });
});
