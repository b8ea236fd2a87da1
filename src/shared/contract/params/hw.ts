/** The params of the hardware-wallet methods. */
import type { TaskCancelParams, TaskStatusParams, TaskUserActionParams } from './common';

/**
 * KDF's `HwPubkey`: the expected device's public key hash, 40 hex characters; without it any
 * Trezor is taken.
 */
type ExpectedDevice = { device_pubkey?: string };

export interface HwParams {
  /** mm2_main/src/rpc/lp_commands/trezor.rs `TrezorConnectionStatusReq`. */
  trezor_connection_status: { mmrpc: ExpectedDevice };
  /** mm2_main/src/lp_init/init_hw.rs `InitHwRequest` (KDF's `task::init_trezor::init`). */
  'task::init_hwdevice::init': { mmrpc: ExpectedDevice };
  'task::init_hwdevice::status': { mmrpc: TaskStatusParams };
  'task::init_hwdevice::user_action': { mmrpc: TaskUserActionParams };
  'task::init_hwdevice::cancel': { mmrpc: TaskCancelParams };
}
