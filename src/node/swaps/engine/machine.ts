/**
 * A role's swap as a transition table the compiler checks (after KDF's `storable_state_machine`,
 * whose states name their successors by type): each step declares the events it may append, and
 * its function's type holds it to them; every event names the step that follows it, so a swap
 * resumed from its stored events goes on from the last one. A step that appends an event it did
 * not declare, or an event without a next step, does not compile.
 */
import type { EventOf } from './events';
import type { EventOfSwap, FactsFold, SwapRun } from './run';
import type { SavedSwap } from './savedSwap';

export type EventTypeOf<S extends SavedSwap> = EventOfSwap<S>['type'];

/** What a step gets: the run, whose `append` takes only the events the step declared. */
export type StepRun<S extends SavedSwap, F, Emits extends EventTypeOf<S>> = Omit<SwapRun<S, F>, 'append'> & {
  readonly append: (event: EventOf<EventOfSwap<S>, Emits>) => Promise<void>;
};

export interface Step<S extends SavedSwap, F, Emits extends EventTypeOf<S>> {
  /** The events the step may append (held again at run time, see `SwapRun.append`). */
  readonly emits: readonly Emits[];
  readonly run: (run: StepRun<S, F, Emits>) => Promise<void>;
}

/**
 * The step declarer of one role: `emits` alone types the function's `append` (`NoInfer`), so a
 * function that appends an event the list leaves out does not compile.
 */
export const stepsOf =
  <S extends SavedSwap, F>() =>
  <const Emits extends EventTypeOf<S>>(emits: readonly Emits[], run: (run: StepRun<S, F, NoInfer<Emits>>) => Promise<void>): Step<S, F, Emits> => ({
    emits,
    run,
  });

/** After each event, the step that follows it; only `Finished` has none. */
export type NextSteps<S extends SavedSwap, Name extends string> = { readonly [T in EventTypeOf<S>]: T extends 'Finished' ? null : Name };

/**
 * A step as the table holds it, whatever it declared: the method form takes the whole run, which
 * every step accepts (a step's own type, fixed where it is declared, is what holds it to its events).
 */
interface DeclaredStep<S extends SavedSwap, F> {
  readonly emits: readonly EventTypeOf<S>[];
  run(run: SwapRun<S, F>): Promise<void>;
}

export interface SwapMachine<S extends SavedSwap, F, Name extends string> extends FactsFold<S, F> {
  readonly steps: { readonly [N in Name]: DeclaredStep<S, F> };
  readonly next: NextSteps<S, Name>;
}

/** Runs the swap from its last event until `Finished` (or until it is stopped: no step starts after a stop). */
export async function runMachine<S extends SavedSwap, F, Name extends string>(machine: SwapMachine<S, F, Name>, run: SwapRun<S, F>): Promise<void> {
  // Generic over the role, the table reads as a record; each role's table is checked where it is written.
  const next = machine.next as Readonly<Record<EventTypeOf<S>, Name | null>>;
  const after = (): Name | null => next[run.last.type as EventTypeOf<S>];
  for (let name = after(); name !== null; name = after()) {
    run.checkStop();
    const step = machine.steps[name];
    await run.confine(step.emits, () => step.run(run));
  }
}
