/** The QRC20 fixtures (tests/fixtures/qrc20, each noting its source) and the KDF test coin they use. */
import { readFileSync } from 'node:fs';
import { parseCoinsConfig, type CoinConfig } from '../../../../../src/node/coins/config';

export function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../../../../fixtures/qrc20/${name}`, import.meta.url), 'utf8')) as T;
}

const coinsFixture = fixture<{ swapContract: string; coins: unknown[] }>('coins.json');

/** KDF's QRC20 test token and its platform, parsed as the node parses a coins file. */
export const TEST_COINS = (() => {
  const { coins, issues } = parseCoinsConfig(coinsFixture.coins);
  if (issues.length > 0) throw new Error(`fixture coins.json: ${JSON.stringify(issues)}`);
  return { token: coins.get('QRC20')!, platform: coins.get('QTUM')! } satisfies Record<string, CoinConfig>;
})();

export const TEST_SWAP_CONTRACT = coinsFixture.swapContract;
