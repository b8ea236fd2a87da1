/**
 * The longest time the event loop was blocked while `work` ran: Node's event-loop delay histogram
 * sampled every 10 ms, reported as its maximum. What a user waiting on another RPC would feel.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export async function longestBlockMs<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    const result = await work();
    // Let the last sample land before reading the histogram.
    await new Promise((r) => setTimeout(r, 20));
    return { ms: Math.round(histogram.max / 1e5) / 10, result };
  } finally {
    histogram.disable();
  }
}
