import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import vectors from '../../../fixtures/orders/protocolInfo.json';
import { parseCoinsConfig, type CoinConfig } from '../../../../src/node/coins/config';
import { orderbookAddress, protocolInfo } from '../../../../src/node/orders/coins';
import { entryView } from '../../../../src/node/orders/orderbookEntry';
import { MmNumber } from '../../../../src/shared/number';
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

describe('the entry address memo', () => {
  const withInfo = (info: string) => ({
    pubkey: pubkeyHex,
    base: 'LTC',
    rel: 'KMD',
    price: MmNumber.ONE,
    maxVolume: MmNumber.ONE,
    minVolume: MmNumber.ZERO,
    uuid: '00000000-0000-4000-8000-000000000001',
    createdAt: 1,
    baseProtocolInfo: hexToBytes(info),
    relProtocolInfo: new Uint8Array(),
    confSettings: null,
  });

  it('keeps one maker\'s addresses apart by protocol info, also after a flood of distinct infos', () => {
    // Segwit, standard, then a flood of distinct unreadable infos (each read as standard).
    const infos = ['91a6736567776974', '', '91a87374616e64617264', ...Array.from({ length: 30 }, (_, i) => `c1${i.toString(16).padStart(2, '0')}`), '91a6736567776974'];
    const addresses = new Set<string | undefined>();
    for (const round of [1, 2]) {
      for (const info of infos) {
        const expected = orderbookAddress(coin('LTC'), pubkeyHex, hexToBytes(info));
        const shown = entryView(withInfo(info), false, 'base', coin('LTC'), '')?.address;
        expect(shown, `${info}, round ${round}`).toBe(expected);
        addresses.add(shown);
      }
    }
    expect(addresses.size).toBe(2);
  });
});
