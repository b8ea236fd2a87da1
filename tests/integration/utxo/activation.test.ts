/** `electrum` activation against the devnet's daemons and our Electrum servers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daemon, devnet } from '../devnet/daemon';
import { daemonUnspent, fund } from './funding';
import { freshPassphrase, startWalletNode, waitFor, type WalletNode } from './walletNode';

describe('electrum activation', () => {
  let node: WalletNode;
  let address: string;

  beforeAll(async () => {
    node = await startWalletNode(freshPassphrase('activation'));
    const first = await node.activate('RLTC1', { tx_history: false });
    address = first.body.address as string;
    await fund('chain1', address, ['2.5', '0.75']);
    await daemon('chain1').mine(1);
    await waitFor('funds indexed', async () => ((await daemonUnspent('chain1', address)).count === 2 ? true : undefined));
    // Our Electrum server indexes a block a moment after the daemon has it.
    await waitFor('funds seen by Electrum', async () =>
      (await node.legacy('my_balance', { coin: 'RLTC1' })).body.balance === '3.25' ? true : undefined,
    );
    await node.legacy('disable_coin', { coin: 'RLTC1' });
  });
  afterAll(() => node.stop());

  it('answers KDF CoinInitResponse with the balance the daemon sees', async () => {
    const r = await node.activate('RLTC1');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      result: 'success',
      address,
      balance: '3.25',
      unspendable_balance: '0',
      coin: 'RLTC1',
      required_confirmations: 1,
      requires_notarization: false,
      mature_confirmations: 100,
    });
    expect((await daemonUnspent('chain1', address)).total).toBe(325_000_000n);
  });

  it('refuses to activate a coin twice', async () => {
    const r = await node.activate('RLTC1');
    expect(r.status).toBe(500);
    expect(r.body.error).toContain('Coin RLTC1 already initialized');
  });

  it('lists the coin and its address, and reports my_balance', async () => {
    expect((await node.legacy('get_enabled_coins')).body).toEqual({ result: [{ ticker: 'RLTC1', address }] });
    expect((await node.legacy('my_balance', { coin: 'RLTC1' })).body).toEqual({
      coin: 'RLTC1',
      balance: '3.25',
      unspendable_balance: '0',
      address,
    });
  });

  it('uses the request required_confirmations over the coin config', async () => {
    const r = await node.activate('RLTC2', { required_confirmations: 3, requires_notarization: true });
    expect(r.body).toMatchObject({ coin: 'RLTC2', required_confirmations: 3, requires_notarization: true });
    // Both chains use the same regtest prefixes, so the iguana key has the same address on both.
    expect(r.body.address).toBe(address);
  });

  it('gives a segwit coin its bech32 address', async () => {
    const r = await node.activate('RLTC1-segwit');
    expect(r.status).toBe(200);
    expect(r.body.address).toMatch(/^rltc1q[0-9a-z]{38}$/);
  });

  it('sets immature coinbase outputs apart as unspendable_balance', async () => {
    const d = daemon('chain1');
    const [hash] = await d.call<string[]>('generatetoaddress', [1, address]);
    const block = await d.call<{ tx: { vout: { value: number }[] }[] }>('getblock', [hash, 2]);
    const reward = BigInt(Math.round((block.tx[0]?.vout[0]?.value ?? 0) * 1e8));
    const coinbase = (Number(reward) / 1e8).toString();
    const balance = await waitFor('coinbase seen', async () => {
      const b = (await node.legacy('my_balance', { coin: 'RLTC1' })).body;
      return b.unspendable_balance !== '0' ? b : undefined;
    });
    expect(balance).toMatchObject({ balance: '3.25', unspendable_balance: coinbase });
  });

  it('pushes a balance event when a payment arrives', async () => {
    const rltc1 = () => node.events.filter((e) => e.event === 'coin_balance' && (e.data as { coin: string }).coin === 'RLTC1');
    const before = rltc1().length;
    await fund('chain1', address, ['0.1']);
    const event = await waitFor('balance event', async () => rltc1()[before]);
    expect(event.data).toMatchObject({ coin: 'RLTC1', balance: '3.35' });
  });

  it('disables a coin, after which it is unknown', async () => {
    expect((await node.legacy('disable_coin', { coin: 'RLTC2' })).body).toEqual({
      result: { coin: 'RLTC2', cancelled_orders: [], passivized: false },
    });
    const again = await node.legacy('disable_coin', { coin: 'RLTC2' });
    expect(again).toEqual({
      status: 500,
      body: { error: 'No such coin: RLTC2', orders: { matching: [], cancelled: [] }, active_swaps: [] },
    });
    const balance = await node.legacy('my_balance', { coin: 'RLTC2' });
    expect(balance.status).toBe(500);
    expect(balance.body.error).toContain('No such coin: RLTC2');
  });

  it.each([
    ['an unknown coin', { coin: 'NOPE', servers: [] }, 'Coin NOPE is not found in the coins config'],
    // This node runs on the host's platform, which opens TCP (a page's refusal: tcpSsl.test.ts).
    ['a dead TCP server', { coin: 'RLTC2', servers: [{ url: '127.0.0.1:1', protocol: 'TCP' }] }, 'Failed to connect to the electrum servers of RLTC2'],
    ['a url with a scheme', { coin: 'RLTC2', servers: [{ url: 'ws://127.0.0.1:1', protocol: 'WS' }] }, 'There has not to be a scheme in the url'],
    ['an unreachable server', { coin: 'RLTC2', servers: [{ url: '127.0.0.1:9', protocol: 'WS' }] }, 'Failed to connect to the electrum servers of RLTC2'],
  ])('refuses %s and leaves nothing enabled', async (_what, args, message) => {
    const r = await node.legacy('electrum', args);
    expect(r.status).toBe(500);
    expect(r.body.error).toContain(message);
    const enabled = (await node.legacy('get_enabled_coins')).body.result as { ticker: string }[];
    expect(enabled.map((c) => c.ticker)).not.toContain('RLTC2');
  });

  it('refuses activation in no-login mode', async () => {
    const { NodeHost } = await import('../../../src/node/nodeHost');
    const { nodePlatform } = await import('../../../tools/host/nodePlatform');
    const host = new NodeHost(nodePlatform({ coinsPath: devnet().coinsFile }));
    await host.handleControl({ op: 'start', conf: { rpc_password: 'Itest-Rpc-Key!1' } });
    const r = await host.handleRpc({ method: 'electrum', userpass: 'Itest-Rpc-Key!1', coin: 'RLTC1', servers: devnet().coins.RLTC1?.servers });
    expect(r.body).toMatchObject({ error: expect.stringContaining('no-login mode') });
    await host.stop();
  });

  it('answers enable for a UTXO coin with the native-mode error', async () => {
    const r = await node.legacy('enable', { coin: 'RLTC2' });
    expect(r.status).toBe(500);
    expect(r.body.error).toContain('native daemon mode (enable) is not supported in the browser');
  });
});
