import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import vectors from '../../../fixtures/orders/protocolInfo.json';
import { parseCoinsConfig, type CoinConfig } from '../../../../src/node/coins/config';
import { orderbookAddress, protocolInfo } from '../../../../src/node/orders/coins';
import { bytesToHex, hexToBytes, keyPairFromPrivkey, privkeyFromPassphrase } from '../../../../src/node/crypto';

const { coins } = parseCoinsConfig(JSON.parse(readFileSync(new URL('../../../../public/coins.json', import.meta.url), 'utf8')));
const coin = (ticker: string): CoinConfig => coins.get(ticker)!;
const pubkeyHex = bytesToHex(keyPairFromPrivkey(privkeyFromPassphrase('bob passphrase')).publicKey);

describe('protocolInfo', () => {
  it.each(vectors.infos)('$coin: $hex', ({ coin: ticker, hex }) => {
    expect(bytesToHex(protocolInfo(coin(ticker)))).toBe(hex);
  });
});

describe('orderbookAddress', () => {
  it.each(vectors.addresses)('$description', ({ coin: ticker, info, expected }) => {
    expect(orderbookAddress(coin(ticker), pubkeyHex, hexToBytes(info))).toBe(expected);
  });
});
