/**
 * The `task::init_hwdevice` task (KDF's `init_trezor`): wait for a Trezor on WebUSB, open a
 * session, and read the device's identity, asking the user for the PIN and passphrase through the
 * task when the device wants them. Statuses follow KDF's `HwConnectStatuses`.
 */
import type { NodeContext } from '../core/context';
import { MmError } from '../core/errors';
import type { HandleOf } from '../core/tasks';
import { noTaskProcessor, taskProcessor } from './prompts';
import { HwError, TrezorSession, WebUsbTransport, type TrezorDeviceInfo, type UsbLike } from './trezor';

/** KDF's TREZOR_CONNECT_TIMEOUT. */
export const CONNECT_TIMEOUT_MS = 300_000;
const POLL_MS = 500;

export async function initHw(ctx: NodeContext, h: HandleOf<'init_hwdevice'>, expectedPubkey: string | undefined): Promise<TrezorDeviceInfo> {
  if (!ctx.keys) {
    throw new MmError({ errorType: 'Internal', message: 'The node must be started with a wallet to use a hardware wallet', httpStatus: 500 });
  }
  const usb = await ctx.platform.usb();
  if (!usb) throw new HwError('NoTrezorDeviceAvailable', 'WebUSB is not available here: use a Chromium-based browser');

  h.progress('WaitingForTrezorToConnect');
  const transport = await connect(usb, h.signal);
  h.progress('Initializing');
  // This task answers the prompts of its own calls only; later calls bring their task's processor.
  const session = new TrezorSession(transport, noTaskProcessor());
  try {
    const info = await session.deviceInfo({ signal: h.signal, processor: taskProcessor(h) });
    if (expectedPubkey !== undefined && expectedPubkey.toLowerCase() !== info.device_pubkey) {
      throw new HwError('FoundUnexpectedDevice', `Found unexpected device: ${info.device_pubkey}, expected ${expectedPubkey}`);
    }
    await ctx.hw.set({ session, transport, info });
    ctx.log('info', `Trezor connected: ${info.device_name ?? 'unnamed'} (${info.device_pubkey})`);
    return info;
  } catch (e) {
    await transport.close();
    throw e;
  }
}

/** Waits for a Trezor to be plugged in (and granted to the page), up to KDF's connect timeout. */
async function connect(usb: UsbLike, signal: AbortSignal): Promise<WebUsbTransport> {
  const deadline = Date.now() + CONNECT_TIMEOUT_MS;
  for (;;) {
    try {
      return await WebUsbTransport.connect(usb);
    } catch (e) {
      const none = e instanceof HwError && e.errorData === 'NoTrezorDeviceAvailable';
      if (!none || Date.now() > deadline) throw e;
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, POLL_MS);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new HwError('UserCancelled', 'Cancelled while waiting for the Trezor'));
      });
    });
  }
}
