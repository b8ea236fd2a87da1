import { describe, expect, it } from 'vitest';
import { parseCoinsConfig, type CoinConfigIssue } from '../../../../../src/node/coins/config';
import { plain, readJson } from './helpers';

interface DefaultsCase {
  description: string;
  entries: unknown[];
  ticker: string;
  expected: Record<string, unknown>;
  absent?: string[];
  absentUtxo?: string[];
}

interface BadEntryCase {
  description: string;
  entries: unknown[];
  issues: CoinConfigIssue[];
  present?: Record<string, Record<string, unknown>>;
}

interface BadInputCase {
  description: string;
  input: unknown;
  issues: CoinConfigIssue[];
}

const defaults = readJson<DefaultsCase[]>('tests/fixtures/coins/defaults.json');
const badEntries = readJson<BadEntryCase[]>('tests/fixtures/coins/bad-entries.json');
const badInputs = readJson<BadInputCase[]>('tests/fixtures/coins/bad-inputs.json');

/** Good entries placed around each bad one: a UTXO coin and an ETH platform. */
const GOOD_A = { coin: 'GOODA', pubtype: 1, protocol: { type: 'UTXO' } };
const GOOD_B = { coin: 'GOODB', mm2: 1, protocol: { type: 'ETH', protocol_data: { chain_id: 1 } } };

const byFieldAndText = (a: CoinConfigIssue, b: CoinConfigIssue): number =>
  `${a.ticker}|${a.field}|${a.message}`.localeCompare(`${b.ticker}|${b.field}|${b.message}`);

describe('parseCoinsConfig defaults', () => {
  it.each(defaults)('$description', ({ entries, ticker, expected, absent = [], absentUtxo = [] }) => {
    const { coins, issues } = parseCoinsConfig(entries);
    expect(issues).toEqual([]);
    const coin = coins.get(ticker);
    expect(coin).toBeDefined();
    expect(plain(coin)).toMatchObject(expected);
    for (const key of absent) expect(coin?.[key as keyof typeof coin]).toBeUndefined();
    for (const key of absentUtxo) expect(coin?.utxo?.[key as keyof NonNullable<typeof coin.utxo>]).toBeUndefined();
  });

  it('keeps the entry itself as raw', () => {
    const entry = { coin: 'FOO', rpcport: 7771, spv_conf: { x: 1 }, protocol: { type: 'UTXO' } };
    expect(parseCoinsConfig([entry]).coins.get('FOO')?.raw).toBe(entry);
  });
});

describe('parseCoinsConfig bad entries', () => {
  it.each(badEntries)('$description', ({ entries, issues: expected, present = {} }) => {
    const { coins, issues } = parseCoinsConfig([GOOD_A, ...entries, GOOD_B]);
    expect([...issues].sort(byFieldAndText)).toEqual([...expected].sort(byFieldAndText));
    // The good entries around the bad one still load.
    expect(coins.get('GOODA')?.utxo?.pubtype).toBe(1);
    expect(coins.get('GOODB')?.protocol).toEqual({ type: 'ETH', chainId: 1 });
    // Every reported ticker is left out unless it is expected (the first of duplicates).
    for (const { ticker } of expected) {
      if (!(ticker in present)) expect(coins.has(ticker)).toBe(false);
    }
    for (const [ticker, fields] of Object.entries(present)) expect(plain(coins.get(ticker))).toMatchObject(fields);
  });
});

describe('parseCoinsConfig bad input', () => {
  it.each(badInputs)('$description', ({ input, issues }) => {
    const result = parseCoinsConfig(input);
    expect(result.issues).toEqual(issues);
    expect(result.coins.size).toBe(0);
  });
});
