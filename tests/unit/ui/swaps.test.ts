import { describe, expect, it } from 'vitest';
import type { TakerSavedSwap } from '../../../src/node/swaps/engine/savedSwap';
import { swapStatusToWire } from '../../../src/node/swaps/engine/statusWire';
import {
  applySwapEvent,
  countdown,
  filterSwaps,
  MAX_SWAP_EVENTS,
  nextText,
  readSwapEvent,
  readSwapStatus,
  swapLocks,
  swapPhase,
  swapSteps,
  type SwapStatus,
} from '../../../src/ui/lib/swaps';
import {
  HASH,
  makerNegotiated,
  makerRecord,
  makerStarted as makerStartedEvent,
  pageStatus,
  STARTED_AT,
  SWAP_UUID as UUID,
  takerStartedRecord,
  tx,
  type MakerEvent,
} from './swapRecords';

const makerStarted = makerStartedEvent();

/** A maker swap as the node's own `my_swap_status` shows it, read by the page. */
const wire = (events: MakerEvent[]): SwapStatus => pageStatus(makerRecord(events));

describe('swap records from the node', () => {
  it('reads my_swap_status as the node writes it, the secret hidden', () => {
    const s = wire([makerStarted, makerNegotiated]);
    expect(s.type).toBe('Maker');
    expect(s.my_info).toMatchObject({ my_coin: 'RLTC1', other_coin: 'RLTC2', my_amount: '0.5', other_amount: '1', started_at: STARTED_AT });
    expect(s.is_finished).toBe(false);
    expect(JSON.stringify(s)).not.toContain('ab'.repeat(32));
  });

  it('refuses records and events that are not swaps, and bounds the events', () => {
    expect(readSwapStatus({ type: 'Maker', uuid: 'not-a-uuid' })).toBeNull();
    const good = JSON.parse(JSON.stringify(swapStatusToWire(makerRecord([makerStarted])))) as Record<string, unknown>;
    const many = { ...good, events: Array.from({ length: MAX_SWAP_EVENTS + 1 }, (_, i) => ({ timestamp: i, event: { type: 'Negotiated' } })) };
    expect(readSwapStatus(many)).toBeNull();
    expect(readSwapStatus({ ...good, events: [{ timestamp: 'x', event: { type: 'Started' } }] })).toBeNull();
    expect(readSwapEvent({ uuid: UUID, type: 'Other', event: { timestamp: 1, event: { type: 'Started' } } })).toBeNull();
    expect(readSwapEvent({ uuid: UUID, type: 'Maker', event: { timestamp: 1, event: { type: 'x'.repeat(65) } } })).toBeNull();
    expect(readSwapEvent({ uuid: UUID.toUpperCase(), type: 'Taker', event: { timestamp: 1, event: { type: 'Finished' } } })).toEqual({
      uuid: UUID,
      type: 'Taker',
      event: { timestamp: 1, event: { type: 'Finished' } },
    });
  });
});

describe('a swap followed by its events', () => {
  it('adds each new event once and ends on Finished, successful without error events', () => {
    let s = wire([makerStarted]);
    const negotiated = { timestamp: STARTED_AT * 1000 + 5000, event: makerNegotiated };
    s = applySwapEvent(s, negotiated);
    expect(applySwapEvent(s, negotiated)).toBe(s);
    expect(s.events.map((e) => e.event.type)).toEqual(['Started', 'Negotiated']);
    const done = applySwapEvent(s, { timestamp: STARTED_AT * 1000 + 9000, event: { type: 'Finished' } });
    expect(done).toMatchObject({ is_finished: true, is_success: true });
    expect(swapPhase(done)).toBe('finished');
  });

  it('a Finished after an error event is a failure, a refund a refund', () => {
    let s = wire([makerStarted, makerNegotiated]);
    s = applySwapEvent(s, { timestamp: 1, event: { type: 'TakerFeeValidateFailed', data: { error: 'fee too small' } } });
    const failed = applySwapEvent(s, { timestamp: 2, event: { type: 'Finished' } });
    expect(swapPhase(failed)).toBe('failed');
    const refunded = applySwapEvent(applySwapEvent(s, { timestamp: 3, event: { type: 'MakerPaymentRefunded', data: tx('e') } }), {
      timestamp: 4,
      event: { type: 'Finished' },
    });
    expect(swapPhase(refunded)).toBe('refunded');
    expect(nextText(refunded)).toContain('refunded');
    expect(swapSteps(failed).find((x) => x.type === 'TakerFeeValidateFailed')).toMatchObject({ state: 'failed', error: 'fee too small' });
  });
});

describe('the swap screen', () => {
  it('shows what happened with each transaction, then the next step as current and the rest pending', () => {
    const s = wire([makerStarted, makerNegotiated, { type: 'TakerFeeValidated', data: tx('a') }, { type: 'MakerPaymentSent', data: tx('b') }]);
    const steps = swapSteps(s);
    expect(steps.map((x) => x.state).slice(0, 6)).toEqual(['done', 'done', 'done', 'done', 'current', 'pending']);
    expect(steps.find((x) => x.type === 'TakerFeeValidated')?.tx).toEqual({ hash: HASH('a'), coin: 'RLTC2', amount: null, requiredConfirmations: null });
    expect(steps.find((x) => x.type === 'MakerPaymentSent')?.tx).toEqual({ hash: HASH('b'), coin: 'RLTC1', amount: '0.5', requiredConfirmations: 1 });
    expect(steps.find((x) => x.state === 'current')?.type).toBe('TakerPaymentReceived');
    expect(nextText(s)).toBe('Waiting for the taker to send their payment.');
    expect(steps.at(-1)?.type).toBe('Finished');
  });

  it('leaves KDF’s payment-instructions event out of the timeline, and the confirmations of later steps in place', () => {
    const s = wire([makerStarted, makerNegotiated, { type: 'MakerPaymentInstructionsReceived', data: null }, { type: 'TakerFeeValidated', data: tx('a') }]);
    const steps = swapSteps(s);
    expect(steps.map((x) => x.type)).not.toContain('MakerPaymentInstructionsReceived');
    expect(steps.slice(0, 4).map((x) => [x.type, x.state])).toEqual([
      ['Started', 'done'],
      ['Negotiated', 'done'],
      ['TakerFeeValidated', 'done'],
      ['MakerPaymentSent', 'current'],
    ]);
  });

  it('gives both payments’ lock times', () => {
    const s = wire([makerStarted, makerNegotiated]);
    expect(swapLocks(s)).toEqual([
      { kind: 'mine', label: expect.stringContaining('Your payment') as string, until: STARTED_AT + 15_600 },
      { kind: 'theirs', label: expect.stringContaining('Their payment') as string, until: STARTED_AT + 7800 },
    ]);
  });

  it('counts down to a lock time', () => {
    const now = STARTED_AT * 1000;
    expect(countdown(STARTED_AT + 7800, now)).toBe('in 2 h 10 min');
    expect(countdown(STARTED_AT + 65, now)).toBe('in 1 min 05 s');
    expect(countdown(STARTED_AT + 9, now)).toBe('in 9 s');
    expect(countdown(STARTED_AT, now)).toBe('passed');
  });

  it('reads the taker’s spend of its payment from KDF’s {transaction, secret} data', () => {
    const started = takerStartedRecord(UUID, STARTED_AT);
    const taker: TakerSavedSwap = {
      ...started,
      events: [...started.events, { timestamp: 2, event: { type: 'TakerPaymentSpent', data: { transaction: tx('c'), secret: 'ef'.repeat(32) } } }],
    };
    const s = pageStatus(taker);
    expect(s && swapSteps(s).find((x) => x.type === 'TakerPaymentSpent')?.tx).toEqual({ hash: HASH('c'), coin: 'RLTC2', amount: '1', requiredConfirmations: null });
    expect(s && swapLocks(s)).toEqual([{ kind: 'mine', label: expect.any(String) as string, until: STARTED_AT + 7800 }]);
  });

  it('a taker using watchers: KDF’s watcher step list, the watcher’s claim only once it happened', () => {
    const started = takerStartedRecord(UUID, STARTED_AT);
    const watched = (...more: { type: string; data: unknown }[]): SwapStatus =>
      pageStatus({
        ...started,
        events: [
          ...started.events,
          { timestamp: 2, event: { type: 'TakerPaymentSent', data: tx('b') } },
          { timestamp: 3, event: { type: 'WatcherMessageSent', data: [[1], [2]] } },
          ...more.map((event, i) => ({ timestamp: 4 + i, event })),
        ],
      } as TakerSavedSwap);
    // KDF taker_swap.rs TAKER_USING_WATCHERS_SUCCESS_EVENTS, after WatcherMessageSent.
    const waiting = watched();
    expect(waiting.success_events.slice(-5)).toEqual(['TakerPaymentSpent', 'MakerPaymentSpent', 'MakerPaymentSpentByWatcher', 'MakerPaymentSpendConfirmed', 'Finished']);
    const toCome = swapSteps(waiting).filter((x) => x.state !== 'done').map((x) => x.type);
    expect(toCome).toEqual(['TakerPaymentSpent', 'MakerPaymentSpent', 'MakerPaymentSpendConfirmed', 'Finished']);
    const byWatcher = swapSteps(watched({ type: 'TakerPaymentSpent', data: { transaction: tx('c'), secret: 'ef'.repeat(32) } }, { type: 'MakerPaymentSpentByWatcher', data: tx('d') }));
    const step = byWatcher.find((x) => x.type === 'MakerPaymentSpentByWatcher');
    expect(step).toMatchObject({ state: 'done', label: 'Maker’s payment claimed for you by a watcher', tx: { hash: HASH('d'), coin: 'RLTC1' } });
    expect(byWatcher.filter((x) => x.state !== 'done').map((x) => x.type)).toEqual(['MakerPaymentSpendConfirmed', 'Finished']);
  });
});

describe('the swaps list', () => {
  it('filters active and past swaps and by coin', () => {
    const running = wire([makerStarted]);
    const done = { ...applySwapEvent(running, { timestamp: 9, event: { type: 'Finished' } }), uuid: '2b9b3e4a-7f7c-4d55-9a3f-2c1d3e4f5a6b' };
    expect(filterSwaps([running, done], 'active', '')).toEqual([running]);
    expect(filterSwaps([running, done], 'past', '')).toEqual([done]);
    expect(filterSwaps([running, done], 'all', 'RLTC2')).toHaveLength(2);
    expect(filterSwaps([running, done], 'all', 'DOC')).toEqual([]);
  });
});
