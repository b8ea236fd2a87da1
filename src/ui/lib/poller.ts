/**
 * Runs a task again a while after each run ends (never two at once, never a tight loop), only
 * while started. `now()` runs it at once (after an action), keeping the rhythm afterwards.
 */
export class Poller {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private again = false;
  private active = false;

  constructor(
    private readonly task: () => Promise<void>,
    /** Milliseconds to wait after a run; read after each run, so it may change. */
    private readonly interval: () => number,
  ) {}

  get started(): boolean {
    return this.active;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    if (this.running) this.again = true;
    else void this.run();
  }

  stop(): void {
    this.active = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Runs the task now (or right after the run in progress), even when stopped. */
  now(): Promise<void> {
    if (this.running) {
      this.again = true;
      return Promise.resolve();
    }
    return this.run();
  }

  private async run(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.running = true;
    try {
      await this.task();
    } catch {
      // The task reports its own errors; the rhythm goes on.
    } finally {
      this.running = false;
    }
    if (this.again) {
      this.again = false;
      return this.run();
    }
    if (this.active) this.timer = setTimeout(() => void this.run(), this.interval());
  }
}
