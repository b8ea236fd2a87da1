/**
 * The bot's pricing and sizing against KDF: `get_cex_rates` with lp_price.rs's `test_get_cex_rates`
 * values (KMD $10, LTC $500 → 0.02; `USDT-PLG20` priced as `USDT`), and the rules of
 * simple_market_maker.rs's `checks_order_prerequisites` / `prepare_order`, each expected value
 * worked by hand from the rule quoted beside it.
 */
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../src/shared/number';
import type { PairConfig } from '../../../../src/node/mmbot/config';
import type { TickerPrice } from '../../../../src/node/mmbot/priceClient';
import { cexRates, type RateInfos } from '../../../../src/node/mmbot/rates';
import { isRefusal, planOrder, priceRefusal, type OrderPlan, type Refusal } from '../../../../src/node/mmbot/sizing';

const n = (s: string) => MmNumber.parse(s);
const NOW = 1_700_000_000;
const ticker = (price: string, provider = 'binance', ts = NOW): TickerPrice => ({ lastPrice: n(price), lastUpdatedTimestamp: ts, provider });
const registry = new Map([
  ['KMD', ticker('10')],
  ['LTC', ticker('500.0', 'coingecko')],
  ['USDT', ticker('1', 'coingecko')],
]);
const pair = (over: Partial<PairConfig> = {}): PairConfig => ({ base: 'KMD', rel: 'LTC', spread: n('1.025'), enable: true, ...over });
const rates = (base: string, rel: string, ts = NOW): RateInfos => ({ basePrice: n(base), relPrice: n(rel), price: n(base).div(n(rel)), lastUpdatedTimestamp: ts });
const plan = (p: OrderPlan | Refusal): OrderPlan => {
  if (isRefusal(p)) throw new Error(`refused: ${p.message}`);
  return p;
};

describe('cex rates (lp_price.rs get_cex_rates)', () => {
  it('prices KMD in LTC at 10 / 500 = 0.02, as KDF\'s test_get_cex_rates', () => {
    const r = cexRates(registry, 'KMD', 'LTC');
    expect(r?.price.eq(n('0.02'))).toBe(true);
    expect(r?.basePrice.eq(n('10'))).toBe(true);
    expect(r?.relPrice.eq(n('500'))).toBe(true);
  });

  it('finds USDT-PLG20 under USDT, and nothing for an empty registry', () => {
    expect(cexRates(registry, 'USDT-PLG20', 'KMD')?.price.eq(n('0.1'))).toBe(true);
    expect(cexRates(new Map(), 'KMD', 'LTC')).toBeNull();
  });

  it('has no rates with an unknown provider, a zero update time or a rel priced at zero', () => {
    expect(cexRates(new Map([['KMD', ticker('10', 'unknown')], ['LTC', ticker('500')]]), 'KMD', 'LTC')).toBeNull();
    expect(cexRates(new Map([['KMD', ticker('10', 'binance', 0)], ['LTC', ticker('500')]]), 'KMD', 'LTC')).toBeNull();
    expect(cexRates(new Map([['KMD', ticker('10')], ['LTC', ticker('0')]]), 'KMD', 'LTC')).toBeNull();
  });

  it('dates the pair by the older of its two prices', () => {
    const r = cexRates(new Map([['KMD', ticker('10', 'binance', NOW - 50)], ['LTC', ticker('500', 'binance', NOW - 10)]]), 'KMD', 'LTC');
    expect(r?.lastUpdatedTimestamp).toBe(NOW - 50);
  });
});

describe('prerequisites (checks_order_prerequisites)', () => {
  const reason = (r: RateInfos | null, cfg = pair(), now = NOW) => priceRefusal(r, cfg, 'KMD/LTC', now)?.reason ?? null;

  it('refuses unknown rates and a zero price', () => {
    expect(reason(null)).toBe('ProviderUnknown');
    expect(reason(rates('0', '500'))).toBe('PriceIsZero');
  });

  it('refuses prices below min_base_price, min_rel_price and min_pair_price, and takes them at the minimum', () => {
    expect(reason(rates('10', '500'), pair({ minBasePrice: n('10.01') }))).toBe('PriceBelowMinBasePrice');
    expect(reason(rates('10', '500'), pair({ minRelPrice: n('501') }))).toBe('PriceBelowMinRelPrice');
    expect(reason(rates('10', '500'), pair({ minPairPrice: n('0.021') }))).toBe('PriceBelowPairPrice');
    expect(reason(rates('10', '500'), pair({ minBasePrice: n('10'), minRelPrice: n('500'), minPairPrice: n('0.02') }))).toBeNull();
  });

  it('refuses prices older than price_elapsed_validity (KDF default 300 s)', () => {
    expect(reason(rates('10', '500', NOW - 300))).toBeNull();
    const stale = priceRefusal(rates('10', '500', NOW - 301), pair(), 'KMD/LTC', NOW);
    expect(stale?.reason).toBe('PriceElapsedValidityExpired');
    expect(stale?.message).toBe('Last updated price timestamp elapsed 301 is more than the elapsed validity 300 - skipping for KMD/LTC');
    expect(reason(rates('10', '500', NOW - 31), pair({ priceElapsedValidity: 30 }))).toBe('PriceElapsedValidityExpired');
  });

  it('refuses a timestamp far in the future (ours)', () => {
    expect(reason(rates('10', '500', NOW + 3600))).toBe('LastUpdatedTimestampInvalid');
  });
});

describe('sizing (prepare_order)', () => {
  const r = rates('10', '500');

  it('prices at the pair price × spread: 0.02 × 1.025 = 0.0205', () => {
    expect(plan(planOrder(r, pair({ max: true }), n('8'))).price.eq(n('0.0205'))).toBe(true);
  });

  it('takes a max_volume percentage of the balance; 1 or more is max', () => {
    const quarter = plan(planOrder(r, pair({ maxVolume: { kind: 'percentage', value: n('0.25') } }), n('8')));
    expect(quarter.volume.eq(n('2'))).toBe(true);
    expect(quarter.max).toBe(false);
    const all = plan(planOrder(r, pair({ maxVolume: { kind: 'percentage', value: n('1') } }), n('8')));
    expect(all.max).toBe(true);
    expect(all.volume.isZero()).toBe(true);
  });

  it('takes a USD max_volume at the base price; one the balance does not reach is max', () => {
    // balance 20 KMD at $10 = $200: $100 is 10 KMD, $300 is more than the balance
    const usd = plan(planOrder(r, pair({ maxVolume: { kind: 'usd', value: n('100') } }), n('20')));
    expect(usd.volume.eq(n('10'))).toBe(true);
    expect(usd.max).toBe(false);
    expect(plan(planOrder(r, pair({ maxVolume: { kind: 'usd', value: n('300') } }), n('20'))).max).toBe(true);
  });

  it('takes a min_volume percentage of the volume, or of the balance with max', () => {
    const ofVolume = plan(planOrder(r, pair({ maxVolume: { kind: 'percentage', value: n('0.5') }, minVolume: { kind: 'percentage', value: n('0.1') } }), n('8')));
    expect(ofVolume.minVolume?.eq(n('0.4'))).toBe(true);
    const ofBalance = plan(planOrder(r, pair({ max: true, minVolume: { kind: 'percentage', value: n('0.25') } }), n('8')));
    expect(ofBalance.minVolume?.eq(n('2'))).toBe(true);
  });

  it('takes a USD min_volume at the base price, and refuses one the balance does not reach', () => {
    expect(plan(planOrder(r, pair({ max: true, minVolume: { kind: 'usd', value: n('50') } }), n('20'))).minVolume?.eq(n('5'))).toBe(true);
    const refused = planOrder(r, pair({ max: true, minVolume: { kind: 'usd', value: n('201') } }), n('20'));
    expect(isRefusal(refused) && refused.reason).toBe('MinVolUsdAboveBalanceUsd');
  });

  it('refuses a zero balance', () => {
    const refused = planOrder(r, pair({ max: true }), MmNumber.ZERO);
    expect(isRefusal(refused) && refused.reason).toBe('BalanceIsZero');
  });
});
