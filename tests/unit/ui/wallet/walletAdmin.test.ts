/**
 * Rename and delete as the wallet list does them, through the page's RpcClient to a real node host
 * (the worker's NodeHost on in-memory storage): the page's per-wallet entries and Trezor wallet
 * records follow the node only once it has written, and stay as they were when it refuses.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RpcClient, type MessageEndpoint } from '../../../../src/client/RpcClient';
import type { PageMessage } from '../../../../src/shared/wire';
import { isTrezorWallet, trezorWalletConf, trezorWalletPassword } from '../../../../src/ui/components/wallet/trezorWallets';
import { deleteStoredWallet, describeAdminFailure, renameStoredWallet } from '../../../../src/ui/components/wallet/walletAdmin';
import { WALLET_KEY_PREFIXES } from '../../../../src/ui/components/wallet/walletLocalData';
import { RPC_PASSWORD, testHost, type TestNode } from '../../node/testNode';
import { installLocalStorage, removeLocalStorage, type MapStorage } from '../mapStorage';

const PASSWORD = 'Wallet-Pa55!phrase';

/** The worker's message loop, in-process: the client's messages reach the host and its replies come back. */
function connect(t: TestNode): RpcClient {
  const listeners = new Set<(ev: MessageEvent) => void>();
  const deliver = (data: unknown): void => {
    for (const l of listeners) l({ data } as MessageEvent);
  };
  const endpoint: MessageEndpoint = {
    postMessage(msg: PageMessage) {
      const work = 'control' in msg ? t.host.handleControl(msg.control) : t.host.handleRpc(msg.body);
      void work.then((r) => deliver({ id: msg.id, status: r.status, body: r.body }));
    },
    addEventListener: (_type, l) => listeners.add(l),
    removeEventListener: (_type, l) => listeners.delete(l),
  };
  return new RpcClient(endpoint);
}

async function createWallet(client: RpcClient, name: string, secret: string): Promise<void> {
  await client.control({ op: 'start', conf: { rpc_password: RPC_PASSWORD, wallet_name: name, wallet_password: PASSWORD, passphrase: secret } });
  await client.control({ op: 'stop' });
}

function entries(storage: MapStorage): Record<string, string> {
  return Object.fromEntries(storage.items);
}

describe('wallet admin from the wallet list', () => {
  let storage: MapStorage;
  let t: TestNode;
  let client: RpcClient;
  beforeEach(async () => {
    storage = installLocalStorage();
    t = testHost();
    client = connect(t);
    await createWallet(client, 'bob', 'bob passphrase');
    for (const prefix of WALLET_KEY_PREFIXES) storage.setItem(prefix + 'bob', `${prefix}value`);
    storage.setItem('browser-dex:seednodes', '["/ip4/127.0.0.1/tcp/1/ws"]');
  });
  afterEach(() => {
    client.close();
    removeLocalStorage();
  });

  it('a rename moves every per-wallet entry to the new name and leaves the others', async () => {
    await renameStoredWallet(client, 'bob', 'robert', PASSWORD);
    expect(await client.control({ op: 'wallet_names' })).toEqual({ wallet_names: ['robert'] });
    const expected: Record<string, string> = { 'browser-dex:seednodes': '["/ip4/127.0.0.1/tcp/1/ws"]' };
    for (const prefix of WALLET_KEY_PREFIXES) expected[prefix + 'robert'] = `${prefix}value`;
    expect(entries(storage)).toEqual(expected);
  });

  it('a refused rename leaves the page’s entries as they were', async () => {
    const before = entries(storage);
    await createWallet(client, 'alice', 'alice passphrase');
    const wrong = await renameStoredWallet(client, 'bob', 'robert', 'Guess-1234!x').catch((e: unknown) => e);
    expect(describeAdminFailure(wrong)).toEqual({ field: 'password', text: 'Wrong password. Check it and try again.' });
    const taken = await renameStoredWallet(client, 'bob', 'alice', PASSWORD).catch((e: unknown) => e);
    expect(describeAdminFailure(taken)).toEqual({ field: 'name', text: 'A wallet with this name exists already. Choose another name.' });
    expect(entries(storage)).toEqual(before);
  });

  it('delete runs KDF’s delete_wallet on a node without a wallet, stops it, then forgets the wallet’s entries', async () => {
    await deleteStoredWallet(client, 'bob', PASSWORD);
    expect(await client.control({ op: 'wallet_names' })).toEqual({ wallet_names: [] });
    expect(await client.control({ op: 'status' })).toEqual({ running: false, wallet_name: null });
    expect(entries(storage)).toEqual({ 'browser-dex:seednodes': '["/ip4/127.0.0.1/tcp/1/ws"]' });
    // The started node was a no-login one: nothing of bob's ran.
    const started = t.events.filter((e) => e.event === 'node_started').map((e) => e.data);
    expect(started.at(-1)).toEqual({ wallet_name: null });
  });

  it('a refused delete stops its node too and keeps everything', async () => {
    const before = entries(storage);
    const wrong = await deleteStoredWallet(client, 'bob', 'Guess-1234!x').catch((e: unknown) => e);
    expect(describeAdminFailure(wrong).field).toBe('password');
    const unknown = await deleteStoredWallet(client, 'carol', PASSWORD).catch((e: unknown) => e);
    expect(describeAdminFailure(unknown)).toEqual({ field: 'form', text: "Wallet 'carol' not found." });
    expect(await client.control({ op: 'status' })).toEqual({ running: false, wallet_name: null });
    expect(await client.control({ op: 'wallet_names' })).toEqual({ wallet_names: ['bob'] });
    expect(entries(storage)).toEqual(before);
  });

  it('a Trezor wallet: its password is stored before the node creates it, and it follows renames and deletes', async () => {
    const conf = await trezorWalletConf(client, ['bob', 'My Trezor']);
    expect(conf.wallet_name).toBe('My Trezor 2');
    expect(conf.enable_hd).toBe(true);
    expect(conf.passphrase?.split(' ')).toHaveLength(12);
    expect(trezorWalletPassword('My Trezor 2')).toBe(conf.wallet_password);
    await client.control({ op: 'start', conf: { rpc_password: RPC_PASSWORD, ...conf } });
    await client.control({ op: 'stop' });

    // Opening it again needs no phrase: the stored password unlocks it, by name or as the listed Trezor wallet.
    const again = await trezorWalletConf(client, ['bob', 'My Trezor 2'], 'My Trezor 2');
    expect(again).toEqual({ wallet_name: 'My Trezor 2', wallet_password: conf.wallet_password });
    expect(await trezorWalletConf(client, ['bob', 'My Trezor 2'])).toEqual(again);
    await expect(trezorWalletConf(client, ['bob'], 'bob')).rejects.toThrow('is not a Trezor wallet');

    await renameStoredWallet(client, 'My Trezor 2', 'Cold', conf.wallet_password);
    expect(isTrezorWallet('My Trezor 2')).toBe(false);
    expect(trezorWalletPassword('Cold')).toBe(conf.wallet_password);
    await deleteStoredWallet(client, 'Cold', conf.wallet_password);
    expect(isTrezorWallet('Cold')).toBe(false);
    expect(await client.control({ op: 'wallet_names' })).toEqual({ wallet_names: ['bob'] });
  });

  it('no Trezor wallet is made when the browser will not keep its password', async () => {
    storage.failWrites = true;
    await expect(trezorWalletConf(client, ['bob'])).rejects.toThrow();
    expect(isTrezorWallet('My Trezor')).toBe(false);
    storage.setItem = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    removeLocalStorage();
    await expect(trezorWalletConf(client, ['bob'])).rejects.toThrow('cannot keep a Trezor wallet');
  });

  it('a stored record that is not name → password text is ignored', () => {
    storage.setItem('browser-dex:trezor-wallets', '{"bob": 7, "x": "pw"}');
    expect(isTrezorWallet('bob')).toBe(false);
    expect(trezorWalletPassword('x')).toBe('pw');
    storage.setItem('browser-dex:trezor-wallets', '["bob"]');
    expect(isTrezorWallet('bob')).toBe(false);
    storage.setItem('browser-dex:trezor-wallets', 'not json');
    expect(isTrezorWallet('bob')).toBe(false);
  });
});
