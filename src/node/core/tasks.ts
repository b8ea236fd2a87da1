/**
 * KDF's RPC tasks (`rpc_task`). It sits beside the context rather than in rpc/ because domains
 * (hw) start tasks, and domains never import rpc/.
 * A task is a long operation started by `task::<name>::init` that reports its
 * progress through `::status`, may stop to wait for the user (`::user_action`), and can be
 * cancelled (`::cancel`). Statuses serialize as KDF's `RpcTaskStatus`:
 * `{status: "InProgress" | "UserActionRequired" | "Ok" | "Error", details}`.
 */
import type { Def, MmRpcMethod, MmRpcResult } from '../../shared/contract';
import type { Beyond } from './beyondContract';
import { ParamError, type ParamReader } from '../../shared/params';
import { internalError, MmError, type FrameResolver, framesOf, errorPath, errorTrace } from './errors';

/** What a task family reports: its result (`Ok`), its progress (`InProgress`), what it waits for the user for. */
export interface TaskTypes {
  result: unknown;
  progress: unknown;
  awaiting: string;
}

/** KDF's `RpcTaskStatus` of a task of types `T`. */
export type TaskStatus<T extends TaskTypes = TaskTypes> =
  | { status: 'InProgress'; details: T['progress'] }
  | { status: 'UserActionRequired'; details: T['awaiting'] }
  | { status: 'Ok'; details: T['result'] }
  | { status: 'Error'; details: TaskErrorDetails };

/** A failed task's details: the mmrpc error fields. */
export type TaskErrorDetails = Def<'TaskError'>;

/** The node's task families, by the `<kind>` of their `task::<kind>::…` methods. */
export type TaskKind = 'enable_utxo' | 'enable_eth' | 'withdraw' | 'init_hwdevice' | 'account_balance' | 'create_new_account';

type StatusMethod<K extends TaskKind> = Extract<`task::${K}::status`, MmRpcMethod>;
type StatusAnswer<K extends TaskKind> = MmRpcResult<StatusMethod<K>> | Beyond<StatusMethod<K>, 'mmrpc'>;
type DetailsOf<S, T extends string> = S extends { status: T; details: infer D } ? D : never;

/** Each family's types, read from its `::status` answer in the contract (and `beyondContract.ts`): a task answers what KDF's does. */
export type NodeTasks = {
  [K in TaskKind]: {
    result: DetailsOf<StatusAnswer<K>, 'Ok'>;
    progress: DetailsOf<StatusAnswer<K>, 'InProgress'>;
    awaiting: DetailsOf<StatusAnswer<K>, 'UserActionRequired'>;
  };
};

/** Families of any name and result, for a manager outside the node (unit tests). */
type AnyTasks = Record<string, { result: unknown; progress: string; awaiting: string }>;

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

/** The progress a task driving a hardware wallet reports, whatever its family. */
export type HwTaskProgress = 'FollowHwDeviceInstructions';

/**
 * What a running task may do: `P` its progress details, `A` what it may wait for the user for
 * (by default what the hardware wallet's prompts report, which every family driving one takes).
 */
export interface TaskHandle<P = HwTaskProgress, A = Def<'HwRpcTaskAwaitingStatus'>> {
  /** Reports progress (`InProgress` with the given details). */
  progress(details: P): void;
  /** Waits for one of the expected action types; `details` names what is awaited (`EnterTrezorPin`). */
  awaitUserAction(details: A, expected: readonly string[], timeoutMs: number): Promise<UserAction>;
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

interface Waiting<A> {
  details: A;
  expected: readonly string[];
  resolve(action: UserAction): void;
}

interface Task<T extends TaskTypes> {
  /** The last `InProgress` details, restored once a user action arrives. */
  progress: T['progress'];
  status: TaskStatus<T>;
  waiting: Waiting<T['awaiting']> | null;
  abort: AbortController;
  finished: boolean;
}

/** Each family's tasks by id: one family never sees another's (ids are unique across them). */
type Families<F extends Record<string, TaskTypes>> = { [K in keyof F]?: Map<number, Task<F[K]>> };

/** The tasks of the families `F` (the node's are `NodeTasks`), each typed by its family. */
export class TaskManager<F extends Record<string, TaskTypes> = AnyTasks> {
  private nextId = 0;
  private readonly families: Families<F> = {};

  constructor(private readonly resolveFrames?: FrameResolver) {}

  private family<K extends keyof F>(kind: K): Map<number, Task<F[K]>> {
    const existing = this.families[kind];
    if (existing) return existing;
    const created = new Map<number, Task<F[K]>>();
    this.families[kind] = created;
    return created;
  }

  /** Starts `run` in the background; its result becomes `Ok`, its error `Error`. */
  spawn<K extends keyof F>(
    kind: K,
    initial: F[K]['progress'],
    run: (h: TaskHandle<F[K]['progress'], F[K]['awaiting']>) => Promise<F[K]['result']>,
  ): number {
    const id = this.nextId++;
    const abort = new AbortController();
    const tasks = this.family(kind);
    const task: Task<F[K]> = {
      progress: initial,
      status: { status: 'InProgress', details: initial },
      waiting: null,
      abort,
      finished: false,
    };
    tasks.set(id, task);
    const handle: TaskHandle<F[K]['progress'], F[K]['awaiting']> = {
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
  running(kind: keyof F): boolean {
    return [...this.family(kind).values()].some((t) => !t.finished);
  }

  /** KDF's `forget_if_finished` (default true) drops a finished task once its result is read. */
  status<K extends keyof F>(kind: K, id: number, forgetIfFinished = true): TaskStatus<F[K]> {
    const tasks = this.family(kind);
    const task = tasks.get(id);
    if (!task) throw taskError.noSuchTask(id);
    if (task.finished && forgetIfFinished) tasks.delete(id);
    return task.status;
  }

  /** Delivers a user action; the wrong `action_type` is refused and the task keeps waiting. */
  userAction(kind: keyof F, id: number, action: UserAction): void {
    const task = this.family(kind).get(id);
    if (!task || task.finished) throw taskError.noSuchTask(id);
    const waiting = task.waiting;
    if (!waiting) throw taskError.unexpectedUserAction('none: the task is not waiting for the user');
    if (!waiting.expected.includes(action.action_type)) throw taskError.unexpectedUserAction(waiting.details);
    waiting.resolve(action);
  }

  /** Aborts a running task and forgets it, as KDF does: its status is then `NoSuchTask`. */
  cancel(kind: keyof F, id: number): void {
    const tasks = this.family(kind);
    const task = tasks.get(id);
    if (!task) throw taskError.noSuchTask(id, 404);
    if (task.finished) throw taskError.taskFinished(id);
    tasks.delete(id);
    task.abort.abort();
  }

  private finish<T extends TaskTypes>(task: Task<T>, status: TaskStatus<T>): void {
    task.finished = true;
    task.waiting = null;
    task.status = status;
  }

  private async errorDetails(e: unknown): Promise<TaskErrorDetails> {
    const err = internalError(e);
    const frames = await framesOf(err, this.resolveFrames);
    const details: TaskErrorDetails = {
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

/** The handle a task of the node's family `K` runs with. */
export type HandleOf<K extends TaskKind> = TaskHandle<NodeTasks[K]['progress'], NodeTasks[K]['awaiting']>;
