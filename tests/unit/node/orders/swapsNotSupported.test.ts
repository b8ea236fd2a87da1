/**
 * A coin that estimates swap fees but cannot run a swap (a QRC20 token: its swap contract calls are
 * not built yet) may not be traded: the order is refused with SwapsNotSupported, naming the coin
 * and its protocol, whichever side it is on.
 */
import { describe, expect, it } from 'vitest';
import type { MmNumber } from '../../../../src/shared/number';
import { EnabledCoins } from '../../../../src/node/coins/registry';
import type { TradeFees } from '../../../../src/node/coins/tradeFee';
import type { SwapOps } from '../../../../src/node/coins/swapOps';
import { MmError } from '../../../../src/node/errors';
import { tradeableCoin } from '../../../../src/node/orders/validation';
import { CONFIGS, fakeCoin } from './harness';

const FEES = {} as TradeFees;
const OPS = {} as SwapOps;

function coins(): { enabled: EnabledCoins; configs: typeof CONFIGS } {
  const enabled = new EnabledCoins();
  const balances = new Map<string, MmNumber>();
  for (const [ticker, extra] of [
    ['QC-QRC20', { tradeFees: FEES }],
    ['QTUM', { tradeFees: FEES, swapOps: OPS }],
  ] as const) {
    enabled.reserve(ticker);
    enabled.settle(ticker, { ...fakeCoin(ticker, balances), ...extra });
  }
  return { enabled, configs: CONFIGS };
}

describe('orders in a coin that cannot swap', () => {
  it.each([
    { role: 'Base' as const, taker: true },
    { role: 'Rel' as const, taker: false },
  ])('refuses QC-QRC20 as $role', ({ role, taker }) => {
    let err: unknown;
    try {
      tradeableCoin(coins(), 'QC-QRC20', role, taker);
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

  it('takes a coin that has both fee estimates and swap transactions', () => {
    expect(tradeableCoin(coins(), 'QTUM', 'Base', true).ticker).toBe('QTUM');
  });
});
