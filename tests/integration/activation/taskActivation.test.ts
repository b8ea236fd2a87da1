/**
 * The v2 activation methods as Komodo Wallet calls them, against the devnet: `task::enable_utxo`
 * (InProgress statuses, then KDF's UtxoStandardActivationResult with the balance), `enable_eth_with_tokens`,
 * `enable_erc20`, `task::enable_eth` (with `get_balances: false`), cancels of running tasks (the coin
 * can be activated again at once), KDF's errors and hostile requests.
 */
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyPairFromPrivkey, p2pkhAddress, privkeyFromPassphrase } from '../../../src/node/crypto';
import type { UsbLike } from '../../../src/node/hw/trezor';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { SimTrezor } from '../../unit/node/hw/sim';
import { daemon, devnet } from '../devnet/daemon';
import { chainProvider, startEvmNode, tokenAddress, type EvmNode } from '../eth/evmWallet';
import { fund } from '../utxo/funding';
import { freshPassphrase, RPC_PASSWORD, startWalletNode, waitFor, type Reply } from '../utxo/walletNode';

type Status = { status: string; details: unknown };

/** A raw mmrpc request as the SDK sends it (`params` may be null), the whole reply kept. */
async function call(node: EvmNode, method: string, params: unknown): Promise<Reply> {
  return (await node.host.handleRpc({ mmrpc: '2.0', method, params, userpass: RPC_PASSWORD, id: 7 })) as Reply;
}

async function status(node: EvmNode, kind: string, taskId: number, forget = false): Promise<Reply> {
  return call(node, `task::${kind}::status`, { task_id: taskId, forget_if_finished: forget });
}

/** Polls a task until it ends; resolves with the last status and every status seen on the way. */
async function finish(node: EvmNode, kind: string, taskId: number): Promise<{ last: Status; seen: Status[] }> {
  const seen: Status[] = [];
  const last = await waitFor(`${kind} task ${taskId}`, async () => {
    const r = await status(node, kind, taskId);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const s = r.body.result as Status;
    seen.push(s);
    return s.status === 'Ok' || s.status === 'Error' ? s : undefined;
  }, 45_000);
  return { last, seen };
}

const utxoRequest = (ticker: string, servers: unknown, extra: Record<string, unknown> = {}) => ({
  ticker,
  activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers } }, priv_key_policy: 'ContextPrivKey', ...extra },
});

const ethRequest = (tokens: string[], extra: Record<string, unknown> = {}) => ({
  ticker: 'ETHDEV',
  nodes: devnet().coins.ETHDEV.urls.map((url) => ({ url })),
  swap_contract_address: devnet().coins.ETHDEV.swap_contract_address,
  fallback_swap_contract: devnet().coins.ETHDEV.fallback_swap_contract,
  erc20_tokens_requests: tokens.map((ticker) => ({ ticker })),
  priv_key_policy: { type: 'ContextPrivKey' },
  ...extra,
});

const tickers = async (node: EvmNode): Promise<string[]> =>
  ((await node.legacy('get_enabled_coins')).body.result as { ticker: string }[]).map((c) => c.ticker);

describe('v2 activation (task::enable_utxo, enable_eth_with_tokens, enable_erc20, task::enable_eth)', () => {
  let provider: JsonRpcProvider;
  let node: EvmNode;
  let other: EvmNode;
  let rltcAddress: string;
  /** A server that takes connections and never answers: activations on it hang until cancelled. */
  const silentSockets: Socket[] = [];
  const silentTcp = createTcpServer((s) => silentSockets.push(s));
  const heldResponses: ServerResponse[] = [];
  const silentHttp = createHttpServer((_req, res) => heldResponses.push(res));

  beforeAll(async () => {
    provider = chainProvider();
    node = await startEvmNode('v2 activation', provider, { ETHDEV: '2.5', 'DEVT18-ERC20': '3', 'DEVT6-ERC20': '12.345678' });
    other = await startEvmNode('v2 activation other', provider, { ETHDEV: '1' });
    rltcAddress = p2pkhAddress(keyPairFromPrivkey(privkeyFromPassphrase(node.passphrase)).publicKey, 111);
    await fund('chain1', rltcAddress, ['1.5']);
    await daemon('chain1').mine(1);
    // Each of the devnet's indexers (they index apart) sees the payment before the node is asked:
    // a probe node on the same wallet asks them one at a time.
    const probe = await startWalletNode(node.passphrase);
    for (const server of devnet().coins.RLTC1?.servers ?? []) {
      expect((await probe.legacy('electrum', { coin: 'RLTC1', servers: [server] })).status).toBe(200);
      await waitFor(`funds indexed by ${server.url}`, async () => ((await probe.legacy('my_balance', { coin: 'RLTC1' })).body.balance === '1.5' ? true : undefined));
      expect((await probe.legacy('disable_coin', { coin: 'RLTC1' })).status).toBe(200);
    }
    await probe.stop();
    await new Promise<void>((r) => silentTcp.listen(0, '127.0.0.1', r));
    await new Promise<void>((r) => silentHttp.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    await node.stop();
    await other.stop();
    provider.destroy();
    for (const s of silentSockets) s.destroy();
    for (const res of heldResponses) res.destroy();
    await new Promise<void>((r) => silentTcp.close(() => r()));
    silentHttp.closeAllConnections();
    await new Promise<void>((r) => silentHttp.close(() => r()));
  });

  it('activates RLTC1 through task::enable_utxo: InProgress first, then Ok with the balance, kept while forget_if_finished is false', async () => {
    const servers = devnet().coins.RLTC1?.servers;
    const init = await call(node, 'task::enable_utxo::init', utxoRequest('RLTC1', servers, { tx_history: true }));
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    expect(init.body).toEqual({ mmrpc: '2.0', result: { task_id: expect.any(Number) }, id: 7 });
    const taskId = (init.body.result as { task_id: number }).task_id;
    const first = (await status(node, 'enable_utxo', taskId)).body;
    expect(first).toEqual({ mmrpc: '2.0', result: { status: 'InProgress', details: expect.stringMatching(/^(ActivatingCoin|RequestingWalletBalance)$/) }, id: 7 });

    const { last, seen } = await finish(node, 'enable_utxo', taskId);
    expect(seen[0]?.status).toBe('InProgress');
    const height = await daemon('chain1').call<number>('getblockcount', []);
    expect(last).toEqual({
      status: 'Ok',
      details: {
        ticker: 'RLTC1',
        current_block: expect.any(Number),
        wallet_balance: { wallet_type: 'Iguana', address: rltcAddress, balance: { RLTC1: { spendable: '1.5', unspendable: '0' } } },
      },
    });
    const currentBlock = (last.details as { current_block: number }).current_block;
    expect(currentBlock).toBeGreaterThan(0);
    expect(currentBlock).toBeLessThanOrEqual(height);
    // Finished tasks stay queryable with forget_if_finished: false; the default forgets after one read.
    expect((await status(node, 'enable_utxo', taskId)).body.result).toEqual(last);
    expect((await status(node, 'enable_utxo', taskId, true)).body.result).toEqual(last);
    const gone = await status(node, 'enable_utxo', taskId);
    expect(gone.status).toBe(400);
    expect(gone.body).toMatchObject({ mmrpc: '2.0', error_type: 'NoSuchTask', error_data: taskId, id: 7 });

    expect(await tickers(node)).toContain('RLTC1');
    // tx_history: true was honoured: the funding payment is in the history.
    await waitFor('history', async () => {
      const h = await node.legacy('my_tx_history', { coin: 'RLTC1' });
      return h.status === 200 && (h.body.result as { total: number }).total >= 1 ? true : undefined;
    });
  });

  it("refuses an active coin, an unknown one and a coin of another protocol at init, with KDF's errors", async () => {
    const servers = devnet().coins.RLTC1?.servers;
    const again = await call(node, 'task::enable_utxo::init', utxoRequest('RLTC1', servers));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'Coin RLTC1 is activated already', error_type: 'CoinIsAlreadyActivated', error_data: { ticker: 'RLTC1' } });

    const unknown = await call(node, 'task::enable_utxo::init', utxoRequest('NOPE', servers));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'Coin NOPE config is not found', error_type: 'CoinConfigIsNotFound', error_data: 'NOPE' });

    const evm = await call(node, 'task::enable_utxo::init', utxoRequest('ETHDEV', servers));
    expect(evm.status).toBe(400);
    expect(evm.body).toMatchObject({ error_type: 'UnexpectedCoinProtocol', error_data: { ticker: 'ETHDEV', protocol: { type: 'ETH', protocol_data: { chain_id: 31337 } } } });
  });

  it('reports native mode as the task error KDF reports in a browser, and registers nothing', async () => {
    const init = await call(node, 'task::enable_utxo::init', { ticker: 'RLTC2', activation_params: { mode: { rpc: 'Native' } } });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const { last } = await finish(node, 'enable_utxo', (init.body.result as { task_id: number }).task_id);
    expect(last).toMatchObject({
      status: 'Error',
      details: {
        error: 'Error on platform coin RLTC2 creation: Native RPC client is only supported in native mode',
        error_type: 'CoinCreationError',
        error_data: { ticker: 'RLTC2', error: 'Native RPC client is only supported in native mode' },
      },
    });
    expect(await tickers(node)).not.toContain('RLTC2');
  });

  it('cancels a task::enable_utxo that waits on a silent server; the coin activates again at once', async () => {
    const port = (silentTcp.address() as AddressInfo).port;
    const init = await call(node, 'task::enable_utxo::init', utxoRequest('RLTC2', [{ url: `127.0.0.1:${port}`, protocol: 'WS' }]));
    const taskId = (init.body.result as { task_id: number }).task_id;
    await waitFor('connection to the silent server', async () => (silentSockets.length > 0 ? true : undefined));
    expect((await status(node, 'enable_utxo', taskId)).body.result).toEqual({ status: 'InProgress', details: 'ActivatingCoin' });
    const cancel = await call(node, 'task::enable_utxo::cancel', { task_id: taskId });
    expect(cancel.body).toEqual({ mmrpc: '2.0', result: 'success', id: 7 });
    expect((await status(node, 'enable_utxo', taskId)).body).toMatchObject({ error_type: 'NoSuchTask' });
    expect((await call(node, 'task::enable_utxo::cancel', { task_id: taskId })).body).toMatchObject({ error_type: 'NoSuchTask' });

    const again = await call(node, 'task::enable_utxo::init', utxoRequest('RLTC2', devnet().coins.RLTC2?.servers));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const { last } = await finish(node, 'enable_utxo', (again.body.result as { task_id: number }).task_id);
    expect(last.status, JSON.stringify(last.details)).toBe('Ok');
    expect(await tickers(node)).toContain('RLTC2');
  });

  it('activates ETHDEV with DEVT18-ERC20 through enable_eth_with_tokens, in KDF\'s Iguana result', async () => {
    const r = await call(node, 'enable_eth_with_tokens', ethRequest(['DEVT18-ERC20']));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const result = r.body.result as Record<string, unknown>;
    const info = { derivation_method: { type: 'Iguana' }, pubkey: expect.stringMatching(/^04[0-9a-f]{128}$/) };
    expect(r.body).toEqual({
      mmrpc: '2.0',
      result: {
        current_block: expect.any(Number),
        eth_addresses_infos: { [node.address]: { ...info, balances: { spendable: '2.5', unspendable: '0' } } },
        erc20_addresses_infos: { [node.address]: { ...info, balances: { 'DEVT18-ERC20': { spendable: '3', unspendable: '0' } } } },
        nfts_infos: {},
      },
      id: 7,
    });
    expect(result.current_block).toBeGreaterThan(0);
    expect(result.current_block).toBeLessThanOrEqual(await provider.getBlockNumber());
    expect(await tickers(node)).toEqual(expect.arrayContaining(['ETHDEV', 'DEVT18-ERC20']));

    const again = await call(node, 'enable_eth_with_tokens', ethRequest([]));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'ETHDEV', error_type: 'PlatformIsAlreadyActivated', error_data: 'ETHDEV' });
  });

  it('activates DEVT6-ERC20 through enable_erc20, and refuses it a second time', async () => {
    const r = await call(node, 'enable_erc20', { ticker: 'DEVT6-ERC20', activation_params: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toEqual({
      balances: { [node.address]: { spendable: '12.345678', unspendable: '0' } },
      platform_coin: 'ETHDEV',
      token_contract_address: tokenAddress('DEVT6-ERC20').toLowerCase(),
      required_confirmations: 1,
    });
    const again = await call(node, 'enable_erc20', { ticker: 'DEVT6-ERC20', activation_params: {} });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'Token DEVT6-ERC20 is already activated', error_type: 'TokenIsAlreadyActivated' });
    const withdrawable = await node.legacy('my_balance', { coin: 'DEVT6-ERC20' });
    expect(withdrawable.body.balance).toBe('12.345678');
  });

  it("refuses a token without its platform, unknown tokens and a Trezor policy outside a task, with KDF's errors", async () => {
    const orphan = await call(other, 'enable_erc20', { ticker: 'DEVT6-ERC20', activation_params: {} });
    expect(orphan.status).toBe(400);
    expect(orphan.body).toMatchObject({ error: 'Platform coin ETHDEV is not activated', error_type: 'PlatformCoinIsNotActivated', error_data: 'ETHDEV' });

    const unknownToken = await call(other, 'enable_erc20', { ticker: 'NOPE-ERC20', activation_params: {} });
    expect(unknownToken.body).toMatchObject({ error: 'Token NOPE-ERC20 config is not found', error_type: 'TokenConfigIsNotFound' });

    const withUnknown = await call(other, 'enable_eth_with_tokens', ethRequest(['DEVT6-ERC20', 'NOPE-ERC20']));
    expect(withUnknown.status).toBe(400);
    expect(withUnknown.body).toMatchObject({ error_type: 'TokenConfigIsNotFound', error_data: 'NOPE-ERC20' });
    expect(await tickers(other)).toEqual([]);

    const notPlatform = await call(other, 'enable_eth_with_tokens', { ...ethRequest([]), ticker: 'DEVT6-ERC20' });
    expect(notPlatform.body).toMatchObject({ error_type: 'UnexpectedPlatformProtocol' });

    const trezor = await call(other, 'enable_eth_with_tokens', ethRequest([], { priv_key_policy: { type: 'Trezor' } }));
    expect(trezor.status).toBe(400);
    expect(trezor.body).toMatchObject({ error_type: 'UnexpectedDeviceActivationPolicy' });

    const custom = await call(other, 'enable_erc20', { ticker: 'DEVT6-ERC20', protocol: { type: 'ERC20' }, activation_params: {} });
    expect(custom.body).toMatchObject({ error_type: 'CustomTokenError', error_data: { DuplicateTickerInConfig: { ticker_in_config: 'DEVT6-ERC20' } } });
  });

  it('cancels a task::enable_eth that waits on a silent node; ETHDEV activates again at once', async () => {
    const port = (silentHttp.address() as AddressInfo).port;
    const init = await call(other, 'task::enable_eth::init', ethRequest(['DEVT6-ERC20'], { nodes: [{ url: `http://127.0.0.1:${port}` }] }));
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const taskId = (init.body.result as { task_id: number }).task_id;
    await waitFor('request to the silent node', async () => (heldResponses.length > 0 ? true : undefined));
    expect((await status(other, 'enable_eth', taskId)).body.result).toEqual({ status: 'InProgress', details: 'ActivatingCoin' });
    expect((await call(other, 'task::enable_eth::cancel', { task_id: taskId })).body.result).toBe('success');
    expect((await status(other, 'enable_eth', taskId)).body).toMatchObject({ error_type: 'NoSuchTask' });
    expect(await tickers(other)).toEqual([]);
  });

  it('activates through task::enable_eth with get_balances: false: the tokens are named, no balance is read', async () => {
    const init = await call(other, 'task::enable_eth::init', ethRequest(['DEVT6-ERC20'], { get_balances: false }));
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const taskId = (init.body.result as { task_id: number }).task_id;
    const { last, seen } = await finish(other, 'enable_eth', taskId);
    expect(seen.filter((s) => s.status === 'InProgress').every((s) => s.details === 'ActivatingCoin')).toBe(true);
    const info = { derivation_method: { type: 'Iguana' }, pubkey: expect.stringMatching(/^04[0-9a-f]{128}$/) };
    expect(last).toEqual({
      status: 'Ok',
      details: {
        current_block: expect.any(Number),
        eth_addresses_infos: { [other.address]: info },
        erc20_addresses_infos: { [other.address]: { ...info, tickers: ['DEVT6-ERC20'] } },
        nfts_infos: {},
      },
    });
    expect(await tickers(other)).toEqual(['ETHDEV', 'DEVT6-ERC20']);
    expect((await other.legacy('my_balance', { coin: 'ETHDEV' })).body.balance).toBe('1');
    const again = await call(other, 'task::enable_eth::init', ethRequest([]));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error_type: 'PlatformIsAlreadyActivated' });
  });

  it('answers hostile requests with InvalidRequest and activates nothing', async () => {
    const nullParams = await call(other, 'enable_eth_with_tokens', null);
    expect(nullParams.status).toBe(400);
    expect(nullParams.body).toMatchObject({ error_type: 'InvalidRequest', error: expect.stringContaining('missing field `ticker`') });
    const huge = await call(other, 'enable_eth_with_tokens', { ...ethRequest([]), ticker: 'ETHDEV', erc20_tokens_requests: Array.from({ length: 10_000 }, (_, i) => ({ ticker: `T${i}` })) });
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({ error_type: 'InvalidRequest', error: expect.stringContaining('at most 500') });
    const wrongType = await call(node, 'task::enable_utxo::init', { ticker: 'RLTC2', activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: 'x' } } } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ error_type: 'InvalidRequest', error: expect.stringContaining('activation_params.mode.rpc_data.servers') });
    const status = await call(node, 'task::enable_utxo::status', { task_id: -1 });
    expect(status.body).toMatchObject({ error_type: 'InvalidRequest' });
  });

  it('answers trezor_connection_status without a Trezor as KDF does', async () => {
    const r = await call(node, 'trezor_connection_status', null);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "Trezor hasn't been initialized yet", error_type: 'TrezorNotInitialized' });
  });
});

describe('task::enable_utxo on a Trezor', () => {
  const MNEMONIC = Array(12).fill('all').join(' ');
  const sim = new SimTrezor({
    model: 'T1B1',
    pin: '1234',
    passphraseProtection: false,
    mnemonic: MNEMONIC,
    label: 'Activation Trezor',
    deviceId: 'ITEST000000000000002',
    autoConfirm: true,
  });
  let node: Awaited<ReturnType<typeof startWalletNode>>;
  let devicePubkey: string;

  const task = async (method: string, params: object): Promise<Status> => {
    const r = await node.mmrpc(method, params as Record<string, unknown>);
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    return r.body.result as Status;
  };

  beforeAll(async () => {
    const platform = nodePlatform({ coinsPath: devnet().coinsFile, usb: sim.usb as unknown as UsbLike });
    node = await startWalletNode(freshPassphrase('trezor activation'), platform);
    const { task_id: id } = (await node.mmrpc('task::init_hwdevice::init', {})).body.result as { task_id: number };
    const info = await waitFor('device connected', async () => {
      const s = await task('task::init_hwdevice::status', { task_id: id, forget_if_finished: false });
      if (s.status === 'UserActionRequired') {
        await node.mmrpc('task::init_hwdevice::user_action', { task_id: id, user_action: { action_type: 'HwPin', pin: sim.pinPositions('1234') } });
      }
      return s.status === 'Ok' ? (s.details as { device_pubkey: string }) : undefined;
    });
    devicePubkey = info.device_pubkey;
  });
  afterAll(() => node.stop());

  it('reports the connected device with trezor_connection_status, and refuses another expected device', async () => {
    expect((await node.mmrpc('trezor_connection_status', { device_pubkey: devicePubkey })).body.result).toEqual({ status: 'Connected' });
    const other = await node.mmrpc('trezor_connection_status', { device_pubkey: '00'.repeat(20) });
    expect(other.status).toBe(500);
    expect(other.body).toMatchObject({ error_type: 'FoundUnexpectedDevice' });
  });

  it("asks for the PIN of a device that locked itself through the activation task, then reports KDF's HD balance", async () => {
    sim.lock();
    const init = await node.mmrpc('task::enable_utxo::init', {
      ticker: 'RLTC1',
      activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: devnet().coins.RLTC1?.servers } }, priv_key_policy: 'Trezor' },
    });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const id = (init.body.result as { task_id: number }).task_id;
    const seen = new Set<string>();
    const done = await waitFor('activated after the PIN', async () => {
      const s = await task('task::enable_utxo::status', { task_id: id, forget_if_finished: false });
      seen.add(`${s.status}:${String(s.details)}`);
      if (s.status === 'UserActionRequired' && s.details === 'EnterTrezorPin') {
        const wrong = await node.mmrpc('task::enable_utxo::user_action', { task_id: id, user_action: { action_type: 'TrezorPassphrase', passphrase: 'x' } });
        expect(wrong.body).toMatchObject({ error_type: 'UnexpectedUserAction' });
        const r = await node.mmrpc('task::enable_utxo::user_action', { task_id: id, user_action: { action_type: 'TrezorPin', pin: sim.pinPositions('1234') } });
        expect(r.body.result).toBe('success');
      }
      return s.status === 'Ok' || s.status === 'Error' ? s : undefined;
    });
    expect(seen).toContain('UserActionRequired:EnterTrezorPin');
    const address = p2pkhAddress(HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC)).derive("m/44'/1'/0'/0/0").publicKey as Uint8Array, 111);
    const balance = { RLTC1: { spendable: expect.any(String), unspendable: '0' } };
    expect(done).toEqual({
      status: 'Ok',
      details: {
        ticker: 'RLTC1',
        current_block: expect.any(Number),
        wallet_balance: {
          wallet_type: 'HD',
          accounts: [
            {
              account_index: 0,
              derivation_path: "m/44'/1'/0'",
              total_balance: balance,
              addresses: [{ address, derivation_path: "m/44'/1'/0'/0/0", chain: 'External', balance }],
            },
          ],
        },
      },
    });
    expect((await node.legacy('my_balance', { coin: 'RLTC1' })).body.address).toBe(address);
  });
});
