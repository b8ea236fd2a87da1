/**
 * Following one of the node's RPC tasks (`task::<name>::init` → `::status` until it ends), for
 * the withdraw signed on a Trezor. The status is read every half second, never faster.
 */
import type { RpcClient } from '../../client/RpcClient';
import type { ChannelError } from '../../shared/wire';
import { describeSendFailure } from './coinErrors';
import type { TaskErrorDetails } from './trezor';
import { describeHwFailure, failureOfStatus } from './trezor';

export const TASK_POLL_MS = 500;

export type TaskStatus<T> =
  | { status: 'InProgress' | 'UserActionRequired'; details: string }
  | { status: 'Ok'; details: T }
  | { status: 'Error'; details: TaskErrorDetails };

/** A final status; an `Error` comes with the typed error the worker channel carried beside it. */
export type FinalStatus<T> = { status: 'Ok'; details: T } | { status: 'Error'; details: TaskErrorDetails; error: ChannelError | undefined };

/**
 * Reads the task's status until it is `Ok` or `Error` (the node then forgets it), reporting each
 * running status. Resolves with null once `stopped()` says the page no longer cares.
 */
export async function followTask<T>(
  client: RpcClient,
  family: string,
  taskId: number,
  onProgress: (status: string, details: string) => void,
  stopped: () => boolean,
): Promise<FinalStatus<T> | null> {
  for (;;) {
    if (stopped()) return null;
    const { result: s, error } = await client.callReporting<TaskStatus<T>>(`${family}::status`, { task_id: taskId });
    if (stopped()) return null;
    if (s.status === 'Ok') return s;
    if (s.status === 'Error') return { ...s, error };
    onProgress(s.status, s.details);
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
