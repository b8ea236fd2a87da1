/**
 * KDF's RPC tasks (`rpc_task`). It sits beside the context rather than in rpc/ because domains
 * (hw) start tasks, and domains never import rpc/.
 * A task is a long operation started by `task::<name>::init` that reports its
 * progress through `::status`, may stop to wait for the user (`::user_action`), and can be
 * cancelled (`::cancel`). Statuses serialize as KDF's `RpcTaskStatus`:
 * `{status: "InProgress" | "UserActionRequired" | "Ok" | "Error", details}`.
 */
import { ParamError, type ParamReader } from '../../shared/params';
import { internalError, MmError, type FrameResolver, framesOf, errorPath, errorTrace } from './errors';

export type TaskStatus =
  | { status: 'InProgress'; details: string }
  | { status: 'UserActionRequired'; details: string }
  | { status: 'Ok'; details: unknown }
  | { status: 'Error'; details: Record<string, unknown> };

/** A user action as sent: `{action_type, …}`. */
export type UserAction = Record<string, unknown> & { action_type: string };

/** `HwPin` / `HwPassphrase` (the spec's names) or KDF's `TrezorPin` / `TrezorPassphrase`. */
export const PIN_ACTIONS = ['HwPin', 'TrezorPin'] as const;
export const PASSPHRASE_ACTIONS = ['HwPassphrase', 'TrezorPassphrase'] as const;

/**
 * KDF's `HwRpcTaskUserAction`, the user actions every task that drives a hardware wallet takes:
 * the PIN as positions 1–9 on the device's scrambled pad, or the passphrase.
 */
export function readHwUserAction(r: ParamReader): UserAction {
  const actionType = r.oneOf('action_type', [...PIN_ACTIONS, ...PASSPHRASE_ACTIONS]);
  if ((PIN_ACTIONS as readonly string[]).includes(actionType)) {
    const pin = r.str('pin');
    if (!/^[1-9]{1,50}$/.test(pin)) throw new ParamError(r.field('pin'), '`pin` must be the positions 1-9 on the PIN matrix');
    return { action_type: actionType, pin };
  }
  return { action_type: actionType, passphrase: r.str('passphrase') };
}

/** What a running task may do. */
export interface TaskHandle {
  /** Reports progress (`InProgress` with the given details). */
  progress(details: string): void;
  /** Waits for one of the expected action types; `details` names what is awaited (`EnterTrezorPin`). */
  awaitUserAction(details: string, expected: readonly string[], timeoutMs: number): Promise<UserAction>;
  /** Aborted when the task is cancelled; long waits should listen to it. */
  readonly signal: AbortSignal;
}

export const taskError = {
  noSuchTask: (id: number, httpStatus = 400): MmError =>
    new MmError({ errorType: 'NoSuchTask', message: `No such task '${id}'`, errorData: id, httpStatus }),
  /** KDF's `CancelRpcTaskError::TaskFinished`, whose text does not name the task. */
  taskFinished: (id: number): MmError =>
    new MmError({ errorType: 'TaskFinished', message: 'Task is finished already', errorData: id, httpStatus: 409 }),
  unexpectedUserAction: (expected: string): MmError =>
    new MmError({
      errorType: 'UnexpectedUserAction',
      message: `Expected user action: ${expected}`,
      errorData: { expected },
      httpStatus: 400,
    }),
  timeout: (ms: number): MmError =>
    new MmError({
      errorType: 'Timeout',
      message: `Timeout ${ms / 1000}s has elapsed`,
      errorData: { secs: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 },
      httpStatus: 408,
    }),
  cancelled: (): MmError => new MmError({ errorType: 'Cancelled', message: 'Task was cancelled', httpStatus: 400 }),
};

/** The error behind each `Error` status's details, for the worker channel (the JSON carries only KDF's fields). */
const taskErrors = new WeakMap<object, MmError>();

/** The error a task status answer reports, when `status` is a task's `Error` status. */
export function taskErrorOf(status: unknown): MmError | undefined {
  if (typeof status !== 'object' || status === null) return undefined;
  const { status: kind, details } = status as { status?: unknown; details?: unknown };
  return kind === 'Error' && typeof details === 'object' && details !== null ? taskErrors.get(details) : undefined;
}

interface Waiting {
  details: string;
  expected: readonly string[];
  resolve(action: UserAction): void;
}

interface Task {
  /** The `task::<kind>::*` family the task belongs to; other families do not see it. */
  kind: string;
  /** The last `InProgress` details, restored once a user action arrives. */
  progress: string;
  status: TaskStatus;
  waiting: Waiting | null;
  abort: AbortController;
  finished: boolean;
}

export class TaskManager {
  private nextId = 0;
  private readonly tasks = new Map<number, Task>();

  constructor(private readonly resolveFrames?: FrameResolver) {}

  /** Starts `run` in the background; its result becomes `Ok`, its error `Error`. */
  spawn(kind: string, initial: string, run: (h: TaskHandle) => Promise<unknown>): number {
    const id = this.nextId++;
    const abort = new AbortController();
    const task: Task = {
      kind,
      progress: initial,
      status: { status: 'InProgress', details: initial },
      waiting: null,
      abort,
      finished: false,
    };
    this.tasks.set(id, task);
    const handle: TaskHandle = {
      progress: (details) => {
        task.progress = details;
        if (!task.finished && !task.waiting) task.status = { status: 'InProgress', details };
      },
      awaitUserAction: (details, expected, timeoutMs) =>
        new Promise<UserAction>((resolve, reject) => {
          // A finished or cancelled task asks nobody: its status stays as it ended.
          if (task.finished || abort.signal.aborted) {
            reject(task.finished ? taskError.taskFinished(id) : taskError.cancelled());
            return;
          }
          const timer = setTimeout(() => {
            task.waiting = null;
            reject(taskError.timeout(timeoutMs));
          }, timeoutMs);
          const onAbort = () => {
            clearTimeout(timer);
            task.waiting = null;
            reject(taskError.cancelled());
          };
          abort.signal.addEventListener('abort', onAbort, { once: true });
          task.status = { status: 'UserActionRequired', details };
          task.waiting = {
            details,
            expected,
            resolve: (action) => {
              clearTimeout(timer);
              abort.signal.removeEventListener('abort', onAbort);
              task.waiting = null;
              task.status = { status: 'InProgress', details: task.progress };
              resolve(action);
            },
          };
        }),
      signal: abort.signal,
    };
    void run(handle).then(
      (result) => this.finish(task, { status: 'Ok', details: result }),
      async (e: unknown) => this.finish(task, { status: 'Error', details: await this.errorDetails(e) }),
    );
    return id;
  }

  /** Whether a task of this kind is still running (KDF refuses a second hardware init). */
  running(kind: string): boolean {
    return [...this.tasks.values()].some((t) => t.kind === kind && !t.finished);
  }

  /** KDF's `forget_if_finished` (default true) drops a finished task once its result is read. */
  status(kind: string, id: number, forgetIfFinished = true): TaskStatus {
    const task = this.find(kind, id);
    if (!task) throw taskError.noSuchTask(id);
    if (task.finished && forgetIfFinished) this.tasks.delete(id);
    return task.status;
  }

  /** Delivers a user action; the wrong `action_type` is refused and the task keeps waiting. */
  userAction(kind: string, id: number, action: UserAction): void {
    const task = this.find(kind, id);
    if (!task || task.finished) throw taskError.noSuchTask(id);
    const waiting = task.waiting;
    if (!waiting) throw taskError.unexpectedUserAction('none: the task is not waiting for the user');
    if (!waiting.expected.includes(action.action_type)) throw taskError.unexpectedUserAction(waiting.details);
    waiting.resolve(action);
  }

  /** Aborts a running task and forgets it, as KDF does: its status is then `NoSuchTask`. */
  cancel(kind: string, id: number): void {
    const task = this.find(kind, id);
    if (!task) throw taskError.noSuchTask(id, 404);
    if (task.finished) throw taskError.taskFinished(id);
    this.tasks.delete(id);
    task.abort.abort();
  }

  private find(kind: string, id: number): Task | undefined {
    const task = this.tasks.get(id);
    return task?.kind === kind ? task : undefined;
  }

  private finish(task: Task, status: TaskStatus): void {
    task.finished = true;
    task.waiting = null;
    task.status = status;
  }

  private async errorDetails(e: unknown): Promise<Record<string, unknown>> {
    const err = internalError(e);
    const frames = await framesOf(err, this.resolveFrames);
    const details: Record<string, unknown> = {
      error: err.message,
      error_path: errorPath(frames),
      error_trace: errorTrace(frames),
      error_type: err.errorType,
    };
    if (err.errorData !== undefined) details.error_data = err.errorData;
    taskErrors.set(details, err);
    return details;
  }
}
