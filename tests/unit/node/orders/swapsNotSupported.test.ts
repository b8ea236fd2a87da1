/**
 * Which coins may be traded. A QRC20 token now swaps through its EtomicSwap contract: the token the
 * node activates carries SwapOps, and an order on it is taken on either side. Every coin family
 * swaps now, but the guard stays for any coin that estimates swap fees without swap transactions:
 * such a coin is refused with SwapsNotSupported, naming the coin and its protocol, on either side.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MmNumber } from '../../../../src/shared/number';
import type { EnabledCoin } from '../../../../src/node/coins/coin';
import { EnabledCoins } from '../../../../src/node/coins/registry';
import type { TradeFees } from '../../../../src/node/coins/tradeFee';
import { MmError } from '../../../../src/node/core/errors';
import { tradeableCoin } from '../../../../src/node/orders/validation';
import { tokenOnFakeServer } from '../coins/qrc20/fakeQtumElectrum';
import { TEST_COINS, TEST_SWAP_CONTRACT } from '../coins/qrc20/fixtures';
import { CONFIGS, fakeCoin } from './harness';

const FEES = {} as TradeFees;
/** KDF's QRC20 test key (qXxsj5RtciAby9T7m98AgAATL4zTi4UwDG). */
const QRC20_KEY = Uint8Array.from([3, 98, 177, 3, 108, 39, 234, 144, 131, 178, 103, 103, 127, 80, 230, 166, 53, 68, 147, 215, 42, 216, 144, 72, 172, 110, 180, 13, 123, 179, 10, 49]);

let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stop?.();
  stop = null;
});

function coinsWith(entries: [string, EnabledCoin][]): { enabled: EnabledCoins; configs: typeof CONFIGS } {
  const enabled = new EnabledCoins();
  for (const [ticker, coin] of entries) {
    enabled.reserve(ticker);
    enabled.settle(ticker, coin);
  }
  return { enabled, configs: CONFIGS };
}

const sides = [
  { role: 'Base' as const, taker: true },
  { role: 'Rel' as const, taker: false },
];

describe('which coins an order may trade', () => {
  it.each(sides)('takes an activated QRC20 token as $role: it swaps through its swap contract', async ({ role, taker }) => {
    const { coin } = await tokenOnFakeServer(TEST_COINS.token, QRC20_KEY, TEST_SWAP_CONTRACT);
    stop = () => coin.shutdown();
    expect(coin.swapOps).toBeDefined();
    expect(tradeableCoin(coinsWith([['QRC20', coin]]), 'QRC20', role, taker)).toBe(coin);
  });

  it.each(sides)('refuses as $role a coin with fee estimates but no swap transactions', ({ role, taker }) => {
    const balances = new Map<string, MmNumber>();
    const coins = coinsWith([['QC-QRC20', { ...fakeCoin('QC-QRC20', balances), tradeFees: FEES, swapOps: undefined }]]);
    let err: unknown;
    try {
      tradeableCoin(coins, 'QC-QRC20', role, taker);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MmError);
    expect({ type: (err as MmError).errorType, data: (err as MmError).errorData, status: (err as MmError).httpStatus }).toEqual({
      type: 'SwapsNotSupported',
      data: { coin: 'QC-QRC20', protocol: 'QRC20' },
      status: 400,
    });
  });
});
