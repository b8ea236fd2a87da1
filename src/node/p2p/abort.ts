/**
 * Deadlines and waits that leave no timer behind: everything here is cleared on completion or
 * abort, so a stopped node holds no handles (AbortSignal.timeout's timers would linger).
 */

export interface Deadline {
  signal: AbortSignal;
  /** Clears the timer and the link to the parent; call when done. */
  clear(): void;
}

/** A signal that aborts after `ms`, or when `parent` aborts, whichever is first. */
export function deadline(ms: number, parent: AbortSignal | undefined, what: string): Deadline {
  const ctrl = new AbortController();
  const onParent = (): void => ctrl.abort(parent?.reason);
  const timer = setTimeout(() => ctrl.abort(new Error(`${what} timed out after ${ms} ms`)), ms);
  if (parent?.aborted) onParent();
  else parent?.addEventListener('abort', onParent, { once: true });
  return {
    signal: ctrl.signal,
    clear() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onParent);
    },
  };
}

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    if (signal.aborted) done();
    else signal.addEventListener('abort', done, { once: true });
  });
}

/** Resolves when `target` emits `event` or `signal` aborts, whichever is first. */
export function once(target: EventTarget, event: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      target.removeEventListener(event, done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    if (signal.aborted) return resolve();
    target.addEventListener(event, done, { once: true });
    signal.addEventListener('abort', done, { once: true });
  });
}
