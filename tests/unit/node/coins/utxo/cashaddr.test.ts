import { base58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import vectors from '../../../../fixtures/utxo/cashaddr.json';
import { decodeCashAddr, encodeCashAddr, type CashAddrKind } from '../../../../../src/node/coins/utxo/cashaddr';
import { bytesToHex, hexToBytes, sha256 } from '../../../../../src/node/crypto';
import { MmError } from '../../../../../src/node/core/errors';

const b58c = base58check(sha256);
const KIND_OF_TYPE: Record<number, CashAddrKind> = { 0: 'p2pkh', 1: 'p2sh' };

function errorOf(f: () => unknown): MmError {
  try {
    f();
  } catch (e) {
    if (e instanceof MmError) return e;
    throw e;
  }
  throw new Error('expected an MmError');
}

const prefixOf = (address: string) => address.slice(0, address.indexOf(':'));

describe('CashAddr spec vectors', () => {
  it.each(vectors.translation)('$legacy is $cashaddr', ({ legacy, cashaddr }) => {
    const payload = b58c.decode(legacy);
    const kind = payload[0] === 0 ? 'p2pkh' : 'p2sh';
    const hash = payload.slice(1);
    expect(encodeCashAddr({ prefix: 'bitcoincash', kind, hash })).toBe(cashaddr);
    const decoded = decodeCashAddr(cashaddr, 'bitcoincash');
    expect({ ...decoded, hash: bytesToHex(decoded.hash) }).toEqual({ prefix: 'bitcoincash', kind, hash: bytesToHex(hash) });
  });

  it.each(vectors.sizes)('$address', ({ address, type, hash }) => {
    const kind = KIND_OF_TYPE[type]!;
    const prefix = prefixOf(address);
    expect(encodeCashAddr({ prefix, kind, hash: hexToBytes(hash) })).toBe(address);
    const decoded = decodeCashAddr(address, 'other');
    expect({ ...decoded, hash: bytesToHex(decoded.hash) }).toEqual({ prefix, kind, hash });
  });
});

describe('decodeCashAddr', () => {
  it.each(vectors.accepted)('accepts $description', ({ address, defaultPrefix, expected }) => {
    const decoded = decodeCashAddr(address, defaultPrefix);
    expect({ ...decoded, hash: bytesToHex(decoded.hash) }).toEqual(expected);
  });

  it.each(vectors.refused)('refuses $description', ({ address, expected }) => {
    const err = errorOf(() => decodeCashAddr(address, 'bitcoincash'));
    expect(err.errorType).toBe('InvalidAddress');
    expect(err.errorData).toBe(expected);
  });

  it('refuses every single-character change of a valid address', () => {
    const valid = vectors.translation[0]!.cashaddr;
    const payloadStart = valid.indexOf(':') + 1;
    for (let i = payloadStart; i < valid.length; i++) {
      for (const c of 'qpzry9x8gf2tvdw0s3jn54khce6mua7l') {
        if (c === valid[i]) continue;
        const changed = valid.slice(0, i) + c + valid.slice(i + 1);
        expect(errorOf(() => decodeCashAddr(changed, 'bitcoincash')).errorData).toBe("cashaddress checksum mismatch for the prefix 'bitcoincash'");
      }
    }
  });
});

describe('encodeCashAddr', () => {
  it('refuses a hash of a size the version byte cannot say, and a prefix that is not letters and digits', () => {
    expect(errorOf(() => encodeCashAddr({ prefix: 'bitcoincash', kind: 'p2pkh', hash: new Uint8Array(21) })).errorType).toBe('InternalError');
    expect(errorOf(() => encodeCashAddr({ prefix: 'bit:coin', kind: 'p2pkh', hash: new Uint8Array(20) })).errorType).toBe('InternalError');
  });
});
