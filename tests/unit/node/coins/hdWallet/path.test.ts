import { describe, expect, it } from 'vitest';
import { p2pkhAddress, p2wpkhAddress } from '../../../../../src/node/crypto/address';
import { deriveKeyPair, hdRootFromMnemonic } from '../../../../../src/node/crypto/hd';
import { accountPath, addressPath, HdPathError, parseAddressPath } from '../../../../../src/node/coins/hdWallet/path';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const root = hdRootFromMnemonic(MNEMONIC);

describe('HD address paths', () => {
  it('derive the BIP44 and BIP84 published addresses of the "abandon … about" mnemonic', () => {
    const at = (coin: string, accountId: number, chain: 'External' | 'Internal', addressId: number): Uint8Array =>
      deriveKeyPair(root, addressPath(coin, { accountId, chain, addressId })).publicKey;
    expect(p2pkhAddress(at("m/44'/0'", 0, 'External', 0), 0)).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA');
    expect(p2wpkhAddress(at("m/84'/0'", 0, 'External', 0), 'bc')).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(p2wpkhAddress(at("m/84'/0'", 0, 'External', 1), 'bc')).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    expect(p2wpkhAddress(at("m/84'/0'", 0, 'Internal', 0), 'bc')).toBe('bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el');
  });

  it('spell account and address paths as KDF does', () => {
    expect(accountPath("m/44'/141'", 3)).toBe("m/44'/141'/3'");
    expect(addressPath("m/44'/141'", { accountId: 3, chain: 'Internal', addressId: 7 })).toBe("m/44'/141'/3'/1/7");
  });

  it('read an address path back', () => {
    expect(parseAddressPath("m/44'/141'", "m/44'/141'/2'/0/5")).toEqual({ accountId: 2, chain: 'External', addressId: 5 });
    expect(parseAddressPath("m/44'/141'", "m/44'/141'/2147483647'/1/2147483647")).toEqual({
      accountId: 2147483647,
      chain: 'Internal',
      addressId: 2147483647,
    });
  });

  it.each([
    ["m/44'/2'/0'/0/5", 'not under'],
    ["m/44'/141'/0/0/5", 'account'],
    ["m/44'/141'/0'/2/5", 'chain'],
    ["m/44'/141'/0'/0/5'", 'address_index'],
    ["m/44'/141'/0'/0", 'address_index'],
    ["m/44'/141'/0'/0/5/1", 'address_index'],
    ["m/44'/141'/2147483648'/0/0", 'below'],
    ["m/44'/141'/0'/0/2147483648", 'below'],
    ["m/44'/141'/0'/0/-1", 'address_index'],
  ])('refuse %s', (path, why) => {
    expect(() => parseAddressPath("m/44'/141'", path)).toThrow(HdPathError);
    expect(() => parseAddressPath("m/44'/141'", path)).toThrow(new RegExp(why));
  });
});
