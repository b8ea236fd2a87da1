/**
 * Work from the network done in slices: tasks queue up and run in order, at most SLICE_MS of them
 * at a time, after which the pacer yields to the event loop (timers, sockets, RPCs) before going
 * on. A burst of thousands of gossip messages, each cheap but many, then delays every other
 * answer by one slice rather than by the whole burst. The queue is bounded: a task offered beyond
 * it is refused (the caller drops what it carried), unless it must run (it finishes work already
 * admitted).
 */

/** How long one slice may run, ms. */
export const SLICE_MS = 10;
/** Tasks waiting at most. */
export const MAX_QUEUED = 5_000;

/** The next turn of the event loop after I/O (Node's setImmediate; a timer where there is none, as in browsers). */
const nextTurn: (run: () => void) => void =
  typeof setImmediate === 'function' ? (run) => void setImmediate(run) : (run) => void setTimeout(run, 0);

export class Pacer {
  private readonly queue: (() => void)[] = [];
  private head = 0;
  private scheduled = false;

  constructor(
    private readonly onError: (e: unknown) => void,
    private readonly sliceMs = SLICE_MS,
    private readonly maxQueued = MAX_QUEUED,
  ) {}

  get queued(): number {
    return this.queue.length - this.head;
  }

  /** Queues `task`; false (not queued) when the queue is full and `mustRun` is not set. */
  offer(task: () => void, mustRun = false): boolean {
    if (!mustRun && this.queued >= this.maxQueued) return false;
    this.queue.push(task);
    if (!this.scheduled) {
      this.scheduled = true;
      nextTurn(() => this.runSlice());
    }
    return true;
  }

  private runSlice(): void {
    const start = performance.now();
    while (this.head < this.queue.length && performance.now() - start < this.sliceMs) {
      const task = this.queue[this.head]!;
      this.head++;
      try {
        task();
      } catch (e) {
        this.onError(e);
      }
    }
    if (this.head === this.queue.length) {
      this.queue.length = 0;
      this.head = 0;
      this.scheduled = false;
      return;
    }
    if (this.head > 1_024) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    nextTurn(() => this.runSlice());
  }
}
