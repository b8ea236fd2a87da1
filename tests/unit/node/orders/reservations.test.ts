/**
 * Atomic reservations: orders that spend a coin are checked, stored and put in memory one at a
 * time per coin, so concurrent requests never promise more than the balance; unrelated coins do
 * not wait for each other, and locks taken in any order never deadlock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { MmNumber } from '../../../../src/shared/number';
import { EnabledCoins } from '../../../../src/node/coins/registry';
import { CoinLocks } from '../../../../src/node/orders/coinLocks';
import type { OrderBalance } from '../../../../src/node/orders/balance';
import { OrdersService } from '../../../../src/node/orders/service';
import type { SetPriceRequest } from '../../../../src/node/orders/makerActions';
import type { SellBuyRequest } from '../../../../src/node/orders/takerActions';
import { Bus } from './bus';
import { CONFIGS, fakeBalance, fakeCoin, num, setPriceRequest, sellBuyRequest } from './harness';

const services: OrdersService[] = [];

afterEach(async () => {
  for (const s of services.splice(0)) await s.stop();
});

/** A node whose balance checks take a few milliseconds (as an Electrum round trip does), so requests interleave. */
async function startNode(balances: Record<string, string>, balance?: (b: Map<string, MmNumber>) => OrderBalance): Promise<OrdersService> {
  const amounts = new Map(Object.entries(balances).map(([c, v]) => [c, MmNumber.parse(v)]));
  const coins = new EnabledCoins();
  for (const ticker of amounts.keys()) {
    coins.reserve(ticker);
    coins.settle(ticker, fakeCoin(ticker, amounts));
  }
  const inner = fakeBalance(amounts);
  const roundTrip = () => new Promise((r) => setTimeout(r, 2));
  // The balance is read, then fees are priced: the verdict is reached a round trip before the check returns.
  const slow: OrderBalance = {
    check: async (req, locked) => {
      await roundTrip();
      await inner.check(req, locked);
      await roundTrip();
    },
    maxMakerVolume: async (coin, locked) => {
      await roundTrip();
      const max = await inner.maxMakerVolume(coin, locked);
      await roundTrip();
      return max;
    },
  };
  const pubkey = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
  const service = await OrdersService.start({
    p2p: new Bus().join(pubkey),
    pubkey,
    coins: { enabled: coins, configs: CONFIGS },
    balance: balance?.(amounts) ?? slow,
    persistence: null,
    now: () => Date.now(),
    log: () => undefined,
  });
  services.push(service);
  return service;
}

const setprice = (over: Partial<SetPriceRequest> = {}): SetPriceRequest => setPriceRequest({ saveInHistory: false, ...over });

const sellBuy = (over: Partial<SellBuyRequest> = {}): SellBuyRequest => sellBuyRequest({ action: 'Sell', price: num('1'), timeout: 600, saveInHistory: false, ...over });

/** What my orders promise of `coin`: maker volumes and what taker requests would send. */
function promised(s: OrdersService, coin: string): MmNumber {
  let sum = MmNumber.ZERO;
  for (const o of s.makerOrders()) if (o.base === coin) sum = sum.add(o.maxBaseVol);
  for (const o of s.takerOrders()) {
    const r = o.request;
    if (r.action === 'Sell' && r.base === coin) sum = sum.add(r.baseAmount);
    if (r.action === 'Buy' && r.rel === coin) sum = sum.add(r.relAmount);
  }
  return sum;
}

describe('concurrent orders on one balance', () => {
  it('setprice 60, 30 and 30 at once on a balance of 100: two are accepted, the third is refused', async () => {
    const s = await startNode({ RLTC1: '100', RLTC2: '100' });
    const results = await Promise.allSettled(['60', '30', '30'].map((v) => s.setPrice(setprice({ volume: num(v) }))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ errorType: 'NotSufficientBalance' });
    expect(promised(s, 'RLTC1').toDecimalString()).toBe('90');
  });

  it('many setprice / sell / buy / update_maker_order at once never promise more than the balance', async () => {
    const s = await startNode({ RLTC1: '100', RLTC2: '1000', ETHDEV: '1000' });
    const base = await s.setPrice(setprice({ volume: num('10') }));
    const requests: Promise<unknown>[] = [];
    for (let i = 0; i < 12; i++) {
      const v = num(String(7 + (i % 5)));
      requests.push(s.setPrice(setprice({ rel: i % 2 ? 'RLTC2' : 'ETHDEV', volume: v })));
      requests.push(s.sellOrBuy(sellBuy({ volume: v, rel: i % 2 ? 'ETHDEV' : 'RLTC2' })));
      // A buy of RLTC2 with RLTC1 sends RLTC1: volume × price.
      requests.push(s.sellOrBuy(sellBuy({ action: 'Buy', base: 'RLTC2', rel: 'RLTC1', volume: v, price: num('1') })));
      requests.push(s.updateMakerOrder({ uuid: base.uuid, volumeDelta: num('3'), max: false }));
    }
    const results = await Promise.allSettled(requests);
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as { errorType?: string });
    expect(refused.length).toBeGreaterThan(0);
    for (const e of refused) expect(['NotSufficientBalance', 'OrderError']).toContain(e.errorType);
    expect(promised(s, 'RLTC1').lte(num('100'))).toBe(true);
    expect(promised(s, 'RLTC1').gte(num('90'))).toBe(true);
  });

  it('a coin waiting for its balance check does not hold up orders of other coins', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const s = await startNode({ RLTC1: '100', RLTC2: '100', ETHDEV: '100', 'DEVT18-ERC20': '100' }, (amounts) => {
      const inner = fakeBalance(amounts);
      return {
        check: async (req, locked) => {
          if (req.base === 'RLTC1') await gate;
          return inner.check(req, locked);
        },
        maxMakerVolume: inner.maxMakerVolume,
      };
    });
    const blocked = s.setPrice(setprice({}));
    const sameCoin = s.setPrice(setprice({ rel: 'ETHDEV' }));
    const other = await s.setPrice(setprice({ base: 'ETHDEV', rel: 'DEVT18-ERC20' }));
    expect(s.makerOrders().map((o) => o.uuid)).toEqual([other.uuid]);
    release();
    await Promise.all([blocked, sameCoin]);
    expect(s.makerOrders()).toHaveLength(3);
  });
});

describe('CoinLocks', () => {
  const tick = () => new Promise((r) => setTimeout(r, 1));

  it('runs holders of one coin one at a time, in arrival order, and frees the lock when a holder throws', async () => {
    const locks = new CoinLocks();
    const seen: string[] = [];
    const holder = (name: string, fail = false) =>
      locks.run(['A'], async () => {
        seen.push(`${name} in`);
        await tick();
        seen.push(`${name} out`);
        if (fail) throw new Error(name);
      });
    const results = await Promise.allSettled([holder('1'), holder('2', true), holder('3')]);
    expect(seen).toEqual(['1 in', '1 out', '2 in', '2 out', '3 in', '3 out']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('holders of two coins named in any order never deadlock, and one waiting holds nothing', async () => {
    const locks = new CoinLocks();
    let inside = 0;
    let most = 0;
    const holder = (coins: string[]) =>
      locks.run(coins, async () => {
        most = Math.max(most, ++inside);
        await tick();
        inside--;
      });
    await Promise.all(Array.from({ length: 40 }, (_, i) => holder(i % 2 ? ['A', 'B'] : ['B', 'A', 'B'])));
    expect(most).toBe(1);
    // B is free while the holder of A and B waits for A.
    let release!: () => void;
    const a = locks.run(['A'], () => new Promise<void>((r) => (release = r)));
    const ab = locks.run(['A', 'B'], async () => 'ab');
    expect(await locks.run(['B'], async () => 'b')).toBe('b');
    release();
    expect(await ab).toBe('ab');
    await a;
  });
});
