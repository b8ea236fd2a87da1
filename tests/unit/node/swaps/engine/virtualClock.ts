/**
 * A virtual clock for swap tests: `sleep` waits for the test to move time on, and `runUntil` is a
 * small discrete-event loop that lets every pending promise settle, then jumps to the next timer.
 * Hours of lock time pass in milliseconds, and every deadline is checked against `now()`.
 */
import type { SwapClock } from '../../../../../src/node/swaps/engine/clock';

interface Timer {
  at: number;
  resolve(): void;
}

export class VirtualClock implements SwapClock {
  private timers: Timer[] = [];

  constructor(private t: number) {}

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason as Error);
      const timer: Timer = {
        at: this.t + ms,
        resolve: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        this.timers = this.timers.filter((x) => x !== timer);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.timers.push(timer);
    });
  }

  /** Moves to `t` (never back) and wakes every sleeper due by then. */
  advanceTo(t: number): void {
    this.t = Math.max(this.t, t);
    const due = this.timers.filter((x) => x.at <= this.t);
    this.timers = this.timers.filter((x) => x.at > this.t);
    for (const x of due) x.resolve();
  }

  nextTimer(): number | undefined {
    return this.timers.length ? Math.min(...this.timers.map((x) => x.at)) : undefined;
  }
}

/** Lets queued promise chains (microtasks and immediates) run out. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
}

/** Runs virtual time until `done()` holds; throws if nothing is left to wake or after `maxSteps`. */
export async function runUntil(clock: VirtualClock, done: () => boolean, maxSteps = 20_000): Promise<void> {
  let idle = 0;
  for (let i = 0; i < maxSteps; i++) {
    await settle();
    if (done()) return;
    const next = clock.nextTimer();
    if (next === undefined) {
      // A node being restarted has no timers yet: give it a few rounds before calling it stuck.
      if (++idle > 20) throw new Error('nothing left to run, and not done');
      continue;
    }
    idle = 0;
    clock.advanceTo(next);
  }
  throw new Error(`not done after ${maxSteps} steps`);
}
