/**
 * A fake WebUSB surface for the simulated Trezor: `USB` (`getDevices`, `disconnect` events) and a
 * `USBDevice` with the Trezor's descriptors and the WebUSB call rules that matter (open and claim
 * before transfers; pending and later transfers fail with a NetworkError once unplugged).
 */
import type {
  UsbConnectionEventLike,
  UsbDeviceLike,
  UsbLike,
  UsbTransferResultLike,
} from '../../../../../src/node/hw/trezor/transport';

const ENDPOINT = 1;

type DisconnectListener = (event: UsbConnectionEventLike) => void;

export class SimUsb implements UsbLike {
  private readonly listeners = new Set<DisconnectListener>();

  constructor(readonly devices: SimUsbDevice[]) {}

  async getDevices(): Promise<UsbDeviceLike[]> {
    return this.devices.filter((d) => !d.unplugged);
  }

  addEventListener(_type: 'disconnect', listener: DisconnectListener): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'disconnect', listener: DisconnectListener): void {
    this.listeners.delete(listener);
  }

  /** Pulls the cable: the device's pending transfer fails, then `disconnect` fires, as in Chromium. */
  unplug(device: SimUsbDevice): void {
    device.unplug();
    for (const listener of [...this.listeners]) listener({ device });
  }
}

export class SimUsbDevice implements UsbDeviceLike {
  readonly vendorId: number;
  readonly productId: number;
  readonly productName = 'TREZOR';
  readonly manufacturerName = 'SatoshiLabs';
  readonly configurations = [
    {
      configurationValue: 1,
      interfaces: [
        {
          interfaceNumber: 0,
          alternates: [{ interfaceClass: 255, endpoints: [{ endpointNumber: ENDPOINT, direction: 'in' }] }],
        },
      ],
    },
  ];
  opened = false;
  unplugged = false;
  private configured = false;
  private claimed = false;
  private readonly toHost: Uint8Array[] = [];
  private pendingIn: { resolve: (r: UsbTransferResultLike) => void; reject: (e: Error) => void } | null = null;

  /** `onReport` receives every report the host writes. */
  constructor(
    readonly serialNumber: string,
    private readonly onReport: (report: Uint8Array) => void,
    ids: { vendorId: number; productId: number } = { vendorId: 0x1209, productId: 0x53c1 },
  ) {
    this.vendorId = ids.vendorId;
    this.productId = ids.productId;
  }

  async open(): Promise<void> {
    this.alive();
    this.opened = true;
  }

  async close(): Promise<void> {
    this.alive();
    this.opened = false;
    this.claimed = false;
  }

  async selectConfiguration(value: number): Promise<void> {
    this.ready(false);
    if (value !== 1) throw new DOMException('Invalid configuration', 'NotFoundError');
    this.configured = true;
  }

  async reset(): Promise<void> {
    this.ready(false);
  }

  async claimInterface(n: number): Promise<void> {
    this.ready(false);
    if (!this.configured || n !== 0) throw new DOMException('Unable to claim interface', 'NotFoundError');
    this.claimed = true;
  }

  async releaseInterface(n: number): Promise<void> {
    this.ready(false);
    if (n === 0) this.claimed = false;
  }

  async transferOut(endpoint: number, data: Uint8Array): Promise<{ status: string; bytesWritten: number }> {
    this.ready(true, endpoint);
    this.onReport(Uint8Array.from(data));
    return { status: 'ok', bytesWritten: data.length };
  }

  transferIn(endpoint: number, length: number): Promise<UsbTransferResultLike> {
    try {
      this.ready(true, endpoint);
    } catch (e) {
      return Promise.reject(e as Error);
    }
    const report = this.toHost.shift();
    if (report) return Promise.resolve(result(report.subarray(0, length)));
    if (this.pendingIn) return Promise.reject(new DOMException('A transfer is already pending', 'InvalidStateError'));
    return new Promise((resolve, reject) => (this.pendingIn = { resolve, reject }));
  }

  /** A report from the device to the host. */
  queueReport(report: Uint8Array): void {
    if (this.unplugged) return;
    const pending = this.pendingIn;
    this.pendingIn = null;
    if (pending) pending.resolve(result(report));
    else this.toHost.push(report);
  }

  unplug(): void {
    this.unplugged = true;
    this.opened = false;
    const pending = this.pendingIn;
    this.pendingIn = null;
    pending?.reject(new DOMException('The device was disconnected.', 'NetworkError'));
  }

  private alive(): void {
    if (this.unplugged) throw new DOMException('The device was disconnected.', 'NotFoundError');
  }

  private ready(transfer: boolean, endpoint = ENDPOINT): void {
    this.alive();
    if (!this.opened) throw new DOMException('The device must be opened first.', 'InvalidStateError');
    if (transfer && (!this.claimed || endpoint !== ENDPOINT)) {
      throw new DOMException('The specified endpoint is not part of a claimed interface.', 'NotFoundError');
    }
  }
}

function result(report: Uint8Array): UsbTransferResultLike {
  return { status: 'ok', data: new DataView(report.buffer, report.byteOffset, report.byteLength) };
}
