/**
 * The hardware wallet this node is connected to after `task::init_hwdevice`: one at a time, as in
 * KDF. The session's prompts (PIN, passphrase, "confirm on the device") go to whichever task is
 * using the device now: the init task first, a withdraw later.
 */
import type { CoinConfig } from '../coins/config';
import type { UtxoSigner } from '../coins/utxo/signer';
import { HwError, type TrezorDeviceInfo, type TrezorSession, type WebUsbTransport } from './trezor';
import type { TrezorPrompts } from './prompts';
import { trezorUtxoSigner } from './trezorUtxoSigner';

export interface ConnectedTrezor {
  session: TrezorSession;
  transport: WebUsbTransport;
  info: TrezorDeviceInfo;
}

const noUser = (): Promise<string> =>
  Promise.reject(new HwError('PinExpected', 'The Trezor asks for the PIN again: reconnect it with task::init_hwdevice'));

export class HwContext {
  private connected: ConnectedTrezor | null = null;
  /** Prompts outside any task: nobody can answer, so the call fails clearly. */
  prompts: TrezorPrompts = { onFollowDevice: () => undefined, pin: noUser, passphrase: noUser };

  get trezor(): ConnectedTrezor | null {
    return this.connected;
  }

  /** Replaces the connected device, closing the previous one. */
  async set(trezor: ConnectedTrezor): Promise<void> {
    await this.disconnect();
    this.connected = trezor;
  }

  async disconnect(): Promise<void> {
    const old = this.connected;
    this.connected = null;
    await old?.transport.close().catch(() => undefined);
  }

  /** A signer for a UTXO coin on the connected Trezor's account for that coin. */
  async utxoSigner(config: CoinConfig): Promise<UtxoSigner> {
    const trezor = this.connected;
    if (!trezor) throw new HwError('NoTrezorDeviceAvailable', 'No Trezor is connected: run task::init_hwdevice first');
    return trezorUtxoSigner(trezor.session, config, this);
  }
}
