/** KDF's `RpcTaskError` / `CancelRpcTaskError` variants (rpc_task), for every `task::*` method. */
export type TaskErrorType = 'NoSuchTask' | 'TaskFinished' | 'UnexpectedUserAction' | 'Timeout' | 'TaskTimedOut' | 'Cancelled';
