import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it, vi } from 'vitest';
import { bytesToHex, hash160, hdRootFromMnemonic, MM2_INTERNAL_KEY_PATH, p2pkhAddress } from '../../../../src/node/crypto';
import { HwError } from '../../../../src/node/hw/trezor/errors';
import { ButtonRequestType, PinMatrixRequestType } from '../../../../src/node/hw/trezor/protobuf';
import { ALL_ADDRESS, ALL_ADDRESS_TESTING_PASSPHRASE, ALL_MNEMONIC, connect, received, simTrezor } from './helpers';

const PIN = '1234';

function hwError(code: string) {
  return expect.objectContaining({ name: 'HwError', errorType: 'HwError', errorData: code });
}

describe('TrezorSession with the simulated device', () => {
  it('initializes a Trezor One with PIN and passphrase: matrix positions, passphrase as BIP39 password', async () => {
    const sim = simTrezor({ pin: PIN, passphraseProtection: true });
    const { session, processor } = await connect(sim);
    processor.pin = async (request) => {
      expect(request.type).toBe(PinMatrixRequestType.Current);
      return sim.pinPositions(PIN);
    };
    processor.passphrase = async () => 'testing';

    const features = await session.initialize();
    expect(features).toMatchObject({ model: '1', internal_model: 'T1B1', label: 'Fitzchivalry Farseer', pin_protection: true, unlocked: false });
    expect(await session.getAddress("m/44'/0'/0'/0/0", 'Bitcoin', 'p2pkh')).toBe(ALL_ADDRESS_TESTING_PASSPHRASE);
    expect(processor.statuses).toEqual(['EnterTrezorPin', 'EnterTrezorPassphrase']);
    // The positions went to the device unchanged; the host never saw the digits.
    const ack = sim.received.find((m) => m.name === 'PinMatrixAck');
    expect(ack?.message).toEqual({ pin: sim.pinPositions(PIN) });
    expect(sim.pinPositions(PIN)).not.toBe(PIN);

    // Cached for the session: no more prompts.
    expect(await session.getAddress("m/44'/0'/0'/0/0", 'Bitcoin', 'p2pkh')).toBe(ALL_ADDRESS_TESTING_PASSPHRASE);
    expect(processor.statuses).toHaveLength(2);
  });

  it('needs no user action without PIN and passphrase', async () => {
    const sim = simTrezor();
    const { session, processor } = await connect(sim);
    await session.initialize();
    expect(await session.getAddress([0x8000002c, 0x80000000, 0x80000000, 0, 0], 'Bitcoin', 'p2pkh')).toBe(ALL_ADDRESS);
    await session.ping();
    expect(processor.statuses).toEqual([]);
    expect(received(sim)).toEqual(['Initialize', 'GetAddress', 'Ping']);
  });

  it('rejects a wrong PIN with InvalidPin and accepts the right one on retry', async () => {
    const sim = simTrezor({ pin: PIN });
    const { session, processor } = await connect(sim);
    const answers = [sim.pinPositions('9999'), sim.pinPositions(PIN)];
    processor.pin = async () => answers.shift()!;

    await expect(session.getPublicKey("m/44'/0'/0'", 'Bitcoin')).rejects.toEqual(hwError('InvalidPin'));
    const key = await session.getPublicKey("m/44'/0'/0'", 'Bitcoin');
    expect(key.depth).toBe(3);
    expect(processor.statuses).toEqual(['EnterTrezorPin', 'EnterTrezorPin']);
  });

  it('cancels while waiting for the PIN: the device gets Cancel, the call rejects UserCancelled', async () => {
    const sim = simTrezor({ pin: PIN });
    const { session, processor } = await connect(sim);
    const controller = new AbortController();
    processor.pin = () => {
      setTimeout(() => controller.abort(), 0);
      return new Promise<string>(() => undefined); // the user never answers
    };

    await expect(session.getPublicKey("m/44'/0'/0'", 'Bitcoin', { signal: controller.signal })).rejects.toEqual(hwError('UserCancelled'));
    expect(received(sim)).toEqual(['GetPublicKey', 'Cancel']);
    // Nothing stray is left on the line: the next call works.
    processor.pin = async () => sim.pinPositions(PIN);
    await expect(session.getPublicKey("m/44'/0'/0'", 'Bitcoin')).resolves.toMatchObject({ depth: 3 });
  });

  it('cancels while the device waits for a button press', async () => {
    const sim = simTrezor({ autoConfirm: false });
    const { session, processor } = await connect(sim);
    const controller = new AbortController();
    processor.onButton = () => setTimeout(() => controller.abort(), 0);

    const call = session.getAddress("m/44'/0'/0'/0/0", 'Bitcoin', 'p2pkh', { showDisplay: true, signal: controller.signal });
    await expect(call).rejects.toEqual(hwError('UserCancelled'));
    expect(received(sim)).toEqual(['GetAddress', 'ButtonAck', 'Cancel']);
  });

  it('a call that is already cancelled only sends Cancel (the device may be mid-operation)', async () => {
    const sim = simTrezor();
    const { session } = await connect(sim);
    await expect(session.initialize({ signal: AbortSignal.abort() })).rejects.toEqual(hwError('UserCancelled'));
    expect(received(sim)).toEqual(['Cancel']);
    await expect(session.initialize()).resolves.toMatchObject({ model: '1' });
  });

  it('fails a pending call when the device is pulled out, and every later one', async () => {
    const sim = simTrezor({ autoConfirm: false });
    const { session, processor } = await connect(sim);
    processor.onButton = () => setTimeout(() => sim.disconnect(), 0);

    await expect(session.getAddress("m/44'/0'/0'/0/0", 'Bitcoin', 'p2pkh', { showDisplay: true })).rejects.toEqual(
      hwError('NoTrezorDeviceAvailable'),
    );
    await expect(session.initialize()).rejects.toEqual(hwError('NoTrezorDeviceAvailable'));
  });

  it('fails a call waiting for the PIN when the device is pulled out', async () => {
    const sim = simTrezor({ pin: PIN });
    const { session, processor } = await connect(sim);
    processor.pin = () => {
      setTimeout(() => sim.disconnect(), 0);
      return new Promise<string>(() => undefined);
    };
    await expect(session.initialize().then(() => session.getAddress("m/44'/0'/0'/0/0", 'Bitcoin', 'p2pkh'))).rejects.toEqual(
      hwError('NoTrezorDeviceAvailable'),
    );
  });

  it('Model T: the PIN is typed on the device and the host is told to follow it', async () => {
    const sim = simTrezor({ model: 'T2T1', pin: PIN });
    const { session, processor } = await connect(sim);
    processor.onButton = () => sim.enterPinOnDevice();

    expect(await session.getAddress("m/44'/0'/0'/0/0", 'Bitcoin', 'p2pkh')).toBe(ALL_ADDRESS);
    expect(processor.statuses).toEqual(['FollowHwDeviceInstructions']);
    expect(processor.buttons).toEqual([ButtonRequestType.PinEntry]);
    expect(received(sim)).toEqual(['GetAddress', 'ButtonAck']);
  });

  it('Model T: a wrong PIN on the device is InvalidPin', async () => {
    const sim = simTrezor({ model: 'T2T1', pin: PIN });
    const { session, processor } = await connect(sim);
    processor.onButton = () => sim.enterPinOnDevice('0000');
    await expect(session.getAddress("m/44'/0'/0'/0/0", 'Bitcoin', 'p2pkh')).rejects.toEqual(hwError('InvalidPin'));
  });

  it('Model T: a passphrase typed on the device', async () => {
    const sim = simTrezor({ model: 'T2T1', passphraseProtection: true, passphraseOnDevice: true });
    const { session, processor } = await connect(sim);
    processor.onButton = () => sim.enterPassphraseOnDevice('testing');
    const features = await session.initialize();
    expect(features.passphrase_always_on_device).toBe(true);
    expect(await session.getAddress("m/44'/0'/0'/0/0", 'Bitcoin', 'p2pkh')).toBe(ALL_ADDRESS_TESTING_PASSPHRASE);
    expect(processor.buttons).toEqual([ButtonRequestType.PassphraseEntry]);
  });

  it('maps a rejection on the device to UserCancelled', async () => {
    const sim = simTrezor({ autoConfirm: false });
    const { session, processor } = await connect(sim);
    processor.onButton = () => sim.pressButton(false);
    await expect(session.getAddress("m/44'/0'/0'/0/0", 'Bitcoin', 'p2pkh', { showDisplay: true })).rejects.toEqual(hwError('UserCancelled'));
    expect(processor.buttons).toEqual([ButtonRequestType.Address]);
  });

  it('reads messages longer than one report (Features, PublicKey)', async () => {
    const sim = simTrezor({ label: 'A label long enough to push Features well past sixty-four bytes' });
    const { session } = await connect(sim);
    const reports = vi.spyOn(sim.device, 'queueReport');
    const features = await session.initialize();
    expect(reports.mock.calls.length).toBeGreaterThan(2);
    expect(features.label).toBe('A label long enough to push Features well past sixty-four bytes');
    expect(features.session_id).toHaveLength(32);

    reports.mockClear();

    const key = await session.getPublicKey("m/44'/0'/0'", 'Bitcoin');
    expect(reports.mock.calls.length).toBeGreaterThan(2);
    const expected = hdRootFromMnemonic(ALL_MNEMONIC).derive("m/44'/0'/0'");
    expect(key.publicKey).toEqual(expected.publicKey);
    expect(key.chainCode).toEqual(expected.chainCode);
    expect(key.xpub).toBe(expected.publicExtendedKey);
    expect(secp256k1.utils.isValidPublicKey(key.publicKey, true)).toBe(true);
    expect({ depth: key.depth, childNum: key.childNum }).toEqual({ depth: 3, childNum: 0x80000000 });
  });

  it('deviceInfo: KDF init result with device_pubkey = hash160 of the key at the mm2 internal path', async () => {
    const sim = simTrezor({ pin: PIN, passphraseProtection: true });
    const { session, processor } = await connect(sim);
    processor.pin = async () => sim.pinPositions(PIN);
    processor.passphrase = async () => '';

    const info = await session.deviceInfo();
    const key = hdRootFromMnemonic(ALL_MNEMONIC).derive(MM2_INTERNAL_KEY_PATH).publicKey!;
    expect(info).toEqual({
      type: 'Trezor',
      model: 'One',
      device_name: 'Fitzchivalry Farseer',
      device_id: 'A1CCF11243A795A84111955E',
      device_pubkey: bytesToHex(hash160(key)),
    });
    expect(info.device_pubkey).toBe('bc07b06cd602924eb9f3b9cab87d9d9da7f16ab4');
    const getPublicKey = sim.received.find((m) => m.name === 'GetPublicKey');
    expect(getPublicKey?.message).toMatchObject({ address_n: [0x8000002c, 0x8000008d, 0x7fffffff, 0, 0], coin_name: 'Komodo' });
  });

  it('deviceInfo of a Model T names the model "T"', async () => {
    const { session } = await connect(simTrezor({ model: 'T2T1' }));
    expect((await session.deviceInfo()).model).toBe('T');
  });

  it('serializes concurrent operations on one device', async () => {
    const sim = simTrezor();
    const { session } = await connect(sim);
    const [a, b] = await Promise.all([
      session.getAddress("m/44'/0'/0'/0/0", 'Bitcoin', 'p2pkh'),
      session.getAddress("m/44'/60'/0'/0/0", 'Komodo', 'p2pkh'),
    ]);
    expect(a).toBe(ALL_ADDRESS);
    const komodoKey = hdRootFromMnemonic(ALL_MNEMONIC).derive("m/44'/60'/0'/0/0").publicKey!;
    expect(b).toBe(p2pkhAddress(komodoKey, 60));
  });

  it('a device Failure reaches the caller as its HwRpcError', async () => {
    const { session } = await connect(simTrezor());
    const error: unknown = await session.getAddress("m/44'/0'/0'/0/0", 'NoSuchCoin', 'p2pkh').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HwError);
    expect(error).toMatchObject({ hwRpcError: 'DataError', message: 'Trezor: Invalid coin name' });
  });
});
