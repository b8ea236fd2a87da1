/**
 * Long synchronous work (signing hundreds of inputs) is cut into slices with a macrotask between
 * them, so the worker or the host keeps answering other requests meanwhile. A macrotask, not a
 * microtask: only then do timers, sockets and incoming messages get their turn.
 */

/** Work done between two yields; well under what a user notices as a stall. */
const SLICE_MS = 10;

/** Resolves on a later turn of the event loop (Node's `setImmediate`, else a MessageChannel message, unclamped unlike setTimeout). */
export function yieldToEventLoop(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate;
  if (immediate) return new Promise((resolve) => void immediate(resolve));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** A clock for `SLICE_MS` slices: `due()` is true once a slice's time is used up, and restarts it. */
export function sliceClock(): { due(): boolean } {
  let start = performance.now();
  return {
    due() {
      const t = performance.now();
      if (t - start < SLICE_MS) return false;
      start = t;
      return true;
    },
  };
}
