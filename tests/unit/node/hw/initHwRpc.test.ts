/** `task::init_hwdevice::*` through the dispatcher, against the simulated Trezor. */
import { describe, expect, it } from 'vitest';
import type { UsbLike } from '../../../../src/node/hw/trezor';
import { startedNode, RPC_PASSWORD, type TestNode } from '../testNode';
import { SimTrezor, type SimTrezorConfig } from './sim';

const CONFIG: SimTrezorConfig = {
  model: 'T1B1',
  pin: '1234',
  passphraseProtection: true,
  mnemonic: Array(12).fill('all').join(' '),
  label: 'My Trezor',
  deviceId: 'SIM0000000000000001',
};

interface Rpc {
  status: number;
  body: { result?: unknown; error_type?: string; error_data?: unknown };
}

async function withSim(config: Partial<SimTrezorConfig> = {}): Promise<{ t: TestNode; sim: SimTrezor; call(method: string, params?: object): Promise<Rpc> }> {
  const sim = new SimTrezor({ ...CONFIG, ...config });
  const t = await startedNode();
  t.platform.usb = async () => sim.usb as unknown as UsbLike;
  const call = async (method: string, params: object = {}) =>
    (await t.host.handleRpc({ mmrpc: '2.0', method, params, userpass: RPC_PASSWORD, id: 1 })) as Rpc;
  return { t, sim, call };
}

/** Polls the task's status (keeping it) until `until` holds. */
async function statusUntil(call: (m: string, p?: object) => Promise<Rpc>, taskId: number, until: (s: { status: string; details: unknown }) => boolean) {
  for (let i = 0; i < 200; i++) {
    const r = await call('task::init_hwdevice::status', { task_id: taskId, forget_if_finished: false });
    const s = r.body.result as { status: string; details: unknown };
    if (until(s)) return s;
    await new Promise((res) => setTimeout(res, 10));
  }
  throw new Error('status never reached');
}

const needs = (details: string) => (s: { status: string; details: unknown }) =>
  s.status !== 'InProgress' || s.details === details;

describe('task::init_hwdevice', () => {
  it('asks for the PIN, then the passphrase, and answers the device identity', async () => {
    const { sim, call } = await withSim();
    const init = await call('task::init_hwdevice::init');
    expect(init.body.result).toEqual({ task_id: 0 });
    const pin = await statusUntil(call, 0, (s) => s.status !== 'InProgress');
    expect(pin).toEqual({ status: 'UserActionRequired', details: 'EnterTrezorPin' });
    const sent = await call('task::init_hwdevice::user_action', { task_id: 0, user_action: { action_type: 'HwPin', pin: sim.pinPositions('1234') } });
    expect(sent.body.result).toBe('success');
    const pass = await statusUntil(call, 0, (s) => s.status !== 'InProgress');
    expect(pass).toEqual({ status: 'UserActionRequired', details: 'EnterTrezorPassphrase' });
    await call('task::init_hwdevice::user_action', { task_id: 0, user_action: { action_type: 'HwPassphrase', passphrase: '' } });
    const done = await statusUntil(call, 0, (s) => s.status === 'Ok' || s.status === 'Error');
    expect(done).toEqual({
      status: 'Ok',
      details: { type: 'Trezor', model: 'One', device_name: 'My Trezor', device_id: 'SIM0000000000000001', device_pubkey: expect.stringMatching(/^[0-9a-f]{40}$/) },
    });
    // forget_if_finished (default) drops it after this read.
    expect((await call('task::init_hwdevice::status', { task_id: 0 })).body.result).toMatchObject({ status: 'Ok' });
    expect((await call('task::init_hwdevice::status', { task_id: 0 })).body.error_type).toBe('NoSuchTask');
  });

  it("answers KDF's task::init_trezor names and TrezorPin / TrezorPassphrase as well", async () => {
    const { sim, call } = await withSim({ passphraseProtection: false });
    const id = ((await call('task::init_trezor::init')).body.result as { task_id: number }).task_id;
    await statusUntil(call, id, (s) => s.status === 'UserActionRequired');
    await call('task::init_trezor::user_action', { task_id: id, user_action: { action_type: 'TrezorPin', pin: sim.pinPositions('1234') } });
    const done = await statusUntil(call, id, (s) => s.status === 'Ok');
    expect(done.status).toBe('Ok');
  });

  it('accepts a wrong PIN as delivered, then reports InvalidPin in the status; a new init succeeds', async () => {
    const { sim, call } = await withSim({ passphraseProtection: false });
    await call('task::init_hwdevice::init');
    await statusUntil(call, 0, (s) => s.status === 'UserActionRequired');
    const wrong = await call('task::init_hwdevice::user_action', { task_id: 0, user_action: { action_type: 'HwPin', pin: sim.pinPositions('9999') } });
    expect(wrong.body.result).toBe('success');
    const failed = await statusUntil(call, 0, (s) => s.status === 'Error');
    expect(failed.details).toMatchObject({ error_type: 'HwError', error_data: 'InvalidPin' });
    const again = ((await call('task::init_hwdevice::init')).body.result as { task_id: number }).task_id;
    await statusUntil(call, again, (s) => s.status === 'UserActionRequired');
    await call('task::init_hwdevice::user_action', { task_id: again, user_action: { action_type: 'HwPin', pin: sim.pinPositions('1234') } });
    expect((await statusUntil(call, again, (s) => s.status === 'Ok')).status).toBe('Ok');
  });

  it('refuses the wrong action type and keeps waiting', async () => {
    const { call } = await withSim();
    await call('task::init_hwdevice::init');
    await statusUntil(call, 0, (s) => s.status === 'UserActionRequired');
    const r = await call('task::init_hwdevice::user_action', { task_id: 0, user_action: { action_type: 'HwPassphrase', passphrase: 'x' } });
    expect(r).toMatchObject({ status: 400, body: { error_type: 'UnexpectedUserAction', error_data: { expected: 'EnterTrezorPin' } } });
    expect((await call('task::init_hwdevice::status', { task_id: 0, forget_if_finished: false })).body.result).toEqual({
      status: 'UserActionRequired',
      details: 'EnterTrezorPin',
    });
  });

  it('refuses a PIN that is not matrix positions, naming the field', async () => {
    const { call } = await withSim();
    await call('task::init_hwdevice::init');
    const r = await call('task::init_hwdevice::user_action', { task_id: 0, user_action: { action_type: 'HwPin', pin: '1230' } });
    expect(r.body.error_type).toBe('InvalidRequest');
  });

  it('cancels while waiting for the PIN: the device gets Cancel and the task is gone', async () => {
    const { sim, call } = await withSim();
    await call('task::init_hwdevice::init');
    await statusUntil(call, 0, (s) => s.status === 'UserActionRequired');
    expect((await call('task::init_hwdevice::cancel', { task_id: 0 })).body.result).toBe('success');
    for (let i = 0; i < 50 && !sim.received.some((m) => m.name === 'Cancel'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(sim.received.map((m) => m.name)).toContain('Cancel');
    expect((await call('task::init_hwdevice::status', { task_id: 0 })).body.error_type).toBe('NoSuchTask');
    expect((await call('task::init_hwdevice::cancel', { task_id: 0 })).status).toBe(404);
  });

  it('refuses to cancel a finished task (TaskFinished)', async () => {
    const { call } = await withSim({ pin: null, passphraseProtection: false });
    await call('task::init_hwdevice::init');
    await statusUntil(call, 0, (s) => s.status === 'Ok');
    expect((await call('task::init_hwdevice::cancel', { task_id: 0 })).body.error_type).toBe('TaskFinished');
  });

  it('reports FollowHwDeviceInstructions for a Model T that takes the PIN on the device', async () => {
    const { sim, call } = await withSim({ model: 'T2T1', passphraseProtection: false });
    await call('task::init_hwdevice::init');
    const waiting = await statusUntil(call, 0, needs('FollowHwDeviceInstructions'));
    expect(waiting).toEqual({ status: 'InProgress', details: 'FollowHwDeviceInstructions' });
    sim.enterPinOnDevice();
    expect((await statusUntil(call, 0, (s) => s.status === 'Ok')).details).toMatchObject({ model: 'T' });
  });

  it('turns a device pulled out mid-call into an error status, not a hang', async () => {
    const { sim, call } = await withSim();
    await call('task::init_hwdevice::init');
    await statusUntil(call, 0, (s) => s.status === 'UserActionRequired');
    sim.disconnect();
    await call('task::init_hwdevice::user_action', { task_id: 0, user_action: { action_type: 'HwPin', pin: sim.pinPositions('1234') } });
    const failed = await statusUntil(call, 0, (s) => s.status === 'Error');
    expect(failed.details).toMatchObject({ error_type: 'HwError' });
  });

  it('refuses another device than the expected device_pubkey (FoundUnexpectedDevice)', async () => {
    const { call } = await withSim({ pin: null, passphraseProtection: false });
    await call('task::init_hwdevice::init', { device_pubkey: '00'.repeat(20) });
    const failed = await statusUntil(call, 0, (s) => s.status === 'Error');
    expect(failed.details).toMatchObject({ error_type: 'HwError', error_data: 'FoundUnexpectedDevice' });
  });

  it('refuses a second init while one runs (HwContextInitializingAlready)', async () => {
    const { call } = await withSim();
    await call('task::init_hwdevice::init');
    const second = await call('task::init_hwdevice::init');
    expect(second).toMatchObject({ status: 400, body: { error_type: 'HwContextInitializingAlready' } });
  });

  it('waits for a device that is not plugged in yet (WaitingForTrezorToConnect)', async () => {
    const { t, call } = await withSim();
    t.platform.usb = async () => ({ getDevices: async () => [], addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as UsbLike;
    await call('task::init_hwdevice::init');
    const waiting = await statusUntil(call, 0, needs('WaitingForTrezorToConnect'));
    expect(waiting).toEqual({ status: 'InProgress', details: 'WaitingForTrezorToConnect' });
    await call('task::init_hwdevice::cancel', { task_id: 0 });
  });

  it('answers NoSuchTask for an unknown id', async () => {
    const { call } = await withSim();
    const r = await call('task::init_hwdevice::status', { task_id: 42 });
    expect(r).toMatchObject({ status: 400, body: { error_type: 'NoSuchTask', error_data: 42 } });
  });
});
