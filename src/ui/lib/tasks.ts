/**
 * Following one of the node's RPC tasks (`task::<name>::init` → `::status` until it ends), for
 * the withdraw signed on a Trezor. The status is read every half second, never faster.
 */
import type { RpcClient } from '../../client/RpcClient';
import type { MmRpcResult } from '../../shared/contract';
import type { ChannelError } from '../../shared/wire';
import { describeSendFailure } from './coinErrors';
import type { TaskErrorDetails } from './trezor';
import { describeHwFailure, failureOfStatus } from './trezor';

export const TASK_POLL_MS = 500;

/** The RPC task families the page follows. */
export type TaskFamily = 'task::withdraw' | 'task::enable_utxo' | 'task::enable_eth' | 'task::init_hwdevice';

/** A status of a task of family `F`, as the contract types `F::status`. */
export type TaskStatus<F extends TaskFamily> = MmRpcResult<`${F}::status`>;

/** A final status; an `Error` comes with the typed error the worker channel carried beside it. */
export type FinalStatus<F extends TaskFamily> =
  | Extract<TaskStatus<F>, { status: 'Ok' }>
  | (Extract<TaskStatus<F>, { status: 'Error' }> & { error: ChannelError | undefined });

/** A running status's details by name: KDF's unit variants are strings, the others one-key objects (`{SyncingBlockHeaders: …}`). */
function progressName(details: unknown): string {
  if (typeof details === 'string') return details;
  return typeof details === 'object' && details !== null ? (Object.keys(details)[0] ?? '') : '';
}

/**
 * Reads the task's status until it is `Ok` or `Error` (the node then forgets it), reporting each
 * running status. Resolves with null once `stopped()` says the page no longer cares.
 */
export function followTask<F extends TaskFamily>(
  client: RpcClient,
  family: F,
  taskId: number,
  onProgress: (status: string, details: string) => void,
  stopped: () => boolean,
): Promise<FinalStatus<F> | null>;
// One body for every family: the compiler checks it against the union of their statuses, and
// the signature above gives each caller its own family's.
export async function followTask(
  client: RpcClient,
  family: TaskFamily,
  taskId: number,
  onProgress: (status: string, details: string) => void,
  stopped: () => boolean,
): Promise<FinalStatus<TaskFamily> | null> {
  for (;;) {
    if (stopped()) return null;
    const { result: s, error } = await client.callReporting(`${family}::status`, { task_id: taskId });
    if (stopped()) return null;
    if (s.status === 'Ok') return s;
    if (s.status === 'Error') return { ...s, error };
    onProgress(s.status, progressName(s.details));
    await new Promise((resolve) => setTimeout(resolve, TASK_POLL_MS));
  }
}

/** A Trezor-signed withdraw that ended in an error, in plain words. */
export function describeTrezorSendFailure(details: TaskErrorDetails, coin: string, error: ChannelError | undefined): string {
  const f = failureOfStatus(details, error);
  if (f.errorType === 'HwError') {
    switch (f.errorData) {
      case 'UserCancelled':
        return 'You rejected the transaction on your Trezor. Nothing was signed or sent.';
      case 'PinExpected':
        return `Your Trezor is locked again. Connect it again in the Hardware wallet section, then activate ${coin} on it again.`;
      case 'NoTrezorDeviceAvailable':
        return `Your Trezor is not connected any more. Connect it again in the Hardware wallet section, then activate ${coin} on it again.`;
      case 'NotEnoughFunds':
        return `Your Trezor says there are not enough ${coin} for this amount and its fee.`;
      default:
        return describeHwFailure(f);
    }
  }
  if (f.errorType === 'Timeout') return describeHwFailure(f);
  return describeSendFailure(f, coin);
}
