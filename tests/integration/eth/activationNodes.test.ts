/**
 * `task::enable_eth` on the devnet with RPC nodes that cannot be used: a closed port and an HTTP
 * server that is no EVM node are listed with their reasons in `error_data.nodes`, nothing is
 * activated, and the devnet's anvil then activates the coin as usual.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnet } from '../devnet/daemon';
import { waitFor } from '../utxo/walletNode';
import { chainProvider, startEvmNode, SWAP_CONTRACT, type EvmNode } from './evmWallet';

async function closedPortUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

describe('task::enable_eth: which RPC nodes failed, and why', () => {
  let provider: JsonRpcProvider;
  let node: EvmNode;
  let webServer: Server;
  let webUrl: string;

  beforeAll(async () => {
    provider = chainProvider();
    node = await startEvmNode('eth activation nodes', provider, { ETHDEV: '1' });
    webServer = createServer((_, res) => {
      res.setHeader('content-type', 'text/html');
      res.end('<!doctype html><title>A web page</title>');
    });
    await new Promise<void>((r) => webServer.listen(0, '127.0.0.1', r));
    webUrl = `http://127.0.0.1:${(webServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await node.stop();
    provider.destroy();
    await new Promise<void>((r) => webServer.close(() => r()));
  });

  async function activation(urls: string[]): Promise<{ status: string; details: Record<string, unknown> }> {
    const init = await node.mmrpc('task::enable_eth::init', {
      ticker: 'ETHDEV',
      nodes: urls.map((url) => ({ url })),
      swap_contract_address: SWAP_CONTRACT,
      erc20_tokens_requests: [],
    });
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const taskId = (init.body.result as { task_id: number }).task_id;
    return waitFor('the activation task to end', async () => {
      const s = (await node.mmrpc('task::enable_eth::status', { task_id: taskId })).body.result as { status: string; details: Record<string, unknown> };
      return s.status === 'Ok' || s.status === 'Error' ? s : undefined;
    });
  }

  it('lists a closed port and a web server with their reasons, and activates nothing', async () => {
    const closed = await closedPortUrl();
    const final = await activation([closed, webUrl]);
    expect(final.status).toBe('Error');
    expect(final.details).toMatchObject({
      error_type: 'PlatformCoinCreationError',
      error_data: {
        ticker: 'ETHDEV',
        nodes: [
          { url: closed, reason: 'unreachable', error: expect.stringContaining('ECONNREFUSED') as string },
          { url: webUrl, reason: 'not_evm_node', error: expect.any(String) as string },
        ],
      },
    });
    expect((await node.legacy('get_enabled_coins')).body).toEqual({ result: [] });
  });

  it('activates through the same failed nodes once the devnet node is among them', async () => {
    const final = await activation([await closedPortUrl(), webUrl, devnet().evm.rpcUrl]);
    expect(final.status, JSON.stringify(final.details)).toBe('Ok');
    expect(final.details).toMatchObject({ eth_addresses_infos: { [node.address]: { balances: { spendable: '1', unspendable: '0' } } } });
    expect((await node.legacy('get_enabled_coins')).body).toEqual({ result: [{ ticker: 'ETHDEV', address: node.address }] });
  });
});
