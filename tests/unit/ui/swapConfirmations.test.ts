/**
 * Live confirmations on the swap screen: each transaction the node waits for shows the node's last
 * `swap_confirmations` count against what it requires, "confirmed" once its step moved on, and, with
 * no count heard (after a reload), an unknown count until the node's next one — never a guess.
 * Records go through the node's own `my_swap_status` serializer, as the page reads them.
 */
import { describe, expect, it } from 'vitest';
import type { SwapConfirmationsData } from '../../../src/shared/wire';
import { confirmationsText, readSwapConfirmations, swapSteps, txConfirmations, type SwapStatus } from '../../../src/ui/lib/swaps';
import { HASH, makerNegotiated, makerRecord, makerStarted, pageStatus, STARTED_AT, SWAP_UUID as UUID, tx, type MakerEvent } from './swapRecords';

const OTHER_UUID = '9b9b3e4a-7f7c-4d55-9a3f-2c1d3e4f5a6b';
type Event = MakerEvent;
const started = makerStarted();
const negotiated = makerNegotiated;
/** The maker has the taker's payment (hash c) and waits for its 2 confirmations. */
const waiting: Event[] = [
  started,
  negotiated,
  { type: 'TakerFeeValidated', data: tx('a') },
  { type: 'MakerPaymentSent', data: tx('b') },
  { type: 'TakerPaymentReceived', data: tx('c') },
  { type: 'TakerPaymentWaitConfirmStarted' },
];

const record = (events: Event[]): SwapStatus => pageStatus(makerRecord(events));

const count = (hash: string, confirmations: number | null, extra: Partial<SwapConfirmationsData> = {}): SwapConfirmationsData => ({
  uuid: UUID,
  coin: 'RLTC2',
  tx_hash: hash,
  confirmations,
  required: 2,
  ...extra,
});
const at = (s: SwapStatus, type: string): number => s.events.findIndex((e) => e.event.type === type);
const confsOf = (s: SwapStatus, type: string, live: SwapConfirmationsData[]) => txConfirmations(s, at(s, type), live);

describe('swap_confirmations from the node', () => {
  it('reads a count as the engine sends it, and only that', () => {
    const good = { uuid: UUID.toUpperCase(), coin: 'RLTC2', tx_hash: HASH('c'), confirmations: 1, required: 2 };
    expect(readSwapConfirmations(good)).toEqual({ ...good, uuid: UUID });
    expect(readSwapConfirmations({ ...good, confirmations: null })).toMatchObject({ confirmations: null });
    expect(readSwapConfirmations({ ...good, uuid: 'x' })).toBeNull();
    expect(readSwapConfirmations({ ...good, confirmations: -1 })).toBeNull();
    expect(readSwapConfirmations({ ...good, confirmations: 1.5 })).toBeNull();
    expect(readSwapConfirmations({ ...good, confirmations: '1' })).toBeNull();
    expect(readSwapConfirmations({ ...good, required: 0 })).toBeNull();
    expect(readSwapConfirmations({ ...good, tx_hash: '<img src=x>' })).toBeNull();
    expect(readSwapConfirmations({ ...good, coin: 'a b' })).toBeNull();
    expect(readSwapConfirmations(null)).toBeNull();
  });
});

describe('a transaction the node waits for', () => {
  it('shows the node’s last count against the requirement, for this swap only', () => {
    const s = record(waiting);
    expect(confsOf(s, 'TakerPaymentReceived', [count(HASH('c'), 0)])).toEqual({ kind: 'live', confirmations: 0, required: 2, resentAs: null });
    const live = [count(HASH('c'), 0), count(HASH('c'), 1), count(HASH('c'), 9, { uuid: OTHER_UUID })];
    const c = confsOf(s, 'TakerPaymentReceived', live);
    expect(c).toEqual({ kind: 'live', confirmations: 1, required: 2, resentAs: null });
    expect(c && confirmationsText(c)).toBe('1 / 2 confirmations');
    expect(confirmationsText({ kind: 'live', confirmations: 0, required: 1, resentAs: null })).toBe('0 / 1 confirmation (in the mempool)');
    expect(confirmationsText({ kind: 'live', confirmations: null, required: 2, resentAs: null })).toBe('– / 2 confirmations (not seen on the chain)');
    // The screen's steps carry it.
    expect(swapSteps(s, live).find((x) => x.type === 'TakerPaymentReceived')?.confirmations).toEqual(c);
  });

  it('after a reload (no count heard) says the count is unknown, with the requirement from the stored swap', () => {
    const s = record(waiting);
    const c = confsOf(s, 'TakerPaymentReceived', []);
    expect(c).toEqual({ kind: 'unknown', required: 2 });
    expect(c && confirmationsText(c)).toMatch(/^\? \/ 2 confirmations/);
    // A count of another swap, or of another transaction of another coin, is not taken for it.
    expect(confsOf(s, 'TakerPaymentReceived', [count(HASH('c'), 1, { uuid: OTHER_UUID }), count(HASH('f'), 1, { coin: 'RLTC1' })])).toEqual({ kind: 'unknown', required: 2 });
  });

  it('is confirmed once its step moved on, stored events alone (a reload) telling it', () => {
    const s = record([...waiting, { type: 'TakerPaymentValidatedAndConfirmed' }]);
    expect(confsOf(s, 'TakerPaymentReceived', [])).toEqual({ kind: 'confirmed' });
    expect(confsOf(s, 'TakerPaymentReceived', [count(HASH('c'), 1)])).toEqual({ kind: 'confirmed' });
    expect(confirmationsText({ kind: 'confirmed' })).toBe('confirmed');
  });

  it('keeps the last count when the wait ended without it, and invents none', () => {
    const failed = record([...waiting, { type: 'TakerPaymentWaitConfirmFailed', data: { error: 'Taker payment not confirmed in time' } }]);
    const c = confsOf(failed, 'TakerPaymentReceived', [count(HASH('c'), 1)]);
    expect(c).toEqual({ kind: 'ended', confirmations: 1, required: 2 });
    expect(c && confirmationsText(c)).toBe('1 / 2 confirmations when the wait ended');
    const none = confsOf(failed, 'TakerPaymentReceived', []);
    expect(none).toEqual({ kind: 'ended', confirmations: null, required: null });
    expect(none && confirmationsText(none)).toBeNull();
  });

  it('counts a spend the node sent again under its new hash, for the last watched step only', () => {
    const s = record([...waiting, { type: 'TakerPaymentValidatedAndConfirmed' }, { type: 'TakerPaymentSpent', data: tx('d') }, { type: 'TakerPaymentSpendConfirmStarted' }]);
    const resent = [count(HASH('e'), 0)];
    expect(confsOf(s, 'TakerPaymentSpent', resent)).toEqual({ kind: 'live', confirmations: 0, required: 2, resentAs: HASH('e') });
    expect(confsOf(s, 'TakerPaymentReceived', resent)).toEqual({ kind: 'confirmed' });
    // A hash of the other coin is not this spend's.
    expect(confsOf(s, 'TakerPaymentSpent', [count(HASH('e'), 0, { coin: 'RLTC1' })])).toEqual({ kind: 'unknown', required: 2 });
  });

  it('waits for one confirmation of a refund, confirmed by RefundFinished', () => {
    const refunding: Event[] = [
      ...waiting.slice(0, 4),
      { type: 'TakerPaymentValidateFailed', data: { error: 'no payment' } },
      { type: 'MakerPaymentWaitRefundStarted', data: { wait_until: STARTED_AT + 19_300 } },
      { type: 'MakerPaymentRefundStarted' },
      { type: 'MakerPaymentRefunded', data: tx('9') },
    ];
    const s = record(refunding);
    expect(confsOf(s, 'MakerPaymentRefunded', [])).toEqual({ kind: 'unknown', required: 1 });
    expect(confsOf(s, 'MakerPaymentRefunded', [count(HASH('9'), 0, { coin: 'RLTC1', required: 1 })])).toMatchObject({ kind: 'live', confirmations: 0 });
    const done = record([...refunding, { type: 'MakerPaymentRefundFinished' }, { type: 'Finished' }]);
    expect(confsOf(done, 'MakerPaymentRefunded', [])).toEqual({ kind: 'confirmed' });
  });

  it('has no live count for transactions the other side waits for (its own payment, the fee)', () => {
    const s = record(waiting);
    expect(confsOf(s, 'MakerPaymentSent', [count(HASH('b'), 1, { coin: 'RLTC1' })])).toBeNull();
    expect(confsOf(s, 'TakerFeeValidated', [])).toBeNull();
    expect(swapSteps(s).find((x) => x.type === 'MakerPaymentSent')).toMatchObject({ confirmations: null, tx: { requiredConfirmations: 1 } });
  });
});
