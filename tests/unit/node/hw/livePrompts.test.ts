/**
 * Device prompts belong to live tasks: after `task::init_hwdevice` has finished, a PIN the locked
 * device asks for reaches the withdraw task that signs (and `task::withdraw::user_action` answers
 * it); outside any task it fails at once; the finished init task's status never changes.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { script as bscript, Transaction } from 'bitcoinjs-lib';
import { afterEach, describe, expect, it } from 'vitest';
import type { CoinConfig } from '../../../../src/node/coins/config';
import type { TaskManager } from '../../../../src/node/core/tasks';
import type { SignContext, UtxoSigner } from '../../../../src/node/coins/utxo/signer';
import type { TxPlan } from '../../../../src/node/coins/utxo/tx/types';
import { hash160, hdRootFromMnemonic } from '../../../../src/node/crypto';
import { noTaskProcessor } from '../../../../src/node/hw/prompts';
import { UnexpectedUserInteractionError, type UsbLike } from '../../../../src/node/hw/trezor';
import type { RunningNode } from '../../../../src/node/startNode';
import { RPC_PASSWORD, testHost } from '../testNode';
import { ALL_MNEMONIC, simTrezor } from './helpers';
import type { SimTrezor } from './sim';

type Status = { status: string; details: unknown };

interface Connected {
  node: RunningNode;
  sim: SimTrezor;
  initId: number;
  config: CoinConfig;
  signer: UtxoSigner;
  call(method: string, params?: object): Promise<{ status: number; body: { result?: unknown; error_type?: string } }>;
}

/** Nodes started by the current test, stopped after it whatever its outcome. */
const running: RunningNode[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((n) => n.stop()));
});

const MY_PATH = "m/44'/1'/0'/0/0";
const myKey = hdRootFromMnemonic(ALL_MNEMONIC).derive(MY_PATH).publicKey!;
const myScript = Uint8Array.of(0x76, 0xa9, 0x14, ...hash160(myKey), 0x88, 0xac);

/** A node whose init task unlocked the simulated Trezor and finished (kept, not forgotten), with RLTC1's signer on it. */
async function connected(): Promise<Connected> {
  const sim = simTrezor({ pin: '1234' });
  const t = testHost();
  t.platform.usb = async () => sim.usb as unknown as UsbLike;
  const node = await t.host.start({ rpc_password: RPC_PASSWORD, passphrase: 'bob passphrase' });
  running.push(node);
  const call = async (method: string, params: object = {}) =>
    (await node.dispatcher.dispatch({ mmrpc: '2.0', method, params, userpass: RPC_PASSWORD, id: 1 })) as Awaited<ReturnType<Connected['call']>>;
  const initId = ((await call('task::init_hwdevice::init')).body.result as { task_id: number }).task_id;
  await statusUntil(call, 'task::init_hwdevice', initId, (s) => s.status === 'UserActionRequired');
  await call('task::init_hwdevice::user_action', { task_id: initId, user_action: { action_type: 'HwPin', pin: sim.pinPositions('1234') } });
  expect((await statusUntil(call, 'task::init_hwdevice', initId, (s) => s.status !== 'InProgress')).status).toBe('Ok');
  const config = node.ctx.coinsConfig.get('RLTC1')!;
  const signer = await node.ctx.hw.utxoSigner(config);
  return { node, sim, initId, config, signer, call };
}

async function statusUntil(call: Connected['call'], family: string, taskId: number, until: (s: Status) => boolean): Promise<Status> {
  for (let i = 0; i < 500; i++) {
    const s = (await call(`${family}::status`, { task_id: taskId, forget_if_finished: false })).body.result as Status;
    if (until(s)) return s;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${family} task ${taskId} never reached the status`);
}

/** One input of ours (from a previous transaction paying us 100,000 sat), paying 60,000 away and 39,000 back. */
function plan(): { plan: TxPlan; prevHex: string } {
  const prev = new Transaction();
  prev.addInput(new Uint8Array(32).fill(7), 0, 0xffffffff, Uint8Array.of(0x51));
  prev.addOutput(myScript, 100_000n);
  const away = Uint8Array.of(0x76, 0xa9, 0x14, ...new Uint8Array(20).fill(9), 0x88, 0xac);
  return {
    prevHex: prev.toHex(),
    plan: {
      inputs: [{ txid: prev.getId(), vout: 0, value: 100_000n, height: 10 }],
      outputs: [
        { script: away, value: 60_000n },
        { script: myScript, value: 39_000n },
      ],
      fee: 1_000n,
      change: 39_000n,
      spent: 100_000n,
    },
  };
}

function signContext(c: Connected, prevHex: string, extra: Partial<SignContext> = {}): SignContext {
  return { config: c.config, inputKind: 'p2pkh', prevTxHexes: async () => [prevHex], onFollowDevice: () => undefined, ...extra };
}

/**
 * The node's tasks, for a stand-in withdraw task that answers what the signer gives (the signed
 * hex, the txid) rather than a withdraw's `TransactionDetails`: the prompts are what is tested.
 */
const standInTasks = (c: { node: RunningNode }): TaskManager => c.node.ctx.tasks as TaskManager;

describe('Trezor prompts after init', () => {
  it('a PIN the locked device asks for while a withdraw signs is that task’s UserActionRequired; the init task stays Ok', async () => {
    const c = await connected();
    c.sim.lock();
    const { plan: p, prevHex } = plan();
    // The withdraw task as `task::withdraw::init` runs it: the coin signs with the task's handle.
    const id = standInTasks(c).spawn('withdraw', 'Preparing', async (h) => {
      const signed = await c.signer.sign(p, signContext(c, prevHex, { task: h, onFollowDevice: () => h.progress('FollowHwDeviceInstructions'), signal: h.signal }));
      return signed.hex;
    });

    const asking = await statusUntil(c.call, 'task::withdraw', id, (s) => s.status !== 'InProgress');
    expect(asking).toEqual({ status: 'UserActionRequired', details: 'EnterTrezorPin' });
    expect(await statusUntil(c.call, 'task::init_hwdevice', c.initId, () => true)).toMatchObject({ status: 'Ok' });
    // The init task is finished: it takes no PIN.
    const toInit = await c.call('task::init_hwdevice::user_action', { task_id: c.initId, user_action: { action_type: 'HwPin', pin: '1' } });
    expect(toInit.body.error_type).toBe('NoSuchTask');

    const sent = await c.call('task::withdraw::user_action', { task_id: id, user_action: { action_type: 'TrezorPin', pin: c.sim.pinPositions('1234') } });
    expect(sent.body.result).toBe('success');
    const done = await statusUntil(c.call, 'task::withdraw', id, (s) => s.status === 'Ok' || s.status === 'Error');
    expect(done.status, JSON.stringify(done.details)).toBe('Ok');
    const tx = Transaction.fromHex(done.details as string);
    const [sig, key] = bscript.decompile(tx.ins[0]!.script) as Uint8Array[];
    expect(key).toEqual(myKey);
    const sighash = tx.hashForSignature(0, myScript, Transaction.SIGHASH_ALL);
    expect(secp256k1.verify(sig!.subarray(0, -1), sighash, myKey, { prehash: false, format: 'der' })).toBe(true);
    expect(await statusUntil(c.call, 'task::init_hwdevice', c.initId, () => true)).toMatchObject({ status: 'Ok', details: { type: 'Trezor' } });
  });

  it('with no task running, a PIN request fails the call at once and the device stays usable', async () => {
    const c = await connected();
    c.sim.lock();
    const { plan: p, prevHex } = plan();

    // Signing outside a task (the flat `withdraw`): nobody can be asked.
    const error = await c.signer.sign(p, signContext(c, prevHex)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedUserInteractionError);
    expect(error).toMatchObject({ errorType: 'Internal', interaction: 'PinMatrix3x3' });
    expect((error as Error).message).toMatch(/^Unexpected user interaction request: PinMatrix3x3/);
    // Reading a key outside a task (activation) likewise.
    await expect(c.node.ctx.hw.utxoSigner(c.config)).rejects.toBeInstanceOf(UnexpectedUserInteractionError);
    // The device was told to drop the pending request, and the finished init task did not move.
    expect(c.sim.received.map((m) => m.name)).toContain('Cancel');
    expect(await statusUntil(c.call, 'task::init_hwdevice', c.initId, () => true)).toMatchObject({ status: 'Ok' });

    // A task can still take the PIN afterwards.
    const id = standInTasks(c).spawn('withdraw', 'Preparing', async (h) => (await c.signer.sign(p, signContext(c, prevHex, { task: h }))).txid);
    await statusUntil(c.call, 'task::withdraw', id, (s) => s.status === 'UserActionRequired');
    await c.call('task::withdraw::user_action', { task_id: id, user_action: { action_type: 'HwPin', pin: c.sim.pinPositions('1234') } });
    expect((await statusUntil(c.call, 'task::withdraw', id, (s) => s.status === 'Ok' || s.status === 'Error')).status).toBe('Ok');
  });

  it('a passphrase request outside a task fails at once, naming the request', async () => {
    await expect(noTaskProcessor().onPassphraseRequest()).rejects.toMatchObject({ interaction: 'PassphraseRequest' });
  });

  it('task::withdraw::user_action checks the action and the task', async () => {
    const c = await connected();
    const unknown = await c.call('task::withdraw::user_action', { task_id: 77, user_action: { action_type: 'HwPin', pin: '123' } });
    expect(unknown).toMatchObject({ status: 400, body: { error_type: 'NoSuchTask' } });
    const digits = await c.call('task::withdraw::user_action', { task_id: 0, user_action: { action_type: 'HwPin', pin: '1230' } });
    expect(digits.body.error_type).toBe('InvalidRequest');
    const kind = await c.call('task::withdraw::user_action', { task_id: 0, user_action: { action_type: 'Other' } });
    expect(kind.body.error_type).toBe('InvalidRequest');
    // An init task id is not a withdraw task.
    const other = await c.call('task::withdraw::user_action', { task_id: c.initId, user_action: { action_type: 'HwPin', pin: '1' } });
    expect(other.body.error_type).toBe('NoSuchTask');
  });
});
