/** Shared test plumbing: a simulated device, a recording request processor, a connected session. */
import { TrezorSession, type TrezorRequestProcessor } from '../../../../src/node/hw/trezor/session';
import { WebUsbTransport } from '../../../../src/node/hw/trezor/transport';
import type { ButtonRequest, PinMatrixRequest } from '../../../../src/node/hw/trezor/protobuf';
import { SimTrezor, type SimTrezorConfig } from './sim';

/** Trezor's own test seed; firmware tests pin m/44'/0'/0'/0/0 to these addresses. */
export const ALL_MNEMONIC = 'all all all all all all all all all all all all';
export const ALL_ADDRESS = '1JAd7XCBzGudGpJQSDSfpmJhiygtLQWaGL';
export const ALL_ADDRESS_TESTING_PASSPHRASE = '1N3uJ5AU3FTYQ1ZQgTMtYmgSvMBmQiGVBS';

export function simTrezor(overrides: Partial<SimTrezorConfig> = {}): SimTrezor {
  return new SimTrezor({
    model: 'T1B1',
    pin: null,
    passphraseProtection: false,
    mnemonic: ALL_MNEMONIC,
    label: 'Fitzchivalry Farseer',
    deviceId: 'A1CCF11243A795A84111955E',
    ...overrides,
  });
}

/** Records what the device asked, in KDF's status names, and answers through the hooks. */
export class RecordingProcessor implements TrezorRequestProcessor {
  readonly statuses: string[] = [];
  readonly buttons: (number | undefined)[] = [];
  onButton: (request: ButtonRequest) => void = () => undefined;
  pin: (request: PinMatrixRequest) => Promise<string> = () => Promise.reject(new Error('no PIN expected'));
  passphrase: () => Promise<string> = () => Promise.reject(new Error('no passphrase expected'));

  onButtonRequest(request: ButtonRequest): void {
    this.statuses.push('FollowHwDeviceInstructions');
    this.buttons.push(request.code);
    this.onButton(request);
  }

  onPinRequest(request: PinMatrixRequest): Promise<string> {
    this.statuses.push('EnterTrezorPin');
    return this.pin(request);
  }

  onPassphraseRequest(): Promise<string> {
    this.statuses.push('EnterTrezorPassphrase');
    return this.passphrase();
  }
}

export async function connect(sim: SimTrezor): Promise<{ session: TrezorSession; processor: RecordingProcessor }> {
  const processor = new RecordingProcessor();
  const transport = await WebUsbTransport.connect(sim.usb);
  return { session: new TrezorSession(transport, processor), processor };
}

export function received(sim: SimTrezor): string[] {
  return sim.received.map((m) => m.name);
}
