import { describe, expect, it } from 'vitest';
import { parseCoinsConfig } from '../../../../../src/node/coins/config';
import { plain, readJson } from './helpers';

interface Expected {
  tickers: string[];
  expected: Record<string, Record<string, unknown>>;
}

const file = readJson<unknown>('public/coins.json');
const { tickers, expected } = readJson<Expected>('tests/fixtures/coins/public-coins.json');

describe('public/coins.json', () => {
  const { coins, issues } = parseCoinsConfig(file);

  it('parses every entry without issues, in file order', () => {
    expect(issues).toEqual([]);
    expect([...coins.keys()]).toEqual(tickers);
  });

  it('keeps the coins-file format: an array of entries without links', () => {
    expect(Array.isArray(file)).toBe(true);
    for (const coin of coins.values()) expect(coin.raw).not.toHaveProperty('links');
  });

  it.each(Object.entries(expected))('%s has the derived values', (ticker, fields) => {
    expect(plain(coins.get(ticker))).toMatchObject(fields);
  });
});
