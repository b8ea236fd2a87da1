/**
 * The counterparty disappears (crashes and never comes back) right after each of its steps: the
 * honest side must end `Finished` holding what it had (refunded, or never paid) or what it is owed
 * (the other side's payment), and never with its payment still locked.
 */
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../../src/shared/number';
import { holdings, SwapNet, UUID } from './harness';
import { runUntil } from './virtualClock';

const TAKER_STEPS = ['Negotiated', 'TakerFeeSent', 'MakerPaymentReceived', 'MakerPaymentWaitConfirmStarted', 'MakerPaymentValidatedAndConfirmed', 'TakerPaymentSent', 'TakerPaymentSpent', 'MakerPaymentSpent'];
const MAKER_STEPS = ['Negotiated', 'TakerFeeValidated', 'MakerPaymentSent', 'TakerPaymentReceived', 'TakerPaymentWaitConfirmStarted', 'TakerPaymentValidatedAndConfirmed', 'TakerPaymentSpent', 'TakerPaymentSpendConfirmStarted'];

const fee = MmNumber.parse('2').div(MmNumber.parse('777'));
const dec = (s: string): string => MmNumber.parse(s).toDecimalString();

describe('swap engine: the counterparty disappears', () => {
  it.each(TAKER_STEPS)('after the taker stores %s, the maker ends whole', async (step) => {
    const net = new SwapNet();
    await net.boot();
    net.taker.onEvent = (e) => e.event.type === step && net.taker.crash();
    await net.start();
    await runUntil(net.clock, () => net.maker.finished());
    await net.maker.engine.settled(UUID);

    const maker = holdings(net.maker);
    // Either nothing moved (refunded or never paid), or the maker holds the taker payment.
    expect([JSON.stringify({ makerCoin: '10', takerCoin: '0' }), JSON.stringify({ makerCoin: '9', takerCoin: '2' })]).toContain(JSON.stringify(maker));
    // Unless the maker was paid, its own payment is not left locked (it was refunded or never sent).
    const lockedByMaker = [...net.makerChain.htlcs.values()].filter((h) => h.tx.sender === net.maker.hex && h.outcome === null);
    if (maker.takerCoin === '0') expect(lockedByMaker).toEqual([]);
    expect(net.maker.activeSwaps.usingCoins(new Set(['RLTC1']))).toEqual([]);
  });

  it.each(MAKER_STEPS)('after the maker stores %s, the taker ends whole', async (step) => {
    const net = new SwapNet();
    await net.boot();
    net.maker.onEvent = (e) => e.event.type === step && net.maker.crash();
    await net.start();
    await runUntil(net.clock, () => net.taker.finished());
    await net.taker.engine.settled(UUID);

    const taker = holdings(net.taker);
    const paidFee = dec(MmNumber.parse('10').sub(fee).toDecimalString());
    const traded = { makerCoin: '1', takerCoin: dec(MmNumber.parse('8').sub(fee).toDecimalString()) };
    // Nothing paid, or only the dex fee lost when the maker never paid, or the maker payment is the taker's.
    const outcomes = [{ makerCoin: '0', takerCoin: '10' }, { makerCoin: '0', takerCoin: paidFee }, traded].map((o) => JSON.stringify(o));
    expect(outcomes).toContain(JSON.stringify(taker));
    const lockedByTaker = [...net.takerChain.htlcs.values()].filter((h) => h.tx.sender === net.taker.hex && h.outcome === null);
    expect(lockedByTaker).toEqual([]);
    // A swap that lost its counterparty is not a success, but it is finished.
    expect(net.taker.eventTypes().at(-1)).toBe('Finished');
  });

  it('the taker refunds when the maker never spends its payment, and says so in KDF events', async () => {
    const net = new SwapNet();
    await net.boot();
    net.maker.onEvent = (e) => e.event.type === 'TakerPaymentValidatedAndConfirmed' && net.maker.crash();
    await net.start();
    await runUntil(net.clock, () => net.taker.finished());
    expect(net.taker.eventTypes().slice(-6)).toEqual([
      'TakerPaymentWaitForSpendFailed',
      'TakerPaymentWaitRefundStarted',
      'TakerPaymentRefundStarted',
      'TakerPaymentRefunded',
      'TakerPaymentRefundFinished',
      'Finished',
    ]);
    // The refund happened only once the lock time had passed.
    const swap = net.taker.swap();
    const started = swap?.events[0]?.event;
    const lock = started && 'data' in started ? (started.data as { taker_payment_lock: number }).taker_payment_lock : 0;
    const refunded = swap?.events.find((e) => e.event.type === 'TakerPaymentRefunded');
    expect(Math.floor((refunded?.timestamp ?? 0) / 1000)).toBeGreaterThanOrEqual(lock);
  });
});
