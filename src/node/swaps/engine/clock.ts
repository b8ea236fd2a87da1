/**
 * Time as the swap engine sees it. Every deadline is computed from stored timestamps and compared
 * with `now()`; `sleep` only paces polling and re-sends, so a clock that jumps (a laptop waking up
 * after days) makes the next check see the truth. Tests drive a virtual clock through the same shape.
 */
export interface SwapClock {
  /** Unix milliseconds. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason once it is aborted. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** The wall clock of the platform, with timers. */
export function platformClock(now: () => number): SwapClock {
  return {
    now,
    sleep: (ms, signal) =>
      new Promise((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason as Error);
        const timer = setTimeout(() => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        }, ms);
        const onAbort = (): void => {
          clearTimeout(timer);
          reject(signal.reason as Error);
        };
        signal.addEventListener('abort', onAbort, { once: true });
      }),
  };
}
