import { describe, expect, it } from 'vitest';
import coinsFile from '../../../../fixtures/utxo/coins.json';
import vectors from '../../../../fixtures/utxo/addresses.json';
import { parseCoinsConfig, type CoinConfig } from '../../../../../src/node/coins/config';
import { cashAddressOfScript, decodeAddress, myAddress } from '../../../../../src/node/coins/utxo/address';
import { bytesToHex, hexToBytes, keyPairFromPrivkey, privkeyFromPassphrase } from '../../../../../src/node/crypto';
import { MmError } from '../../../../../src/node/core/errors';

const { coins } = parseCoinsConfig(coinsFile);

function coin(ticker: string): CoinConfig {
  const c = coins.get(ticker);
  if (!c) throw new Error(`${ticker} is not in tests/fixtures/utxo/coins.json`);
  return c;
}

function errorOf(f: () => unknown): MmError {
  try {
    f();
  } catch (e) {
    if (e instanceof MmError) return e;
    throw e;
  }
  throw new Error('expected an MmError');
}

describe('myAddress', () => {
  it.each(vectors.mine)('$description', ({ coin: ticker, passphrase, expected }) => {
    const key = keyPairFromPrivkey(privkeyFromPassphrase(passphrase));
    expect(myAddress(coin(ticker), key.publicKey)).toBe(expected);
  });
});

describe('decodeAddress', () => {
  it.each(vectors.valid)('$description', ({ coin: ticker, address, expected }) => {
    const decoded = decodeAddress(coin(ticker), address);
    expect({ kind: decoded.kind, hash: bytesToHex(decoded.hash), script: bytesToHex(decoded.script) }).toEqual(expected);
  });

  it.each(vectors.invalid)('rejects $description', ({ coin: ticker, address, expected }) => {
    const err = errorOf(() => decodeAddress(coin(ticker), address));
    expect(err.errorType).toBe('InvalidAddress');
    expect(err.httpStatus).toBe(400);
    expect(err.errorData).toBe(expected);
    expect(err.message).toBe(`Invalid address: ${expected}`);
  });

  it('decodes what myAddress makes, for every coin format it supports', () => {
    const key = keyPairFromPrivkey(privkeyFromPassphrase('bob passphrase'));
    for (const ticker of ['LTC', 'LTC-segwit', 'BTC-segwit', 'RLTC1', 'RLTC1-segwit', 'ZEC', 'BCH']) {
      const decoded = decodeAddress(coin(ticker), myAddress(coin(ticker), key.publicKey));
      expect(decoded.kind).toBe(coin(ticker).utxo?.addressFormat.format === 'segwit' ? 'p2wpkh' : 'p2pkh');
    }
  });
});

describe('cashAddressOfScript', () => {
  const hash = '76a04053bda0a88bda5177b86a15c3b29f559873';
  it.each([
    ['BCH', `76a914${hash}88ac`, 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'],
    ['BCH', `a914${hash}87`, 'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq'],
    ['BCH', `0014${hash}`, undefined],
    ['BCH', `76a914${hash}88`, undefined],
    ['BCH', '6a0401020304', undefined],
    ['LTC', `76a914${hash}88ac`, undefined],
  ])('%s %s', (ticker, script, expected) => {
    expect(cashAddressOfScript(coin(ticker), hexToBytes(script))).toBe(expected);
  });
});
