/**
 * A simulated Trezor behind a fake WebUSB object: real protocol v1 reports, messages read and
 * written with Trezor's published definitions (./trezorProtobuf, not the node's codec), a real
 * BIP32 wallet. Free of Node APIs, so the worker can be handed `sim.usb` instead of
 * `navigator.usb` behind a test flag and driven from Playwright through the controls below.
 */
import { ReportReassembler, encodeReports } from '../../../../../src/node/hw/trezor/protocol';
import type { AnyMessage } from '../../../../../src/node/hw/trezor/protobuf';
import { SimFirmware, type SimTrezorConfig } from './firmware';
import { decodeTrezorMessage, encodeTrezorMessage } from './trezorProtobuf';
import { SimUsb, SimUsbDevice } from './usb';

export type { SimTrezorConfig } from './firmware';
export type { SimCoin } from './wallet';
export { SimUsb, SimUsbDevice } from './usb';

export class SimTrezor {
  readonly usb: SimUsb;
  readonly device: SimUsbDevice;
  private readonly firmware: SimFirmware;

  constructor(config: SimTrezorConfig) {
    const fromHost = new ReportReassembler();
    this.device = new SimUsbDevice(config.deviceId, (report) => {
      const wire = fromHost.push(report);
      // Any name of Trezor's MessageType may arrive; the firmware answers those it does not handle
      // with Failure_UnexpectedMessage, so the node's message union only types the ones it knows.
      if (wire) this.firmware.deliver(decodeTrezorMessage(wire) as AnyMessage);
    });
    this.firmware = new SimFirmware(config, (msg) => {
      for (const report of encodeReports(encodeTrezorMessage(msg.name, msg.message))) this.device.queueReport(report);
    });
    this.usb = new SimUsb([this.device]);
  }

  /** Every message the host sent, in order. */
  get received(): readonly AnyMessage[] {
    return this.firmware.received;
  }

  /** The user answers the prompt on the screen (only with `autoConfirm: false`). */
  pressButton(yes = true): void {
    this.firmware.act({ kind: 'button', yes });
  }

  /** Model T: the user types the PIN on the device (the configured one unless given). */
  enterPinOnDevice(pin = this.firmware.config.pin ?? ''): void {
    this.firmware.act({ kind: 'pin', pin });
  }

  /** Model T with on-device passphrase entry. */
  enterPassphraseOnDevice(passphrase: string): void {
    this.firmware.act({ kind: 'passphrase', passphrase });
  }

  /** What the user types on the blank host keypad to enter `pin` through the current scrambled matrix. */
  pinPositions(pin: string): string {
    return [...pin].map((digit) => String(this.firmware.matrix.indexOf(digit) + 1)).join('');
  }

  /** The device locks itself, as after its idle timeout: the next key or signing call wants the PIN. */
  lock(): void {
    this.firmware.lock();
  }

  /** Pulls the cable mid-whatever: pending transfers fail, `disconnect` fires, the firmware stops. */
  disconnect(): void {
    this.firmware.unplug();
    this.usb.unplug(this.device);
  }
}
