/**
 * `enable` of ETH and ERC20 coins against the devnet's anvil: fail-over from a dead node, KDF's
 * CoinInitResponse, tokens through their platform, decimals from the contract, balances and
 * events, disabling a platform with its tokens.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeHost } from '../../../src/node/nodeHost';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { devnet } from '../devnet/daemon';
import { freshPassphrase, RPC_PASSWORD, waitFor } from '../utxo/walletNode';
import { chainProvider, fundEvm, startEvmNode, type EvmNode } from './evmWallet';

/** A local port nothing listens on. */
async function deadUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

describe('enable (ETH / ERC20)', () => {
  let provider: JsonRpcProvider;
  let node: EvmNode;

  beforeAll(async () => {
    provider = chainProvider();
    node = await startEvmNode('eth activation', provider, { ETHDEV: '2.5', 'DEVT6-ERC20': '12.345678', 'DEVT18-ERC20': '0.000000000000000001' });
  });
  afterAll(async () => {
    await node.stop();
    provider.destroy();
  });

  it('refuses a token before its platform, with KDF text', async () => {
    const r = await node.enable('DEVT6-ERC20');
    expect(r.status).toBe(500);
    expect(r.body.error).toMatch(/Platform coin ETHDEV is not activated$/);
    expect((await node.legacy('get_enabled_coins')).body).toEqual({ result: [] });
  });

  it('reports Transport-style failure when no node answers, and leaves nothing behind', async () => {
    const r = await node.enable('ETHDEV', { urls: [await deadUrl(), await deadUrl()] });
    expect(r.status).toBe(500);
    expect(r.body.error).toMatch(/Failed to connect to the nodes of ETHDEV: .*eth_chainId: no node answered/);
    expect((await node.legacy('get_enabled_coins')).body).toEqual({ result: [] });
  });

  it('activates the platform through a dead first URL and a good second one', async () => {
    const r = await node.enable('ETHDEV', { urls: [await deadUrl(), devnet().evm.rpcUrl] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      result: 'success',
      address: node.address,
      balance: '2.5',
      unspendable_balance: '0',
      coin: 'ETHDEV',
      required_confirmations: 1,
      requires_notarization: false,
    });
    expect(node.events).toContainEqual({ event: 'log', data: { level: 'warn', line: expect.stringMatching(/^ETHDEV: eth_chainId failed on http:\/\/127\.0\.0\.1:\d+, trying the next node/) } });
  });

  it('refuses a second activation', async () => {
    const r = await node.enable('ETHDEV');
    expect(r.status).toBe(500);
    expect(r.body.error).toContain('Coin ETHDEV already initialized');
  });

  it("activates a token without decimals in the coins file from its contract's decimals()", async () => {
    const r = await node.enable('DEVT6-ERC20', { required_confirmations: 4 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      result: 'success',
      address: node.address,
      balance: '12.345678',
      unspendable_balance: '0',
      coin: 'DEVT6-ERC20',
      required_confirmations: 4,
      requires_notarization: false,
    });
  });

  it('activates an 18-decimal token and shows one base unit exactly', async () => {
    const r = await node.enable('DEVT18-ERC20');
    expect(r.body).toMatchObject({ balance: '0.000000000000000001', coin: 'DEVT18-ERC20' });
  });

  it('lists the coins and answers my_balance', async () => {
    expect((await node.legacy('get_enabled_coins')).body).toEqual({
      result: [
        { ticker: 'ETHDEV', address: node.address },
        { ticker: 'DEVT6-ERC20', address: node.address },
        { ticker: 'DEVT18-ERC20', address: node.address },
      ],
    });
    expect((await node.legacy('my_balance', { coin: 'DEVT6-ERC20' })).body).toEqual({
      coin: 'DEVT6-ERC20',
      balance: '12.345678',
      unspendable_balance: '0',
      address: node.address,
    });
  });

  it('pushes coin_balance when funds arrive, for the platform and a token', async () => {
    await fundEvm(provider, node.address, { ETHDEV: '0.5', 'DEVT6-ERC20': '1' });
    await waitFor('coin_balance events', async () => {
      const seen = node.events.filter((e) => e.event === 'coin_balance').map((e) => e.data);
      const eth = seen.some((d) => JSON.stringify(d) === JSON.stringify({ coin: 'ETHDEV', balance: '3', unspendable_balance: '0' }));
      const tok = seen.some((d) => JSON.stringify(d) === JSON.stringify({ coin: 'DEVT6-ERC20', balance: '13.345678', unspendable_balance: '0' }));
      return eth && tok ? true : undefined;
    });
  });

  it('disables the platform together with its tokens', async () => {
    const r = await node.legacy('disable_coin', { coin: 'ETHDEV', force_disable: true });
    expect(r.body).toEqual({ result: { coin: 'ETHDEV', cancelled_orders: [], passivized: false } });
    expect((await node.legacy('get_enabled_coins')).body).toEqual({ result: [] });
    expect((await node.legacy('my_balance', { coin: 'DEVT6-ERC20' })).status).toBe(500);
    // Nothing keeps polling: activating again works from scratch.
    expect((await node.enable('ETHDEV')).status).toBe(200);
    expect((await node.enable('DEVT6-ERC20')).body).toMatchObject({ balance: '13.345678' });
  });

  it('disabling a token leaves its platform running', async () => {
    await node.legacy('disable_coin', { coin: 'DEVT6-ERC20' });
    expect((await node.legacy('my_balance', { coin: 'ETHDEV' })).body).toMatchObject({ balance: '3' });
  });
});

describe('enable against a node of another chain', () => {
  it("refuses a node whose eth_chainId differs from the coins file's chain_id", async () => {
    const coins = JSON.parse(await readFile(devnet().coinsFile, 'utf8')) as Record<string, unknown>[];
    const ethdev = coins.find((c) => c.coin === 'ETHDEV') as Record<string, unknown>;
    Object.assign(ethdev, { chain_id: 1, protocol: { type: 'ETH', protocol_data: { chain_id: 1 } } });
    const host = new NodeHost(nodePlatform({ coinsPath: devnet().coinsFile }));
    const started = await host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase: freshPassphrase('chain id'), coins } });
    expect(started.status).toBe(200);
    try {
      const r = (await host.handleRpc({ method: 'enable', userpass: RPC_PASSWORD, coin: 'ETHDEV', ...devnet().coins.ETHDEV })) as { status: number; body: { error: string } };
      expect(r.status).toBe(500);
      expect(r.body.error).toMatch(/The nodes of ETHDEV serve chain id 31337, but the coins config says 1$/);
    } finally {
      await host.stop();
    }
  });
});


describe('a platform kept passive for its tokens', () => {
  let provider: JsonRpcProvider;
  let node: EvmNode;

  beforeAll(async () => {
    provider = chainProvider();
    node = await startEvmNode('eth passive platform', provider, { ETHDEV: '1.5', 'DEVT6-ERC20': '7', 'DEVT18-ERC20': '2' });
    for (const t of ['ETHDEV', 'DEVT6-ERC20'] as const) expect((await node.enable(t)).status).toBe(200);
    const r = await node.legacy('disable_coin', { coin: 'ETHDEV' });
    expect(r.body).toEqual({ result: { coin: 'ETHDEV', cancelled_orders: [], passivized: true } });
  });
  afterAll(async () => {
    await node.stop();
    provider.destroy();
  });

  it('still serves a new token, while it stays hidden itself', async () => {
    const r = await node.enable('DEVT18-ERC20');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ coin: 'DEVT18-ERC20', balance: '2', address: node.address });
    expect((await node.legacy('my_balance', { coin: 'DEVT18-ERC20' })).body).toMatchObject({ balance: '2' });
    expect((await node.legacy('my_balance', { coin: 'ETHDEV' })).status).toBe(500);
    expect((await node.legacy('get_enabled_coins')).body).toEqual({
      result: [
        { ticker: 'DEVT6-ERC20', address: node.address },
        { ticker: 'DEVT18-ERC20', address: node.address },
      ],
    });
  });

  it('a bad request to enable it again changes nothing', async () => {
    const r = await node.enable('ETHDEV', { urls: 'not a list' });
    expect(r.status).toBe(500);
    expect((await node.legacy('my_balance', { coin: 'ETHDEV' })).status).toBe(500);
  });

  it('enable makes it available again, the same coin its tokens use', async () => {
    const r = await node.enable('ETHDEV');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ result: 'success', coin: 'ETHDEV', balance: '1.5', address: node.address });
    expect((await node.legacy('get_enabled_coins')).body).toEqual({
      result: [
        { ticker: 'ETHDEV', address: node.address },
        { ticker: 'DEVT6-ERC20', address: node.address },
        { ticker: 'DEVT18-ERC20', address: node.address },
      ],
    });
    expect((await node.legacy('my_balance', { coin: 'ETHDEV' })).body).toMatchObject({ balance: '1.5' });
    const again = await node.enable('ETHDEV');
    expect(again.status).toBe(500);
    expect(again.body.error).toContain('Coin ETHDEV already initialized');
  });
});
