/**
 * A UTXO coin on the Trezor account: activation with `priv_key_policy: "Trezor"`, and a withdraw
 * signed on the (simulated) device through `task::withdraw`, accepted and mined by litecoind; a
 * device that locked itself after init asks for its PIN through the withdraw task.
 */
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p2pkhAddress } from '../../../src/node/crypto';
import type { UsbLike } from '../../../src/node/hw/trezor';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { SimTrezor } from '../../unit/node/hw/sim';
import { daemon, devnet } from '../devnet/daemon';
import { fund } from '../utxo/funding';
import { freshPassphrase, startWalletNode, waitFor, type WalletNode } from '../utxo/walletNode';

const MNEMONIC = Array(12).fill('all').join(' ');

describe('Trezor-signed UTXO withdraw', () => {
  const sim = new SimTrezor({
    model: 'T1B1',
    pin: '1234',
    passphraseProtection: false,
    mnemonic: MNEMONIC,
    label: 'Itest Trezor',
    deviceId: 'ITEST000000000000001',
    autoConfirm: false,
  });
  let node: WalletNode;
  let address: string;

  async function task(method: string, params: object): Promise<{ status: string; details: unknown }> {
    const r = await node.mmrpc(method, params as Record<string, unknown>);
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    return r.body.result as { status: string; details: unknown };
  }

  beforeAll(async () => {
    const platform = nodePlatform({ coinsPath: devnet().coinsFile, usb: sim.usb as unknown as UsbLike });
    node = await startWalletNode(freshPassphrase('trezor'), platform);
    await node.mmrpc('task::init_hwdevice::init', {});
    await waitFor('device connected', async () => {
      const s = await task('task::init_hwdevice::status', { task_id: 0, forget_if_finished: false });
      if (s.status === 'UserActionRequired') {
        await node.mmrpc('task::init_hwdevice::user_action', { task_id: 0, user_action: { action_type: 'HwPin', pin: sim.pinPositions('1234') } });
      }
      return s.status === 'Ok' ? s : undefined;
    });
  });
  afterAll(() => node.stop());

  it("activates on the device's account: the address of m/44'/1'/0'/0/0", async () => {
    const r = await node.activate('RLTC1', { priv_key_policy: 'Trezor' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    address = r.body.address as string;
    const key = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC)).derive("m/44'/1'/0'/0/0");
    expect(address).toBe(p2pkhAddress(key.publicKey as Uint8Array, 111));
  });

  it('signs a withdraw on the device once the user confirms, and litecoind accepts it', async () => {
    await fund('chain1', address, ['1.2']);
    await daemon('chain1').mine(1);
    await waitFor('funds', async () => ((await node.legacy('my_balance', { coin: 'RLTC1' })).body.balance === '1.2' ? true : undefined));

    const bob = devnet().wallets.bob?.addresses.RLTC1;
    const init = await node.mmrpc('task::withdraw::init', { coin: 'RLTC1', to: bob, amount: '0.5' });
    const id = (init.body.result as { task_id: number }).task_id;
    const seen = new Set<string>();
    const done = await waitFor('signed', async () => {
      const s = await task('task::withdraw::status', { task_id: id, forget_if_finished: false });
      seen.add(`${s.status}:${String(s.details).slice(0, 40)}`);
      if (s.status === 'InProgress' && s.details === 'FollowHwDeviceInstructions') sim.pressButton(true);
      return s.status === 'Ok' || s.status === 'Error' ? s : undefined;
    });
    expect(done.status, JSON.stringify(done.details)).toBe('Ok');
    expect(seen).toContain('InProgress:FollowHwDeviceInstructions');
    const tx = done.details as { tx_hex: string; tx_hash: string; my_balance_change: string; from: string[] };
    expect(tx.from).toEqual([address]);
    const [accepted] = await daemon('chain1').call<{ allowed: boolean; 'reject-reason'?: string }[]>('testmempoolaccept', [[tx.tx_hex]]);
    expect(accepted?.allowed, accepted?.['reject-reason']).toBe(true);
    const sent = await node.legacy('send_raw_transaction', { coin: 'RLTC1', tx_hex: tx.tx_hex });
    expect(sent.body).toEqual({ tx_hash: tx.tx_hash });
    await daemon('chain1').mine(1);
    const mined = await daemon('chain1').call<{ confirmations?: number }>('getrawtransaction', [tx.tx_hash, true]);
    expect(mined.confirmations).toBeGreaterThan(0);
  });

  it('reports UserCancelled when the user rejects on the device, and broadcasts nothing', async () => {
    const bob = devnet().wallets.bob?.addresses.RLTC1;
    const init = await node.mmrpc('task::withdraw::init', { coin: 'RLTC1', to: bob, amount: '0.1' });
    const id = (init.body.result as { task_id: number }).task_id;
    const done = await waitFor('rejected', async () => {
      const s = await task('task::withdraw::status', { task_id: id, forget_if_finished: false });
      if (s.status === 'InProgress' && s.details === 'FollowHwDeviceInstructions') sim.pressButton(false);
      return s.status === 'Ok' || s.status === 'Error' ? s : undefined;
    });
    expect(done).toMatchObject({ status: 'Error', details: { error_type: 'HwError', error_data: 'UserCancelled' } });
  });

  it('asks for the PIN through the withdraw task when the device locked itself; the init task stays Ok', async () => {
    sim.lock();
    const bob = devnet().wallets.bob?.addresses.RLTC1;
    const init = await node.mmrpc('task::withdraw::init', { coin: 'RLTC1', to: bob, amount: '0.2' });
    const id = (init.body.result as { task_id: number }).task_id;
    const seen = new Set<string>();
    const done = await waitFor('signed after the PIN', async () => {
      const s = await task('task::withdraw::status', { task_id: id, forget_if_finished: false });
      seen.add(`${s.status}:${String(s.details).slice(0, 40)}`);
      if (s.status === 'UserActionRequired' && s.details === 'EnterTrezorPin') {
        const r = await node.mmrpc('task::withdraw::user_action', { task_id: id, user_action: { action_type: 'TrezorPin', pin: sim.pinPositions('1234') } });
        expect(r.body.result).toBe('success');
      }
      if (s.status === 'InProgress' && s.details === 'FollowHwDeviceInstructions') sim.pressButton(true);
      return s.status === 'Ok' || s.status === 'Error' ? s : undefined;
    });
    expect(done.status, JSON.stringify(done.details)).toBe('Ok');
    expect(seen).toContain('UserActionRequired:EnterTrezorPin');
    const tx = done.details as { tx_hex: string };
    const [accepted] = await daemon('chain1').call<{ allowed: boolean; 'reject-reason'?: string }[]>('testmempoolaccept', [[tx.tx_hex]]);
    expect(accepted?.allowed, accepted?.['reject-reason']).toBe(true);
    expect(await task('task::init_hwdevice::status', { task_id: 0, forget_if_finished: false })).toMatchObject({ status: 'Ok' });
  });
});
