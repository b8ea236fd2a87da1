/**
 * The `status`, `user_action` and `cancel` methods every task family answers (KDF's
 * `RpcTaskStatusRequest`, `RpcTaskUserActionRequest`, `CancelRpcTaskRequest`), typed by the family.
 */
import type { ParamReader } from '../../shared/params';
import type { NodeContext } from './context';
import { readHwUserAction, type NodeTasks, type TaskKind, type TaskStatus } from './tasks';

type Handler<R> = (ctx: NodeContext, p: ParamReader) => Promise<R>;

/** `task::<kind>::status`: the task's status; a finished one is forgotten once read unless `forget_if_finished` is false. */
export function taskStatus<K extends TaskKind>(kind: K): Handler<TaskStatus<NodeTasks[K]>> {
  return async (ctx, p) => ctx.tasks.status(kind, p.uint('task_id'), p.optBool('forget_if_finished', true));
}

/** `task::<kind>::user_action`: a hardware wallet's PIN or passphrase for a task waiting for it. */
export function taskUserAction(kind: TaskKind): Handler<'success'> {
  return async (ctx, p) => {
    ctx.tasks.userAction(kind, p.uint('task_id'), readHwUserAction(p.obj_('user_action')));
    return 'success';
  };
}

/** `task::<kind>::cancel`. */
export function taskCancel(kind: TaskKind): Handler<'success'> {
  return async (ctx, p) => {
    ctx.tasks.cancel(kind, p.uint('task_id'));
    return 'success';
  };
}
