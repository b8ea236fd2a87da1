import { describe, expect, it } from 'vitest';
import {
  atomicLocktime,
  DEFAULT_PAYMENT_LOCKTIME,
  negotiationLockError,
  swapDeadlines,
} from '../../../../../src/node/swaps/protocol/lockTime';

const plain = { makerCoinNota: false, takerCoinNota: false };

describe('lock duration (KDF lp_atomic_locktime_v2 and its test_lp_atomic_locktime cases)', () => {
  it.each([
    { maker: 'KMD', taker: 'DEX', mine: { makerCoinNota: true, takerCoinNota: true }, other: plain, factor: 4 },
    { maker: 'KMD', taker: 'DEX', mine: { makerCoinNota: true, takerCoinNota: false }, other: plain, factor: 4 },
    { maker: 'KMD', taker: 'DEX', mine: { makerCoinNota: false, takerCoinNota: true }, other: plain, factor: 4 },
    { maker: 'KMD', taker: 'DEX', mine: plain, other: plain, factor: 1 },
    { maker: 'BTC', taker: 'DEX', mine: plain, other: plain, factor: 4 },
    { maker: 'KMD', taker: 'BTC', mine: plain, other: plain, factor: 4 },
    { maker: 'BCH', taker: 'LTC', mine: plain, other: plain, factor: 4 },
    { maker: 'LTC', taker: 'SBTC', mine: plain, other: plain, factor: 4 },
    { maker: 'LTC', taker: 'DOGE', mine: plain, other: { makerCoinNota: false, takerCoinNota: true }, factor: 4 },
    { maker: 'BTC', taker: 'BTC-lightning', mine: plain, other: plain, factor: 12 },
  ])('$maker/$taker → ×$factor', ({ maker, taker, mine, other, factor }) => {
    expect(atomicLocktime(maker, taker, mine, other)).toBe(DEFAULT_PAYMENT_LOCKTIME * factor);
  });

  it('is 7800 s by default and follows the payment_locktime conf key', () => {
    expect(DEFAULT_PAYMENT_LOCKTIME).toBe(7800);
    expect(atomicLocktime('RLTC1', 'RLTC2', plain, plain, 60)).toBe(60);
  });
});

describe('swap deadlines from started_at (KDF maker_swap.rs / taker_swap.rs)', () => {
  // KDF's saved taker swap 41383f43…: started_at 1564050479, lock 7800, taker_payment_lock 1564058279.
  const d = swapDeadlines(1564050479, 7800);

  it('locks the taker for the duration and the maker for twice it', () => {
    expect(d.takerPaymentLock).toBe(1564058279);
    expect(d.makerPaymentLock).toBe(1564050479 + 15600);
  });

  it('derives every wait from the same start', () => {
    expect(d.takerFeeDeadline).toBe(1564050479 + 2600);
    expect(d.makerPaymentWait).toBe(1564050479 + 3120);
    expect(d.takerPaymentWait).toBe(1564050479 + 4680);
    expect(d.takerPaymentSpendDeadline).toBe(1564050479 + 6240);
    expect(d.makerRefundWaitUntil).toBe(d.makerPaymentLock + 3700);
  });

  it('orders the deadlines so each side can still act after the other gives up', () => {
    expect(d.takerFeeDeadline).toBeLessThan(d.makerPaymentWait);
    expect(d.makerPaymentWait).toBeLessThan(d.takerPaymentWait);
    expect(d.takerPaymentSpendDeadline).toBeLessThan(d.takerPaymentLock);
    expect(d.takerPaymentLock).toBeLessThan(d.makerPaymentLock);
  });

  it('rounds an odd duration up for the maker, as KDF ceil()s', () => {
    expect(swapDeadlines(0, 7).makerPaymentLock).toBe(14);
  });
});

describe('negotiation lock checks', () => {
  it('accepts the maker lock the taker expects (×2) within the clock drift', () => {
    expect(negotiationLockError({ startedAt: 1000 }, { startedAt: 1060, paymentLocktime: 1060 + 15600 }, 15600)).toBeNull();
  });

  it('refuses a started_at more than 60 s apart', () => {
    expect(negotiationLockError({ startedAt: 1000 }, { startedAt: 1061, paymentLocktime: 1061 + 15600 }, 15600)).toMatch(/time_dif/);
  });

  it('refuses a payment lock that is off by one second', () => {
    expect(negotiationLockError({ startedAt: 1000 }, { startedAt: 1000, paymentLocktime: 1000 + 15599 }, 15600)).toMatch(/payment_locktime/);
  });
});
