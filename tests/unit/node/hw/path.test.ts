import { describe, expect, it } from 'vitest';
import { toAddressN } from '../../../../src/node/hw/trezor/path';

describe('toAddressN', () => {
  it('reads hardened and plain indexes', () => {
    expect(toAddressN("m/44'/141'/2147483647/0/0")).toEqual([0x8000002c, 0x8000008d, 0x7fffffff, 0, 0]);
    expect(toAddressN('m/84h/1H/0')).toEqual([0x80000054, 0x80000001, 0]);
    expect(toAddressN('m')).toEqual([]);
  });

  it('passes a numeric path through', () => {
    expect(toAddressN([0x80000000, 1])).toEqual([0x80000000, 1]);
  });

  it.each(["44'/0'", "m/2147483648'", 'm/-1', 'm/1/x', "m//0", 'm/0x1'])('rejects %s', (path) => {
    expect(() => toAddressN(path)).toThrow(/Invalid derivation path/);
  });

  it('rejects numeric indexes beyond uint32', () => {
    expect(() => toAddressN([2 ** 32])).toThrow(/Invalid derivation path/);
    expect(() => toAddressN([1.5])).toThrow(/Invalid derivation path/);
  });
});
