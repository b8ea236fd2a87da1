/**
 * RPC handlers of the hardware-wallet domain: `task::init_hwdevice::{init,status,user_action,cancel}`
 * (aliased as KDF's `task::init_trezor::*` in the method table).
 */
import type { MmRpcResult } from '../../shared/contract';
import { ParamError, type ParamReader } from '../../shared/params';
import type { NodeContext } from '../core/context';
import { MmError } from '../core/errors';
import type { HandlerTable } from '../core/handler';
import { taskCancel, taskStatus, taskUserAction } from '../core/taskRpc';
import { trezorConnectionStatus } from './connectionStatus';
import { initHw } from './initHw';

const KIND = 'init_hwdevice';

async function init(ctx: NodeContext, params: ParamReader): Promise<MmRpcResult<'task::init_hwdevice::init'>> {
  const devicePubkey = params.optStr('device_pubkey');
  if (devicePubkey !== undefined && !/^[0-9a-fA-F]{40}$/.test(devicePubkey)) {
    throw new ParamError('device_pubkey', '`device_pubkey` must be 40 hex characters (a hash160)');
  }
  if (ctx.tasks.running(KIND)) {
    throw new MmError({ errorType: 'HwContextInitializingAlready', message: 'Hardware wallet context is initializing already', httpStatus: 400 });
  }
  return { task_id: ctx.tasks.spawn(KIND, 'Initializing', (h) => initHw(ctx, h, devicePubkey)) };
}

export const hwHandlers: HandlerTable = {
  trezor_connection_status: { mmrpc: trezorConnectionStatus },
  'task::init_hwdevice::init': { mmrpc: init },
  'task::init_hwdevice::status': { mmrpc: taskStatus(KIND) },
  'task::init_hwdevice::user_action': { mmrpc: taskUserAction(KIND) },
  'task::init_hwdevice::cancel': { mmrpc: taskCancel(KIND) },
};
