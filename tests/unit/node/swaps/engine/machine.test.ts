/**
 * The swap transition tables and the fold of events into facts: read against saved swaps KDF's own
 * tests use (tests/fixtures/swaps/kdf-saved-swaps.json, copied from KDF), checked whole (every event
 * has a next step, every step can reach `Finished`), and held at compile time (a step cannot append
 * an event it did not declare, a table cannot leave an event out) and at run time.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import kdf from '../../../../fixtures/swaps/kdf-saved-swaps.json';
import {
  MAKER_ERROR_EVENTS,
  MAKER_SUCCESS_EVENTS,
  TAKER_ERROR_EVENTS,
  TAKER_SUCCESS_EVENTS,
  TAKER_USING_WATCHERS_SUCCESS_EVENTS,
  type MakerEventType,
  type MakerSwapEvent,
  type SavedEvent,
  type TakerEventType,
  type TakerSwapEvent,
} from '../../../../../src/node/swaps/engine/events';
import { makerFacts, takerFacts, type MakerFacts, type TakerFacts } from '../../../../../src/node/swaps/engine/facts';
import { runMachine, stepsOf, type NextSteps, type StepRun, type SwapMachine } from '../../../../../src/node/swaps/engine/machine';
import { MAKER_MACHINE } from '../../../../../src/node/swaps/engine/maker';
import { KDF_TIMING, SwapRun, type RunDeps } from '../../../../../src/node/swaps/engine/run';
import type { MakerSavedSwap, SavedSwap } from '../../../../../src/node/swaps/engine/savedSwap';
import { TAKER_MACHINE } from '../../../../../src/node/swaps/engine/taker';
import type { SwapChannel } from '../../../../../src/node/swaps/engine/channel';

type Recorded = keyof typeof kdf.swaps;
const makerEvents = (name: Recorded): SavedEvent<MakerSwapEvent>[] => kdf.swaps[name].swap.events as SavedEvent<MakerSwapEvent>[];
const takerEvents = (name: Recorded): SavedEvent<TakerSwapEvent>[] => kdf.swaps[name].swap.events as SavedEvent<TakerSwapEvent>[];
const lastType = (events: readonly SavedEvent[]): string => events.at(-1)?.event.type ?? '';
const makerNext = (events: SavedEvent<MakerSwapEvent>[]) => MAKER_MACHINE.next[events.at(-1)!.event.type];
const takerNext = (events: SavedEvent<TakerSwapEvent>[]) => TAKER_MACHINE.next[events.at(-1)!.event.type];

describe('the fold of recorded KDF swaps', () => {
  it('a finished maker swap: its payments, the spend, the negotiated lock and the refund deadline', () => {
    const events = makerEvents('recreate_maker_swap_maker_expected');
    const f = makerFacts(events);
    expect(f).toMatchObject<Partial<MakerFacts>>({
      negotiated: { value: expect.objectContaining({ taker_payment_locktime: 1638992240 }), at: 1638984456603 },
      makerPayment: expect.objectContaining({ txHash: '6287e0d30951cd859bfb837eb1e5409f7596e75ffeb2e61fd6df1843bfd0203d' }),
      takerPayment: expect.objectContaining({ txHash: '667dea45dbd36e1f15ee8170e73e2afefd0a15d47d3bcd65655ca71d838445a2' }),
      takerPaymentSpend: expect.objectContaining({ txHash: 'ab1eb5b65a302370af2607e0b64b60fc04360de33a87799bca1dcf337344b616' }),
      takerPaymentSpendConfirmed: true,
      refund: null,
    });
    expect(f.deadlines.makerPaymentLock).toBe(1639000040);
    expect(makerNext(events)).toBeNull();
  });

  it("a maker swap waiting to refund: the wait ends where KDF's record says, and a resume waits for the refund", () => {
    const events = makerEvents('recreate_maker_swap_maker_payment_wait_confirm_failed_maker_expected');
    const f = makerFacts(events);
    expect(f.makerPayment?.txHash).toBe('6287e0d30951cd859bfb837eb1e5409f7596e75ffeb2e61fd6df1843bfd0203d');
    expect(f.takerPayment).toBeNull();
    expect(f.refund).toBeNull();
    // KDF stored MakerPaymentWaitRefundStarted { wait_until: 1639003740 }.
    expect(f.deadlines.makerRefundWaitUntil).toBe(1639003740);
    expect(makerNext(events)).toBe('waitForRefund');
  });

  it('a taker swap stopped after the maker spent its payment: the revealed secret; a resume spends the maker payment', () => {
    const events = takerEvents('recreate_taker_swap_taker_expected');
    const f = takerFacts(events);
    expect(f).toMatchObject<Partial<TakerFacts>>({
      negotiated: expect.objectContaining({ maker_payment_locktime: 1639000040, secret_hash: '4da9e7080175e8e10842e0e161b33cd298cab30b' }),
      takerFee: { value: expect.objectContaining({ txHash: 'fcb49167c79e8e014143643b94878866f7e80b26c5a5dcf693010543da70b5bc' }), at: 1638984457215 },
      makerPayment: expect.objectContaining({ txHash: '6287e0d30951cd859bfb837eb1e5409f7596e75ffeb2e61fd6df1843bfd0203d' }),
      takerPayment: expect.objectContaining({ txHash: '667dea45dbd36e1f15ee8170e73e2afefd0a15d47d3bcd65655ca71d838445a2' }),
      takerPaymentSpend: {
        tx: expect.objectContaining({ txHash: 'ab1eb5b65a302370af2607e0b64b60fc04360de33a87799bca1dcf337344b616' }),
        secret: '23a6bb64bc0ab2cc14cb84277d8d25134b814e5f999c66e578c9bba3c5e2d3a4',
      },
      makerPaymentSpend: null,
      refund: null,
    });
    expect(takerNext(events)).toBe('spendMakerPayment');
  });

  it('a finished taker swap and one whose refund failed: nothing follows Finished', () => {
    const done = takerEvents('iris_nimda_rick_taker_swap');
    expect(takerFacts(done).makerPaymentSpend?.txHash).toBe('832adac30ff19b19d87e0b6312eae3d6e0747343a69b680030ff31d6aa59e0b1');
    expect(takerNext(done)).toBeNull();
    const refundFailed = takerEvents('taker_payment_refund_failed_not_spent');
    const f = takerFacts(refundFailed);
    expect(f.takerPayment?.txHash).toBe('1e883eb2f3991e84ba27f53651f89b7dda708678a5b9813d043577f222b9ca30');
    expect(f.refund).toBeNull();
    expect(f.deadlines.takerPaymentLock).toBe(1563628675);
    expect(takerNext(refundFailed)).toBeNull();
  });

  it("a taker swap waiting to refund resumes into the refund wait", () => {
    expect(takerNext(takerEvents('recreate_taker_swap_taker_payment_wait_confirm_failed_taker_expected'))).toBe('waitForRefund');
  });

  // The two other records come from older KDF flows (no MakerPaymentSpendConfirmed; a refund
  // failure without TakerPaymentWaitRefundStarted), which today's KDF and this table no longer write.
  const currentFlows: Recorded[] = [
    'recreate_maker_swap_maker_expected',
    'recreate_maker_swap_maker_payment_wait_confirm_failed_maker_expected',
    'iris_nimda_rick_maker_swap',
    'recreate_taker_swap_taker_expected',
    'recreate_taker_swap_taker_payment_wait_confirm_failed_taker_expected',
  ];
  it.each(currentFlows)('each event of %s is one the step after the event before it declares', (name) => {
    const { role, swap } = kdf.swaps[name];
    const machine = (role === 'Maker' ? MAKER_MACHINE : TAKER_MACHINE) as unknown as SwapMachine<SavedSwap, unknown, string>;
    const next = machine.next as Record<string, string | null>;
    for (let i = 1; i < swap.events.length; i++) {
      const step = next[swap.events[i - 1]!.event.type];
      expect(step, `after ${swap.events[i - 1]!.event.type}`).not.toBeNull();
      expect(machine.steps[step!]!.emits, `${step} → ${swap.events[i]!.event.type}`).toContain(swap.events[i]!.event.type);
    }
  });
});

describe('the transition tables', () => {
  const tables = [
    ['Maker', MAKER_MACHINE, [...MAKER_SUCCESS_EVENTS, ...MAKER_ERROR_EVENTS]],
    ['Taker', TAKER_MACHINE, [...TAKER_SUCCESS_EVENTS, ...TAKER_USING_WATCHERS_SUCCESS_EVENTS, ...TAKER_ERROR_EVENTS]],
  ] as const;

  it.each(tables)('%s: every event KDF lists has a next step, and only Finished ends the swap', (_, machine, listed) => {
    // The lists KDF shows (`success_events`, `error_events`) are exactly each role's event types.
    expectTypeOf<(typeof MAKER_SUCCESS_EVENTS)[number] | (typeof MAKER_ERROR_EVENTS)[number]>().toEqualTypeOf<MakerEventType>();
    // A taker using watchers (KDF's TAKER_USING_WATCHERS_SUCCESS_EVENTS) has every success event of one that does not, and three more.
    expectTypeOf<(typeof TAKER_USING_WATCHERS_SUCCESS_EVENTS)[number] | (typeof TAKER_ERROR_EVENTS)[number]>().toEqualTypeOf<TakerEventType>();
    expectTypeOf<(typeof TAKER_SUCCESS_EVENTS)[number]>().toMatchTypeOf<(typeof TAKER_USING_WATCHERS_SUCCESS_EVENTS)[number]>();
    const next = machine.next as Record<string, string | null>;
    expect(Object.keys(next).sort()).toEqual([...new Set(listed)].sort());
    expect(Object.entries(next).filter(([, step]) => step === null)).toEqual([['Finished', null]]);
  });

  it.each(tables)('%s: every step is reached from some event and every step can reach Finished', (_, machine) => {
    const next = machine.next as Record<string, string | null>;
    const steps = machine.steps as Record<string, { emits: readonly string[] }>;
    expect(new Set(Object.values(next).filter((s) => s !== null))).toEqual(new Set(Object.keys(steps)));
    for (const start of Object.keys(steps)) {
      const seen = new Set<string>();
      const queue = [start];
      let finishes = false;
      while (queue.length > 0) {
        const step = queue.pop()!;
        if (seen.has(step)) continue;
        seen.add(step);
        for (const event of steps[step]!.emits) {
          const after = next[event];
          if (after === null) finishes = true;
          else if (after !== undefined) queue.push(after);
        }
      }
      expect(finishes, start).toBe(true);
    }
  });

  it('refuses, at compile time, a step appending an event it did not declare and a table leaving an event out', () => {
    const step = stepsOf<MakerSavedSwap, MakerFacts>();
    type NegotiateRun = StepRun<MakerSavedSwap, MakerFacts, 'Negotiated' | 'NegotiateFailed'>;
    expectTypeOf<Parameters<NegotiateRun['append']>[0]['type']>().toEqualTypeOf<'Negotiated' | 'NegotiateFailed'>();
    const declared = step(['NegotiateFailed'], (run) => run.append({ type: 'NegotiateFailed', data: { error: 'x' } }));
    expect(declared.emits).toEqual(['NegotiateFailed']);
    // @ts-expect-error Finished is not among the events this step declares.
    step(['NegotiateFailed'], (run) => run.append({ type: 'Finished' }));
    const negotiateBoth = (run: NegotiateRun): Promise<void> => run.append({ type: 'NegotiateFailed', data: { error: 'x' } });
    // @ts-expect-error The function may append NegotiateFailed, which the list leaves out.
    step(['Negotiated'], negotiateBoth);
    const { MakerPaymentRefundFinished: _left, ...incomplete } = MAKER_MACHINE.next;
    // @ts-expect-error MakerPaymentRefundFinished has no next step.
    const table: NextSteps<MakerSavedSwap, keyof typeof MAKER_MACHINE.steps> = incomplete;
    expect(Object.keys(table)).not.toContain('MakerPaymentRefundFinished');
  });
});

/** A run over `events` whose stores are recorded, with nothing to talk to (no step here sends). */
function makerRun(events: SavedEvent<MakerSwapEvent>[], stored: SavedSwap[]): SwapRun<MakerSavedSwap, MakerFacts> {
  const { role: _role, swap } = kdf.swaps.recreate_maker_swap_maker_expected;
  const record = { ...swap, v: 1, type: 'Maker', events } as unknown as MakerSavedSwap;
  const deps: RunDeps = {
    records: { put: async (s) => void stored.push(s) },
    coins: () => undefined,
    clock: { now: () => 1638984500000, sleep: async () => undefined },
    timing: KDF_TIMING,
    watchers: null,
    onEvent: () => undefined,
    onConfirmations: () => undefined,
    log: () => undefined,
  };
  return new SwapRun(record, deps, {} as SwapChannel, new AbortController().signal, MAKER_MACHINE);
}

describe('a running swap', () => {
  it('folds each event it appends as the whole list folds', async () => {
    const all = makerEvents('recreate_maker_swap_maker_expected');
    const stored: SavedSwap[] = [];
    const run = makerRun(all.slice(0, 2), stored);
    for (const saved of all.slice(2)) await run.append(saved.event);
    expect(stored).toHaveLength(all.length - 2);
    expect(run.facts).toEqual(makerFacts(run.swap.events));
    expect(run.facts.takerPaymentSpendConfirmed).toBe(true);
  });

  it('refuses an undeclared event a step slips past the types, and stores nothing', async () => {
    const stored: SavedSwap[] = [];
    const run = makerRun(makerEvents('recreate_maker_swap_maker_expected').slice(0, 1), stored);
    const step = stepsOf<MakerSavedSwap, MakerFacts>();
    const cheating = {
      ...MAKER_MACHINE,
      steps: { ...MAKER_MACHINE.steps, negotiate: step(['Negotiated'], (r) => r.append({ type: 'Finished' } as never)) },
    };
    await expect(runMachine(cheating, run)).rejects.toThrow('the step did not declare Finished');
    expect(stored).toEqual([]);
    expect(lastType(run.swap.events)).toBe('Started');
  });
});
