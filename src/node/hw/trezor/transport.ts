/**
 * WebUSB transport over an injected `USB` object: the worker's `navigator.usb` (the page granted
 * the device with `requestDevice`; workers only have `getDevices`) or the test simulator. Device
 * choice and the connect sequence follow KDF (`trezor/src/transport/webusb.rs`,
 * `hw_common/src/transport/webusb_driver.rs`). A device pulled out rejects whatever is pending.
 */
import { deviceDisconnected, HwError, TrezorTransportError } from './errors';
import { encodeReports, REPORT_SIZE, ReportReassembler, type WireMessage } from './protocol';
import { errorMessage } from '../../../shared/errorChain';

/** The parts of WebUSB used here (TypeScript's DOM library has no WebUSB types). */
export interface UsbEndpointLike {
  endpointNumber: number;
}
export interface UsbAlternateInterfaceLike {
  interfaceClass: number;
  endpoints: readonly UsbEndpointLike[];
}
export interface UsbInterfaceLike {
  interfaceNumber: number;
  alternates: readonly UsbAlternateInterfaceLike[];
}
export interface UsbConfigurationLike {
  interfaces: readonly UsbInterfaceLike[];
}
export interface UsbTransferResultLike {
  status: string;
  data?: DataView;
}
export interface UsbDeviceLike {
  readonly vendorId: number;
  readonly productId: number;
  readonly opened: boolean;
  readonly configurations: readonly UsbConfigurationLike[];
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(configurationValue: number): Promise<void>;
  reset(): Promise<void>;
  claimInterface(interfaceNumber: number): Promise<void>;
  releaseInterface(interfaceNumber: number): Promise<void>;
  transferOut(endpointNumber: number, data: Uint8Array): Promise<{ status: string }>;
  transferIn(endpointNumber: number, length: number): Promise<UsbTransferResultLike>;
}
export interface UsbConnectionEventLike {
  readonly device: UsbDeviceLike;
}
export interface UsbLike {
  getDevices(): Promise<UsbDeviceLike[]>;
  addEventListener(type: 'disconnect', listener: (event: UsbConnectionEventLike) => void): void;
  removeEventListener(type: 'disconnect', listener: (event: UsbConnectionEventLike) => void): void;
}

/** KDF's `TREZOR_DEVICES`: firmware and bootloader over WebUSB; pass these to `requestDevice`. */
export const TREZOR_USB_FILTERS = [
  { vendorId: 0x1209, productId: 0x53c1 },
  { vendorId: 0x1209, productId: 0x53c0 },
] as const;
/** A Trezor One with pre-1.7 firmware talks HID, which WebUSB cannot drive (KDF: "not supported"). */
const T1_HID = { vendorId: 0x534c, productId: 0x0001 };

const CONFIGURATION_VALUE = 1;
/** The vendor-specific interface class of the Trezor's WebUSB interface. */
const VENDOR_CLASS = 255;

/** What a device session needs from a transport; tests may script one directly. */
export interface TrezorTransport {
  write(message: WireMessage): Promise<void>;
  read(): Promise<WireMessage>;
  /** Rejects (never resolves) once the device is gone, so waits on the user end as well. */
  readonly lost: Promise<never>;
}

export class WebUsbTransport implements TrezorTransport {
  readonly lost: Promise<never>;
  private markLost!: (e: HwError) => void;
  private isLost = false;
  private writeQueue: Promise<void> = Promise.resolve();
  private readonly reassembler = new ReportReassembler();
  private readonly onDisconnect = (event: UsbConnectionEventLike): void => {
    if (event.device === this.device) this.setLost(deviceDisconnected());
  };

  private constructor(
    private readonly usb: UsbLike,
    private readonly device: UsbDeviceLike,
    private readonly interfaceNumber: number,
    private readonly endpoint: number,
  ) {
    this.lost = new Promise<never>((_, reject) => (this.markLost = reject));
    this.lost.catch(() => undefined);
    usb.addEventListener('disconnect', this.onDisconnect);
  }

  /** Finds the one granted Trezor and claims it: open → select configuration 1 → reset (may fail) → claim. */
  static async connect(usb: UsbLike): Promise<WebUsbTransport> {
    const device = await findTrezor(usb);
    const { interfaceNumber, endpoint } = trezorInterface(device);
    try {
      await device.open();
      await device.selectConfiguration(CONFIGURATION_VALUE);
      // Reset fails on ChromeOS and Windows; KDF only logs it.
      await device.reset().catch(() => undefined);
      await device.claimInterface(interfaceNumber);
    } catch (e) {
      if (isDisconnectError(e)) throw deviceDisconnected(e);
      throw new TrezorTransportError(`Cannot connect to the Trezor: ${errorMessage(e)}`, e, 'TrezorBusy');
    }
    return new WebUsbTransport(usb, device, interfaceNumber, endpoint);
  }

  /** Writes are queued so a `Cancel` sent while another message is going out never interleaves reports. */
  write(message: WireMessage): Promise<void> {
    const reports = encodeReports(message);
    const next = this.writeQueue.then(async () => {
      for (const report of reports) {
        const result = await this.guard(() => this.device.transferOut(this.endpoint, report));
        if (result.status !== 'ok') throw new TrezorTransportError(`USB write failed: ${result.status}`);
      }
    });
    this.writeQueue = next.catch(() => undefined);
    return next;
  }

  async read(): Promise<WireMessage> {
    for (;;) {
      const result = await this.guard(() => this.device.transferIn(this.endpoint, REPORT_SIZE));
      if (result.status !== 'ok') throw new TrezorTransportError(`USB read failed: ${result.status}`);
      // An empty transfer carries nothing (KDF reads again).
      if (!result.data || result.data.byteLength === 0) continue;
      const report = new Uint8Array(result.data.buffer, result.data.byteOffset, result.data.byteLength);
      const message = this.reassembler.push(report);
      if (message) return message;
    }
  }

  /** Still open and not unplugged (KDF's WASM `is_connected`: the WebUSB device is open). */
  get connected(): boolean {
    return !this.isLost && this.device.opened;
  }

  /** Releases the device for other tabs and apps; a device already gone needs nothing. */
  async close(): Promise<void> {
    this.usb.removeEventListener('disconnect', this.onDisconnect);
    this.setLost(new HwError('NoTrezorDeviceAvailable', 'Trezor connection closed', undefined, 'TrezorDisconnected'));
    if (!this.device.opened) return;
    await this.device.releaseInterface(this.interfaceNumber).catch(() => undefined);
    await this.device.close().catch(() => undefined);
  }

  /** A USB call that also ends when the device is gone, with the disconnect as the error. */
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    if (this.isLost) return this.lost;
    try {
      return await Promise.race([call(), this.lost]);
    } catch (e) {
      if (e instanceof HwError) throw e;
      if (isDisconnectError(e)) {
        this.setLost(deviceDisconnected(e));
        return this.lost;
      }
      throw new TrezorTransportError(`USB transfer failed: ${errorMessage(e)}`, e);
    }
  }

  private setLost(e: HwError): void {
    if (this.isLost) return;
    this.isLost = true;
    this.markLost(e);
  }
}

async function findTrezor(usb: UsbLike): Promise<UsbDeviceLike> {
  const devices = await usb.getDevices();
  const trezors = devices.filter((d) =>
    TREZOR_USB_FILTERS.some((f) => d.vendorId === f.vendorId && d.productId === f.productId),
  );
  if (trezors.length > 1) {
    throw new HwError('FoundMultipleDevices', `Found multiple devices (${trezors.length}). Please unplug unused devices`);
  }
  const [trezor] = trezors;
  if (trezor) return trezor;
  const hid = devices.some((d) => d.vendorId === T1_HID.vendorId && d.productId === T1_HID.productId);
  if (hid) throw new HwError('NoTrezorDeviceAvailable', 'The connected Trezor One uses HID, which WebUSB cannot drive; update its firmware', undefined, 'TrezorHidOnly');
  throw new HwError('NoTrezorDeviceAvailable', 'No Trezor device available');
}

/** The interface with a vendor-specific (255) alternate, and that alternate's first endpoint. */
function trezorInterface(device: UsbDeviceLike): { interfaceNumber: number; endpoint: number } {
  for (const iface of device.configurations[0]?.interfaces ?? []) {
    const alternate = iface.alternates.find((a) => a.interfaceClass === VENDOR_CLASS);
    const endpoint = alternate?.endpoints[0];
    if (endpoint) return { interfaceNumber: iface.interfaceNumber, endpoint: endpoint.endpointNumber };
  }
  throw new TrezorTransportError('The Trezor has no WebUSB interface');
}

/** Browsers reject pending and new transfers of an unplugged device with these DOMException names. */
function isDisconnectError(e: unknown): boolean {
  return e instanceof Error && (e.name === 'NetworkError' || e.name === 'NotFoundError');
}

