/**
 * The bot's cycle and states over a fake orders service and a price source the test sets: it
 * places, moves and cancels its own orders only, cancels them when prices go stale or missing,
 * writes its state before it tells the page, and answers KDF's state errors.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MmBot, type BotOrders, type MmBotDeps } from '../../../../src/node/mmbot/bot';
import { readBotConfig } from '../../../../src/node/mmbot/config';
import { PriceClient, type PriceRegistry, type TickerPrice } from '../../../../src/node/mmbot/priceClient';
import type { SetPriceRequest, UpdateMakerOrderRequest } from '../../../../src/node/orders/makerActions';
import type { StoredMmBot } from '../../../../src/node/storage/mmBotDb';
import { MmError } from '../../../../src/node/core/errors';
import type { MmBotEventData } from '../../../../src/shared/mmBotEvents';
import { MmNumber } from '../../../../src/shared/number';
import { ParamReader } from '../../../../src/shared/params';

const n = (s: string) => MmNumber.parse(s);
const NOW_MS = 1_700_000_000_000;
const NOW = NOW_MS / 1000;
const ticker = (price: string, ts = NOW): TickerPrice => ({ lastPrice: n(price), lastUpdatedTimestamp: ts, provider: 'coingecko' });

interface FakeOrder { uuid: string; base: string; rel: string; price: MmNumber; maxBaseVol: MmNumber; minVolume?: MmNumber }

/** The orders service as the bot sees it; `log` records every call in order, with the bot's events and store writes. */
class FakeOrders implements BotOrders {
  readonly orders = new Map<string, FakeOrder>();
  private next = 1;
  constructor(private readonly log: string[], public balance = n('10')) {}
  makerOrders() {
    return [...this.orders.values()];
  }
  makerVolumeAvailable(): Promise<MmNumber> {
    return Promise.resolve(this.balance);
  }
  setPrice(req: SetPriceRequest) {
    const uuid = `00000000-0000-4000-8000-00000000000${this.next++}`;
    const order: FakeOrder = { uuid, base: req.base, rel: req.rel, price: req.price, maxBaseVol: req.max ? this.balance : req.volume, ...(req.minVolume && { minVolume: req.minVolume }) };
    expect(req.cancelPrevious).toBe(false);
    this.orders.set(uuid, order);
    this.log.push(`setprice ${req.base}/${req.rel} ${req.price.toDecimalString()} ${order.maxBaseVol.toDecimalString()}`);
    return Promise.resolve(order);
  }
  updateMakerOrder(req: UpdateMakerOrderRequest) {
    const order = this.orders.get(req.uuid);
    if (!order) return Promise.reject(new Error(`There is no order with UUID ${req.uuid}`));
    if (req.newPrice) order.price = req.newPrice;
    if (req.max) order.maxBaseVol = this.balance;
    else if (req.volumeDelta) order.maxBaseVol = order.maxBaseVol.add(req.volumeDelta);
    this.log.push(`update ${order.uuid} ${order.price.toDecimalString()} ${order.maxBaseVol.toDecimalString()}`);
    return Promise.resolve(order);
  }
  cancelOrder(uuid: string) {
    this.log.push(`cancel ${uuid}`);
    return Promise.resolve(this.orders.delete(uuid));
  }
  hand(base: string, rel: string): string {
    const uuid = 'ffffffff-0000-4000-8000-000000000000';
    this.orders.set(uuid, { uuid, base, rel, price: n('1'), maxBaseVol: n('1') });
    return uuid;
  }
}

const PAIRS = {
  'RLTC1/RLTC2': { base: 'RLTC1', rel: 'RLTC2', spread: '1.025', max_volume: { percentage: '0.5' }, enable: true },
  'RLTC2/RLTC1': { base: 'RLTC2', rel: 'RLTC1', spread: '1.05', max: true, enable: true },
};
const request = (over: Record<string, unknown> = {}) => ({ cfg: PAIRS, price_url: 'http://127.0.0.1:1/t', ...over });
const config = (req: unknown) => readBotConfig(new ParamReader(req, 'params'));

function setup(opts: { prices?: () => Promise<PriceRegistry>; failStore?: boolean; pastTrades?: MmBotDeps['pastTrades'] } = {}) {
  const log: string[] = [];
  const events: MmBotEventData[] = [];
  const stored: StoredMmBot[] = [];
  const orders = new FakeOrders(log);
  let registry: PriceRegistry = new Map([['RLTC1', ticker('2')], ['RLTC2', ticker('1')]]);
  const deps: MmBotDeps = {
    orders: () => orders,
    coinActive: () => true,
    prices: { tickers: () => (opts.prices ? opts.prices() : Promise.resolve(registry)) },
    store: {
      save: (r) => {
        if (opts.failStore) return Promise.reject(new Error('disk full'));
        stored.push(structuredClone(r));
        log.push(`store running=${r.running} orders=${Object.keys(r.orders).length}`);
        return Promise.resolve();
      },
    },
    now: () => NOW_MS,
    pastTrades: opts.pastTrades ?? (() => Promise.resolve([])),
    emit: (e) => {
      events.push(e);
      log.push(`event ${e.type}`);
    },
    log: () => undefined,
  };
  const bot = new MmBot(deps);
  const setPrices = (r: PriceRegistry) => (registry = r);
  /** Resolves when the loop's cycle (or stop) has emitted `type`. */
  const waitFor = async (type: MmBotEventData['type']) => {
    for (let i = 0; i < 200 && !events.some((e) => e.type === type); i++) await new Promise((r) => setTimeout(r, 1));
    expect(events.map((e) => e.type)).toContain(type);
  };
  return { bot, log, events, stored, orders, setPrices, waitFor };
}

let running: MmBot[] = [];
afterEach(async () => {
  await Promise.all(running.map((b) => b.halt()));
  running = [];
});

async function started(t: ReturnType<typeof setup>, req = request()) {
  running.push(t.bot);
  await t.bot.start(config(req), req);
  await t.waitFor('CycleDone');
}

describe('the bot\'s cycle', () => {
  it('places an order per enabled pair at the pair price × spread, sized from the balance, stored before the page hears', async () => {
    const t = setup();
    await started(t);
    // RLTC1 $2, RLTC2 $1: RLTC1/RLTC2 at 2 × 1.025 = 2.05 for half of 10; RLTC2/RLTC1 at 0.5 × 1.05 = 0.525, max
    expect(t.log.filter((l) => l.startsWith('setprice'))).toEqual(['setprice RLTC1/RLTC2 2.05 5', 'setprice RLTC2/RLTC1 0.525 10']);
    const created = t.log.indexOf('event OrderCreated');
    expect(t.log[created - 1]).toBe('store running=true orders=1');
    expect(t.stored.at(-1)?.orders).toEqual(Object.fromEntries(t.bot.orders));
    expect(t.bot.state).toBe('Running');
  });

  it('moves its orders to a new price and a new balance on the next cycle', async () => {
    const t = setup();
    await started(t);
    const [first] = [...t.bot.orders.values()];
    t.setPrices(new Map([['RLTC1', ticker('3')], ['RLTC2', ticker('1')]]));
    t.orders.balance = n('8');
    await t.bot.runCycle();
    // 3 × 1.025 = 3.075 for half of 8; 1/3 × 1.05 = 0.35 with max
    expect(t.log).toContain(`update ${first} 3.075 4`);
    expect(t.log.filter((l) => l.startsWith('update')).at(-1)).toMatch(/ 0\.35 8$/);
    expect(t.log.filter((l) => l.startsWith('setprice'))).toHaveLength(2);
  });

  it('cancels its orders when prices go stale, and leaves a hand-placed order alone', async () => {
    const t = setup();
    await started(t);
    const hand = t.orders.hand('RLTC1', 'RLTC2');
    t.setPrices(new Map([['RLTC1', ticker('2', NOW - 301)], ['RLTC2', ticker('1')]]));
    await t.bot.runCycle();
    expect(t.bot.orders.size).toBe(0);
    expect([...t.orders.orders.keys()]).toEqual([hand]);
    expect(t.events.filter((e) => e.type === 'PairSkipped').map((e) => 'reason' in e && e.reason)).toEqual(['PriceElapsedValidityExpired', 'PriceElapsedValidityExpired']);
  });

  it('cancels its orders when no price source answers', async () => {
    let fail = false;
    const t = setup({ prices: () => (fail ? Promise.reject(new Error('couldn\'t fetch price')) : Promise.resolve(new Map([['RLTC1', ticker('2')], ['RLTC2', ticker('1')]]))) });
    await started(t);
    const hand = t.orders.hand('RLTC2', 'RLTC1');
    fail = true;
    await t.bot.runCycle();
    expect([...t.orders.orders.keys()]).toEqual([hand]);
    expect(t.events.filter((e) => e.type === 'OrderCancelled')).toHaveLength(2);
    expect(t.events.some((e) => e.type === 'PricesUnavailable')).toBe(true);
  });

  it('places nothing from hostile answers: zero, negative, huge or mistyped prices', async () => {
    const answers = [
      { RLTC1: { last_price: '0', last_updated_timestamp: NOW, price_provider: 'coingecko' }, RLTC2: { last_price: '1', last_updated_timestamp: NOW, price_provider: 'coingecko' } },
      { RLTC1: { last_price: '-2', last_updated_timestamp: NOW, price_provider: 'coingecko' }, RLTC2: { last_price: '1', last_updated_timestamp: NOW, price_provider: 'coingecko' } },
      { RLTC1: { last_price: '1e30', last_updated_timestamp: NOW, price_provider: 'coingecko' }, RLTC2: { last_price: '1', last_updated_timestamp: NOW, price_provider: 'coingecko' } },
      { RLTC1: { last_price: { numer: 2 }, last_updated_timestamp: NOW, price_provider: 'coingecko' }, RLTC2: { last_price: '0', last_updated_timestamp: NOW, price_provider: 'coingecko' } },
    ];
    for (const answer of answers) {
      const client = new PriceClient({ fetch: () => Promise.resolve(new Response(JSON.stringify(answer), { status: 200 })) });
      const t = setup({ prices: () => client.tickers(['http://127.0.0.1:1/t'], ['RLTC1', 'RLTC2']) });
      await started(t);
      expect(t.log.filter((l) => l.startsWith('setprice')), JSON.stringify(answer)).toEqual([]);
    }
  });

  it('raises the price to the average of the last swaps with check_last_bidirectional_trade_thresh_hold', async () => {
    // sold 1 RLTC1 for 3 RLTC2 before: 3 > 2 × 1.025 = 2.05, so the order asks 3
    const t = setup({ pastTrades: (my) => Promise.resolve(my === 'RLTC1' ? [{ success: true, myAmount: n('1'), otherAmount: n('3') }] : []) });
    const req = request({ cfg: { 'RLTC1/RLTC2': { ...PAIRS['RLTC1/RLTC2'], check_last_bidirectional_trade_thresh_hold: true } } });
    await started(t, req);
    expect(t.log.filter((l) => l.startsWith('setprice'))).toEqual(['setprice RLTC1/RLTC2 3 5']);
  });

  it('forgets an order that is gone (taken, or cancelled by hand) and places a new one', async () => {
    const t = setup();
    await started(t);
    const [first] = [...t.bot.orders.values()];
    t.orders.orders.delete(first!);
    await t.bot.runCycle();
    expect(t.log.filter((l) => l.startsWith('setprice'))).toHaveLength(3);
    expect(t.bot.orders.get('RLTC1/RLTC2')).not.toBe(first);
  });
});

describe('the bot\'s states (KDF\'s Running / Stopping / Stopped)', () => {
  it('answers AlreadyStarted, then stops cancelling only its own orders, then AlreadyStopped', async () => {
    const t = setup();
    await started(t);
    const hand = t.orders.hand('RLTC1', 'RLTC2');
    await expect(t.bot.start(config(request()), request())).rejects.toMatchObject({ errorType: 'AlreadyStarted', httpStatus: 400 });
    await t.bot.stop();
    expect(t.stored.at(-1)?.running).toBe(false);
    await t.waitFor('Stopped');
    expect(t.events.find((e) => e.type === 'Stopped')).toEqual({ type: 'Stopped', nb_orders: 2 });
    expect([...t.orders.orders.keys()]).toEqual([hand]);
    expect(t.bot.state).toBe('Stopped');
    await expect(t.bot.stop()).rejects.toMatchObject({ errorType: 'AlreadyStopped', httpStatus: 400 });
  });

  it('answers AlreadyStopping and CannotStartFromStopping while it stops', async () => {
    const t = setup();
    await started(t);
    // the stop's cancellations wait on the orders service until the test lets them through
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    const cancel = t.orders.cancelOrder.bind(t.orders);
    t.orders.cancelOrder = async (uuid) => gate.then(() => cancel(uuid));
    await t.bot.stop();
    expect(t.bot.state).toBe('Stopping');
    await expect(t.bot.stop()).rejects.toMatchObject({ errorType: 'AlreadyStopping' });
    await expect(t.bot.start(config(request()), request())).rejects.toMatchObject({ errorType: 'CannotStartFromStopping' });
    release();
    await t.waitFor('Stopped');
    expect(t.bot.state).toBe('Stopped');
  });

  it('starts once when two starts come together', async () => {
    const t = setup();
    running.push(t.bot);
    const both = await Promise.allSettled([t.bot.start(config(request()), request()), t.bot.start(config(request()), request())]);
    expect(both.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(both[1]).toMatchObject({ reason: { errorType: 'AlreadyStarted' } });
    await t.waitFor('CycleDone');
    expect(t.events.filter((e) => e.type === 'Started')).toHaveLength(1);
  });

  it('does not start when its state cannot be stored', async () => {
    const t = setup({ failStore: true });
    const err = await t.bot.start(config(request()), request()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MmError);
    expect(err).toMatchObject({ errorType: 'InternalError', httpStatus: 500 });
    expect(t.bot.state).toBe('Stopped');
    expect(t.events).toEqual([]);
  });

  it('resumes a stored running bot with its orders, updating them rather than placing new ones', async () => {
    const t = setup();
    const uuid = t.orders.hand('RLTC1', 'RLTC2');
    running.push(t.bot);
    await t.bot.resume({ id: 'bot', running: true, request: request(), orders: { 'RLTC1/RLTC2': uuid } }, config(request()));
    await t.waitFor('CycleDone');
    expect(t.log).toContain(`update ${uuid} 2.05 5`);
    expect(t.log.filter((l) => l.startsWith('setprice'))).toEqual(['setprice RLTC2/RLTC1 0.525 10']);
  });

  it('finishes a stop a restart cut short: the stored orders are cancelled', async () => {
    const t = setup();
    const uuid = t.orders.hand('RLTC1', 'RLTC2');
    running.push(t.bot);
    await t.bot.resume({ id: 'bot', running: false, request: request(), orders: { 'RLTC1/RLTC2': uuid } }, null);
    await t.waitFor('Stopped');
    expect(t.orders.orders.size).toBe(0);
  });
});

describe('the configuration (StartSimpleMakerBotRequest)', () => {
  const invalid = (req: unknown) => {
    try {
      config(req);
    } catch (e) {
      return (e as MmError).errorType ?? (e as Error).name;
    }
    return 'accepted';
  };
  const pair = (over: Record<string, unknown>) => ({ cfg: { 'A/B': { base: 'A', rel: 'B', spread: '1.02', enable: true, ...over } } });

  it('takes KDF\'s request, raising a refresh rate below 30 s to 30 s and using KDF\'s endpoints by default', () => {
    const c = config({ ...pair({ max_volume: { usd: '100' }, min_volume: { percentage: '0.1' } }), bot_refresh_rate: 5 });
    expect(c.refreshRate).toBe(30);
    expect(c.priceUrls[0]).toBe('https://prices.komodian.info/api/v2/tickers');
    expect(c.pairs.get('A/B')?.maxVolume?.kind).toBe('usd');
  });

  it('refuses values that would misprice or never refresh', () => {
    expect(invalid(pair({ spread: '0' }))).toBe('InvalidBotConfiguration');
    expect(invalid(pair({ spread: '-1.1' }))).toBe('InvalidBotConfiguration');
    expect(invalid({ cfg: { 'A/C': { base: 'A', rel: 'B', spread: '1', enable: true } } })).toBe('InvalidBotConfiguration');
    expect(invalid(pair({ rel: 'A', base: 'A' }))).toBe('InvalidBotConfiguration');
    expect(invalid(pair({ max_volume: { percentage: '0' } }))).toBe('InvalidBotConfiguration');
    expect(invalid(pair({ min_base_price: '-1' }))).toBe('InvalidBotConfiguration');
    expect(invalid({ ...pair({}), bot_refresh_rate: 1e9 })).toBe('InvalidBotConfiguration');
    expect(invalid({ ...pair({}), price_url: 'http://prices.example/t' })).toBe('InvalidBotConfiguration');
    expect(invalid({ ...pair({}), price_urls: [] })).toBe('InvalidBotConfiguration');
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`A${i}/B`, { base: `A${i}`, rel: 'B', spread: '1', enable: true }]));
    expect(invalid({ cfg: many })).toBe('InvalidBotConfiguration');
  });

  it('refuses mistyped fields as request errors', () => {
    expect(invalid(pair({ spread: { x: 1 } }))).toBe('ParamError');
    expect(invalid(pair({ max_volume: { btc: '1' } }))).toBe('ParamError');
    expect(invalid(pair({ enable: 'yes' }))).toBe('ParamError');
    expect(invalid({})).toBe('ParamError');
  });
});
