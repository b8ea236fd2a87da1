/**
 * Connecting a Trezor through the node's `task::init_hwdevice` task: start it, poll its status
 * every half second while it runs, answer its PIN and passphrase requests, cancel it. One instance
 * per unlocked wallet page; the connected device stays known until the page locks.
 */
import type { RpcClient } from '../../client/RpcClient';
import type { ChannelError } from '../../shared/wire';
import type { HwUserAction } from '../../shared/contract/params';
import type { HwFailure, HwTaskStatus, TrezorDeviceInfo } from './trezor';
import { canRetry, describeHwFailure, failureOfError, failureOfStatus, grantTrezor } from './trezor';
import { errorMessage } from '../../shared/errorChain';

/** How often a running task's status is read (the node's own device polling runs at this pace too). */
export const STATUS_POLL_MS = 500;

const METHOD = 'task::init_hwdevice';

export type TrezorPhase =
  | { kind: 'idle' }
  /** The browser's device chooser is open. */
  | { kind: 'choosing' }
  | { kind: 'progress'; details: string }
  | { kind: 'pin' }
  | { kind: 'passphrase' }
  | { kind: 'connected'; info: TrezorDeviceInfo }
  | { kind: 'error'; message: string; errorType: string; errorData: string; retry: boolean };

export class TrezorConnection {
  phase = $state<TrezorPhase>({ kind: 'idle' });
  /** A short word after something ended without an error (cancelled, no device chosen). */
  notice = $state<string | null>(null);
  /** A PIN or passphrase is on its way to the node. */
  sending = $state(false);
  /** The device of the last successful connection in this session (kept while a new attempt runs). */
  device = $state<TrezorDeviceInfo | null>(null);

  private taskId: number | null = null;
  /** Bumped by every new attempt, cancel and destroy: answers of an older attempt are dropped. */
  private run = 0;
  /** Bumped by every user action: a status read before it was sent is stale. */
  private actions = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly client: RpcClient) {}

  get busy(): boolean {
    const k = this.phase.kind;
    return k === 'choosing' || k === 'progress' || k === 'pin' || k === 'passphrase';
  }

  /** From the click on "Connect Trezor" (or "Try again"): the chooser first, then the task. */
  async connect(): Promise<void> {
    if (this.busy) return;
    const run = ++this.run;
    this.notice = null;
    this.phase = { kind: 'choosing' };
    try {
      if ((await grantTrezor()) === 'none-chosen') {
        if (run !== this.run) return;
        this.phase = { kind: 'idle' };
        this.notice = 'No Trezor was chosen. Plug it in, then choose it in the browser’s list.';
        return;
      }
    } catch (e) {
      if (run === this.run) this.fail({ errorType: undefined, errorData: undefined, message: errorMessage(e) });
      return;
    }
    if (run !== this.run) return;
    this.phase = { kind: 'progress', details: 'Initializing' };
    try {
      const { task_id } = await this.client.call(`${METHOD}::init`, {});
      if (run !== this.run) {
        void this.client.call(`${METHOD}::cancel`, { task_id }).catch(() => undefined);
        return;
      }
      this.taskId = task_id;
    } catch (e) {
      if (run === this.run) this.fail(failureOfError(e));
      return;
    }
    void this.poll(run);
  }

  async sendPin(positions: string): Promise<boolean> {
    return this.userAction({ action_type: 'HwPin', pin: positions });
  }

  async sendPassphrase(passphrase: string): Promise<boolean> {
    return this.userAction({ action_type: 'HwPassphrase', passphrase });
  }

  /** Stops the attempt: the node cancels the task, which tells the device to stop as well. */
  async cancel(): Promise<void> {
    const taskId = this.taskId;
    const run = ++this.run;
    this.stopPolling();
    this.taskId = null;
    this.sending = false;
    if (taskId === null) {
      this.phase = { kind: 'idle' };
      return;
    }
    try {
      await this.client.call(`${METHOD}::cancel`, { task_id: taskId });
    } catch (e) {
      // It finished in the meantime: show how it ended rather than pretend it was cancelled.
      if (failureOfError(e).errorType === 'TaskFinished') {
        try {
          const last = await this.client.callReporting(`${METHOD}::status`, { task_id: taskId });
          if (run === this.run && this.finish(last.result, last.error)) return;
        } catch {
          // gone: fall through to cancelled
        }
      }
    }
    if (run !== this.run) return;
    this.phase = { kind: 'idle' };
    this.notice = 'Cancelled. The Trezor was not connected.';
  }

  /** Clears an error and returns to the start (the "Connect Trezor" button). */
  dismiss(): void {
    if (this.phase.kind === 'error') this.phase = this.device ? { kind: 'connected', info: this.device } : { kind: 'idle' };
    this.notice = null;
  }

  /** The wallet page is going away: stop polling and drop a running attempt. */
  destroy(): void {
    const taskId = this.taskId;
    this.run++;
    this.stopPolling();
    this.taskId = null;
    if (taskId !== null) void this.client.call(`${METHOD}::cancel`, { task_id: taskId }).catch(() => undefined);
  }

  private async userAction(action: HwUserAction): Promise<boolean> {
    const taskId = this.taskId;
    if (taskId === null || this.sending) return false;
    const run = this.run;
    this.actions++;
    this.sending = true;
    try {
      await this.client.call(`${METHOD}::user_action`, { task_id: taskId, user_action: action });
      if (run !== this.run) return false;
      // The task goes on with the device; the next status says what comes next.
      this.phase = { kind: 'progress', details: 'Initializing' };
      return true;
    } catch (e) {
      if (run === this.run) {
        this.stopPolling();
        this.taskId = null;
        this.fail(failureOfError(e));
      }
      return false;
    } finally {
      if (run === this.run) this.sending = false;
    }
  }

  private async poll(run: number): Promise<void> {
    const taskId = this.taskId;
    if (run !== this.run || taskId === null) return;
    const actions = this.actions;
    let status: HwTaskStatus;
    let failure: ChannelError | undefined;
    try {
      ({ result: status, error: failure } = await this.client.callReporting(`${METHOD}::status`, { task_id: taskId }));
    } catch (e) {
      if (run !== this.run) return;
      this.taskId = null;
      this.fail(failureOfError(e));
      return;
    }
    if (run !== this.run) return;
    if (status.status === 'Ok' || status.status === 'Error') {
      this.finish(status, failure);
      return;
    }
    // A PIN or passphrase was sent while this status was on its way: it is out of date.
    if (actions === this.actions && !this.sending) this.show(status);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll(run);
    }, STATUS_POLL_MS);
  }

  private show(status: HwTaskStatus): void {
    if (status.status === 'InProgress') {
      const p = this.phase;
      if (p.kind !== 'progress' || p.details !== status.details) this.phase = { kind: 'progress', details: status.details };
    } else if (status.status === 'UserActionRequired') {
      if (status.details === 'EnterTrezorPin' && this.phase.kind !== 'pin') this.phase = { kind: 'pin' };
      else if (status.details === 'EnterTrezorPassphrase' && this.phase.kind !== 'passphrase') this.phase = { kind: 'passphrase' };
    }
  }

  /** A final status: connected or failed. Returns false for a status that is not final. */
  private finish(status: HwTaskStatus, failure?: ChannelError): boolean {
    if (status.status === 'Ok') {
      this.taskId = null;
      this.device = status.details;
      this.phase = { kind: 'connected', info: status.details };
      return true;
    }
    if (status.status === 'Error') {
      this.taskId = null;
      this.fail(failureOfStatus(status.details, failure));
      return true;
    }
    return false;
  }

  private fail(f: HwFailure): void {
    this.phase = {
      kind: 'error',
      message: describeHwFailure(f),
      errorType: f.errorType ?? '',
      errorData: typeof f.errorData === 'string' ? f.errorData : '',
      retry: canRetry(f),
    };
  }

  private stopPolling(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
