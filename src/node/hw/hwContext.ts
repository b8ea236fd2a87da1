/**
 * The hardware wallet this node is connected to after `task::init_hwdevice`: one at a time, as in
 * KDF. It holds no prompt handler: each device call brings the processor of the task that makes it
 * (`prompts.ts`), so the device's prompts reach the live task or fail at once. Every node holds one
 * from its start, so the Trezor code (and bitcoinjs) is imported only when a device signs.
 */
import type { CoinConfig } from '../coins/config';
import type { UtxoSigner } from '../coins/utxo/signer';
import type { TaskHandle } from '../core/tasks';
import { HwError } from './trezor/errors';
import type { TrezorDeviceInfo, TrezorSession, WebUsbTransport } from './trezor';

export interface ConnectedTrezor {
  session: TrezorSession;
  transport: WebUsbTransport;
  info: TrezorDeviceInfo;
}

export class HwContext {
  private connected: ConnectedTrezor | null = null;

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

  /**
   * A signer for a UTXO coin on the connected Trezor's account for that coin; `task`, the
   * activation task reading the key, answers the device's PIN or passphrase prompt.
   */
  async utxoSigner(config: CoinConfig, task?: TaskHandle): Promise<UtxoSigner> {
    const trezor = this.connected;
    if (!trezor) throw new HwError('NoTrezorDeviceAvailable', 'No Trezor is connected: run task::init_hwdevice first');
    const { trezorUtxoSigner } = await import('./trezorUtxoSigner');
    return trezorUtxoSigner(trezor.session, config, task);
  }
}
