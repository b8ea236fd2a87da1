/**
 * The simulated Trezor inside the worker of a test build (VITE_TREZOR_SIM=1): test code only,
 * reached from Playwright through `self.__trezorSim` in the worker (`worker.evaluate`).
 */
import type { UsbLike } from '../../src/node/hw/trezor';
import { SimTrezor, type SimTrezorConfig } from '../unit/node/hw/sim';

/** Trezor's own test seed ("all" ×12); PIN 1234; passphrase protection on. */
export const SIM_DEFAULTS: SimTrezorConfig = {
  model: 'T1B1',
  pin: '1234',
  passphraseProtection: true,
  mnemonic: Array(12).fill('all').join(' '),
  label: 'E2E Trezor',
  deviceId: 'E2E00000000000000001',
};

export interface TrezorSimControl {
  configure(config: Partial<SimTrezorConfig>): void;
  pinPositions(pin: string): string;
  pressButton(yes: boolean): void;
  enterPinOnDevice(pin?: string): void;
  /** The device locks itself (idle timeout): its next key or signing call asks for the PIN. */
  lock(): void;
  disconnect(): void;
  received(): string[];
}

export function installTrezorSimulator(scope: Record<string, unknown>): UsbLike {
  let control = scope.__trezorSim as (TrezorSimControl & { usb(): UsbLike }) | undefined;
  if (!control) {
    let sim = new SimTrezor(SIM_DEFAULTS);
    control = {
      configure: (config) => {
        sim = new SimTrezor({ ...SIM_DEFAULTS, ...config });
      },
      pinPositions: (pin) => sim.pinPositions(pin),
      pressButton: (yes) => sim.pressButton(yes),
      enterPinOnDevice: (pin) => sim.enterPinOnDevice(pin),
      lock: () => sim.lock(),
      disconnect: () => sim.disconnect(),
      received: () => sim.received.map((m) => m.name),
      usb: () => sim.usb as unknown as UsbLike,
    };
    scope.__trezorSim = control;
  }
  return control.usb();
}
