/**
 * `trezor_connection_status` (KDF's `lp_commands/trezor.rs`): whether the Trezor connected through
 * `task::init_hwdevice` can still be reached, `Connected` or `Unreachable` (then it must be
 * initialized again); with `device_pubkey`, also that it is the expected device.
 */
import { ParamError, type ParamReader } from '../../shared/params';
import type { NodeContext } from '../core/context';
import { MmError } from '../core/errors';

export async function trezorConnectionStatus(ctx: NodeContext, p: ParamReader): Promise<{ status: 'Connected' | 'Unreachable' }> {
  const expected = p.optStr('device_pubkey');
  if (expected !== undefined && !/^(0x)?[0-9a-fA-F]{40}$/.test(expected)) {
    throw new ParamError(p.field('device_pubkey'), '`device_pubkey` must be 40 hex characters (a hash160)');
  }
  const trezor = ctx.hw.trezor;
  if (!trezor) throw new MmError({ errorType: 'TrezorNotInitialized', message: "Trezor hasn't been initialized yet", httpStatus: 400 });
  if (expected !== undefined && expected.replace(/^0x/, '').toLowerCase() !== trezor.info.device_pubkey) {
    throw new MmError({
      errorType: 'FoundUnexpectedDevice',
      message: 'Found unexpected device. Please re-initialize Hardware wallet',
      httpStatus: 500,
    });
  }
  return { status: trezor.transport.connected ? 'Connected' : 'Unreachable' };
}
