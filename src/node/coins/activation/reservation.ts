/**
 * A ticker held for one activation until it registers its coin or gives up. A cancelled task gives
 * its reservation up at once, so the coin can be activated again right away, while the abandoned
 * work runs on until its next step and then shuts down what it built instead of registering it.
 */
import { taskError } from '../../core/tasks';
import type { EnabledCoin } from '../coin';
import type { EnabledCoins } from '../registry';

export class Reservation {
  private open = true;

  private constructor(
    private readonly coins: EnabledCoins,
    readonly ticker: string,
  ) {}

  /** Null when the ticker is active or being activated. */
  static take(coins: EnabledCoins, ticker: string): Reservation | null {
    return coins.reserve(ticker) ? new Reservation(coins, ticker) : null;
  }

  /** Registers the coin; false when the reservation was given up meanwhile (the caller shuts the coin down). */
  commit(coin: EnabledCoin): boolean {
    if (!this.open) return false;
    this.open = false;
    this.coins.settle(this.ticker, coin);
    return true;
  }

  release(): void {
    if (!this.open) return;
    this.open = false;
    this.coins.settle(this.ticker, null);
  }
}

/**
 * Runs `work` for a task: the task's answer is Cancelled as soon as `signal` aborts, and the
 * reservation is given up then; without a signal (a call outside a task) it is just `work`.
 */
export function untilCancelled<T>(work: Promise<T>, signal: AbortSignal | undefined, reservation: Reservation): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      reservation.release();
      reject(taskError.cancelled());
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
