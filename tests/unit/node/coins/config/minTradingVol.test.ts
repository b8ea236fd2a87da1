import { describe, expect, it } from 'vitest';
import { MmError } from '../../../../../src/node/core/errors';
import { minTradingVol, parseCoinsConfig, type CoinConfig } from '../../../../../src/node/coins/config';
import { readJson } from './helpers';

const { coins } = parseCoinsConfig(readJson<unknown>('public/coins.json'));
const { expected } = readJson<{ expected: Record<string, string> }>('tests/fixtures/coins/min-trading-vol.json');

describe('minTradingVol', () => {
  it.each(Object.entries(expected))('%s: %s base units', (ticker, volume) => {
    const coin = coins.get(ticker);
    expect(coin).toBeDefined();
    expect(minTradingVol(coin as CoinConfig)).toBe(BigInt(volume));
  });

  it('follows a custom dust', () => {
    const { coins: custom } = parseCoinsConfig([{ coin: 'FOO', dust: 777, protocol: { type: 'UTXO' } }]);
    expect(minTradingVol(custom.get('FOO') as CoinConfig)).toBe(7770n);
  });

  it('refuses a UTXO config without UTXO parameters', () => {
    const broken = { ...(coins.get('BTC') as CoinConfig), utxo: undefined };
    expect(() => minTradingVol(broken)).toThrow(MmError);
  });
});
