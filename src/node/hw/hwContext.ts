/** The hardware wallet this node is connected to after `task::init_hwdevice`: one at a time, as in KDF. */
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
}
