/**
 * `my_tx_history` of ETH and of an ERC20 token through a node that refuses `trace_filter` and
 * `eth_getLogs` over more than 300 blocks (issue 13, defect 4): a local JSON-RPC proxy in front of
 * the devnet's anvil answers such ranges with anvil's own refusal; the wallet's transactions lie
 * more than 300 blocks apart, so the history has them all only if it pages in ranges the node accepts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Wallet, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnet } from '../devnet/daemon';
import { waitFor } from '../utxo/walletNode';
import { chainBalance, chainProvider, fundEvm, startEvmNode, units, type EvmNode, type EvmTicker } from './evmWallet';

const LIMIT = 300;
const RANGED = new Set(['trace_filter', 'eth_getLogs']);

interface RpcRequest {
  jsonrpc: '2.0';
  id: unknown;
  method: string;
  params?: unknown[];
}

/** What the proxy saw of the ranged methods: refused and forwarded block counts per method. */
interface RangeLog {
  refused: Record<string, number>;
  widestForwarded: Record<string, number>;
}

/** Blocks a `trace_filter` / `eth_getLogs` request spans, or null when its bounds are not numbers. */
function spanOf(request: RpcRequest): number | null {
  const filter = request.params?.[0] as { fromBlock?: unknown; toBlock?: unknown } | undefined;
  if (typeof filter?.fromBlock !== 'string' || typeof filter.toBlock !== 'string') return null;
  if (!filter.fromBlock.startsWith('0x') || !filter.toBlock.startsWith('0x')) return null;
  return Number(BigInt(filter.toBlock) - BigInt(filter.fromBlock)) + 1;
}

/** A proxy on 127.0.0.1 to `upstream` with a 300-block limit on the ranged methods; batches answered item by item. */
async function rangeLimitedProxy(upstream: string): Promise<{ url: string; log: RangeLog; stop(): Promise<void> }> {
  const log: RangeLog = { refused: {}, widestForwarded: {} };
  const forward = async (request: RpcRequest): Promise<unknown> => {
    const span = RANGED.has(request.method) ? spanOf(request) : null;
    if (span !== null && span > LIMIT) {
      log.refused[request.method] = (log.refused[request.method] ?? 0) + 1;
      return { jsonrpc: '2.0', id: request.id, error: { code: -32602, message: `block range too large, currently limited to ${LIMIT}` } };
    }
    if (span !== null) log.widestForwarded[request.method] = Math.max(log.widestForwarded[request.method] ?? 0, span);
    const reply = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
    return reply.json();
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString()) as RpcRequest | RpcRequest[];
          const answer = Array.isArray(body) ? await Promise.all(body.map(forward)) : await forward(body);
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        } catch (e) {
          res.writeHead(502).end(String(e));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Entry = { tx_hash: string; total_amount: string; my_balance_change: string; spent_by_me: string };

describe('my_tx_history through a node limited to 300-block ranges', () => {
  let provider: JsonRpcProvider;
  let proxy: Awaited<ReturnType<typeof rangeLimitedProxy>>;
  let node: EvmNode;
  let funding: string[];
  const receiver = Wallet.createRandom().address;
  const sent: Partial<Record<EvmTicker, string>> = {};

  async function history(coin: EvmTicker): Promise<{ transactions: Entry[]; sync_status: unknown }> {
    const r = await node.legacy('my_tx_history', { coin, max: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as { transactions: Entry[]; sync_status: unknown };
  }
  const entry = async (coin: EvmTicker, hash: string): Promise<Entry | undefined> =>
    (await history(coin)).transactions.find((t) => t.tx_hash === hash.replace(/^0x/, ''));

  /** Blocks mined on anvil at once, so the next transaction lies more than LIMIT blocks further. */
  const mineGap = () => provider.send('anvil_mine', [`0x${(LIMIT + 200).toString(16)}`]);

  async function send(coin: EvmTicker, amount: string): Promise<void> {
    const r = await node.mmrpc('withdraw', { coin, to: receiver, amount });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const tx = r.body.result as { tx_hash: string; tx_hex: string };
    expect((await node.legacy('send_raw_transaction', { coin, tx_hex: tx.tx_hex })).status).toBe(200);
    await provider.waitForTransaction(`0x${tx.tx_hash}`);
    sent[coin] = tx.tx_hash;
  }

  beforeAll(async () => {
    provider = chainProvider();
    proxy = await rangeLimitedProxy(devnet().evm.rpcUrl);
    node = await startEvmNode('eth history ranges', provider);
    funding = await fundEvm(provider, node.address, { ETHDEV: '4', 'DEVT18-ERC20': '50' });
    await mineGap();
    const urls = [proxy.url];
    expect((await node.enable('ETHDEV', { tx_history: true, urls })).status).toBe(200);
    expect((await node.enable('DEVT18-ERC20', { tx_history: true, urls })).status).toBe(200);
    await send('ETHDEV', '2.5');
    await mineGap();
    await send('DEVT18-ERC20', '5');
  }, 120_000);
  afterAll(async () => {
    await node?.stop();
    await proxy?.stop();
    provider?.destroy();
  });

  it('shows the 2.5 ETHDEV send, the token transfer and the fundings lying more than 300 blocks apart', async () => {
    const ethSend = await waitFor('the 2.5 ETHDEV send in the ETHDEV history', () => entry('ETHDEV', sent.ETHDEV!), 90_000);
    expect(ethSend).toMatchObject({ total_amount: '2.5' });
    const tokenSend = await waitFor('the token transfer in the token history', () => entry('DEVT18-ERC20', sent['DEVT18-ERC20']!), 90_000);
    expect(tokenSend).toMatchObject({ total_amount: '5', my_balance_change: '-5' });
    const tokenGas = await waitFor("the token transfer's gas in the ETHDEV history", () => entry('ETHDEV', sent['DEVT18-ERC20']!), 90_000);
    expect(units('ETHDEV', tokenGas.spent_by_me)).toBeGreaterThan(0n);
    // Read from ranges below the tip that hold the 500 empty blocks: found only by paging further down.
    await waitFor('the funding in the ETHDEV history', () => entry('ETHDEV', funding[0]!), 90_000);
    await waitFor('the funding in the token history', () => entry('DEVT18-ERC20', funding[1]!), 90_000);
    const tip = await provider.getBlockNumber();
    const fundingBlock = (await provider.getTransactionReceipt(funding[0]!))!.blockNumber;
    expect(tip - fundingBlock, 'the wallet history spans more than one accepted range').toBeGreaterThan(2 * LIMIT);
  }, 300_000);

  it('adds up to the chain balances, having been refused and then paged within the limit', async () => {
    for (const coin of ['ETHDEV', 'DEVT18-ERC20'] as const) {
      const { transactions, sync_status } = await history(coin);
      expect(sync_status).toEqual({ state: 'Finished' });
      const sum = transactions.reduce((a, t) => a + units(coin, t.my_balance_change.replace(/^-/, '')) * (t.my_balance_change.startsWith('-') ? -1n : 1n), 0n);
      expect(sum).toBe(await chainBalance(provider, coin, node.address));
    }
    expect(proxy.log.refused.trace_filter, 'trace_filter met the limit').toBeGreaterThan(0);
    expect(proxy.log.refused.eth_getLogs, 'eth_getLogs met the limit').toBeGreaterThan(0);
    expect(proxy.log.widestForwarded.trace_filter).toBeLessThanOrEqual(LIMIT);
    expect(proxy.log.widestForwarded.eth_getLogs).toBeLessThanOrEqual(LIMIT);
  });
});
