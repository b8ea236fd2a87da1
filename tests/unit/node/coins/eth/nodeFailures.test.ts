/**
 * Which EVM RPC nodes an activation could not use, and why, typed in the task error's
 * `error_data.nodes`: against local HTTP servers that refuse, answer HTTP errors, answer HTML,
 * answer JSON-RPC errors, answer garbage for a chain id, or serve another chain.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyNodeError, nodeFailuresOf, NodesFailedError } from '../../../../../src/node/coins/eth/nodeFailures';
import { EthProvider } from '../../../../../src/node/coins/eth/provider';
import { coinError } from '../../../../../src/node/coins/coinErrors';
import { RPC_PASSWORD, startedNode, type TestNode } from '../../testNode';

const servers: Server[] = [];

async function serve(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A JSON-RPC node answering every call with `answer` (an object merged beside `jsonrpc` and `id`). */
function rpcNode(answer: Record<string, unknown>): Promise<string> {
  return serve((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: number };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id, ...answer }));
    });
  });
}

async function deadUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

let dead: string;
let notFound: string;
let html: string;
let rpcError: string;
let garbageChainId: string;
let otherChain: string;

beforeAll(async () => {
  dead = await deadUrl();
  notFound = await serve((_, res) => {
    res.statusCode = 404;
    res.end('<h1>Not Found</h1>');
  });
  html = await serve((_, res) => {
    res.setHeader('content-type', 'text/html');
    res.end('<html><body>hello</body></html>');
  });
  rpcError = await rpcNode({ error: { code: -32601, message: 'Method not found' } });
  garbageChainId = await rpcNode({ result: { not: 'a chain id' } });
  otherChain = await rpcNode({ result: '0x1' });
});

afterAll(async () => {
  for (const s of servers) await new Promise<void>((r) => s.close(() => r()));
});

describe('EthProvider: each node that failed, typed', () => {
  it('records refused, HTTP-status and non-JSON nodes in a Transport error', async () => {
    const provider = new EthProvider({ urls: [dead, notFound, html], chainId: 31337 });
    const error = (await provider.send('eth_blockNumber', []).catch((e: unknown) => e)) as NodesFailedError;
    provider.destroy();
    expect(error).toBeInstanceOf(NodesFailedError);
    expect(error).toMatchObject({ errorType: 'Transport', httpStatus: 502 });
    expect(error.message).toMatch(/^Transport error: eth_blockNumber: no node answered \(/);
    expect(error.nodes.map((n) => [n.url, n.reason])).toEqual([
      [dead, 'unreachable'],
      [notFound, 'http_status'],
      [html, 'not_evm_node'],
    ]);
    expect(error.nodes[1]?.error).toBe('HTTP 404 Not Found');
  });

  it('a probe skips a node that answers a JSON-RPC error and names it; a plain call does not', async () => {
    const provider = new EthProvider({ urls: [rpcError, otherChain], chainId: 31337 });
    const answer = await provider.probe<string>('eth_chainId');
    expect(answer).toEqual({
      result: '0x1',
      url: otherChain,
      skipped: [{ url: rpcError, reason: 'not_evm_node', error: 'eth_chainId: Method not found' }],
    });
    const plain = new EthProvider({ urls: [rpcError, otherChain], chainId: 31337 });
    await expect(plain.send('eth_chainId', [])).rejects.toMatchObject({ errorType: 'Transport', rpc: { code: -32601 } });
    provider.destroy();
    plain.destroy();
  });

  it('classifies a timeout, and finds the list along a cause chain', () => {
    expect(classifyNodeError('http://n', { code: 'TIMEOUT' }, 'request timeout')).toEqual({ url: 'http://n', reason: 'timeout', error: 'request timeout' });
    expect(classifyNodeError('http://n', new TypeError('Failed to fetch'), 'Failed to fetch').reason).toBe('unreachable');
    const nodes = [{ url: 'http://n', reason: 'timeout' as const, error: 'x' }];
    const wrapped = coinError.unreachableNodes('outer', new NodesFailedError('inner', nodes));
    expect(nodeFailuresOf(wrapped)).toBe(nodes);
    expect(nodeFailuresOf(new Error('plain'))).toBeUndefined();
  });
});

describe('task::enable_eth: error_data.nodes', () => {
  let t: TestNode;

  beforeAll(async () => {
    t = await startedNode();
  });
  afterAll(async () => {
    await t.host.handleControl({ op: 'stop' });
  });

  async function rpc(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const reply = await t.host.handleRpc({ userpass: RPC_PASSWORD, mmrpc: '2.0', method, params });
    return reply.body as Record<string, unknown>;
  }

  async function failedActivation(nodes: string[]): Promise<{ error_type: string; error_data: { ticker: string; error: string; nodes: unknown[] } }> {
    const init = (await rpc('task::enable_eth::init', {
      ticker: 'ETHDEV',
      nodes: nodes.map((url) => ({ url })),
      swap_contract_address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      erc20_tokens_requests: [],
    })) as { result: { task_id: number } };
    for (let i = 0; i < 200; i++) {
      const s = (await rpc('task::enable_eth::status', { task_id: init.result.task_id })) as { result: { status: string; details: unknown } };
      if (s.result.status === 'Error') return s.result.details as never;
      if (s.result.status === 'Ok') throw new Error('the activation succeeded');
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the activation did not end');
  }

  it('lists every node that did not answer as an EVM node, and activates nothing', async () => {
    const details = await failedActivation([dead, notFound, html, rpcError]);
    expect(details.error_type).toBe('PlatformCoinCreationError');
    expect(details.error_data.ticker).toBe('ETHDEV');
    expect(details.error_data.error).toMatch(/^Failed to connect to the nodes of ETHDEV: Transport error: eth_chainId: no node answered/);
    expect(details.error_data.nodes).toEqual([
      { url: dead, reason: 'unreachable', error: expect.any(String) as string },
      { url: notFound, reason: 'http_status', error: 'HTTP 404 Not Found' },
      { url: html, reason: 'not_evm_node', error: expect.any(String) as string },
      { url: rpcError, reason: 'not_evm_node', error: 'eth_chainId: Method not found' },
    ]);
    const enabled = (await t.host.handleRpc({ userpass: RPC_PASSWORD, method: 'get_enabled_coins' })).body;
    expect(enabled).toEqual({ result: [] });
  });

  it('names the node of another chain and the one that answered no chain id', async () => {
    const wrong = await failedActivation([dead, otherChain]);
    expect(wrong.error_type).toBe('PlatformCoinCreationError');
    expect(wrong.error_data.error).toBe('The nodes of ETHDEV serve chain id 1, but the coins config says 31337');
    expect(wrong.error_data.nodes).toEqual([
      { url: dead, reason: 'unreachable', error: expect.any(String) as string },
      { url: otherChain, reason: 'wrong_chain', error: 'serve chain id 1, but the coins config says 31337' },
    ]);
    const garbage = await failedActivation([garbageChainId]);
    expect(garbage.error_data.nodes).toEqual([{ url: garbageChainId, reason: 'not_evm_node', error: 'answered eth_chainId with {"not":"a chain id"}, not a chain id' }]);
    expect((await t.host.handleRpc({ userpass: RPC_PASSWORD, method: 'get_enabled_coins' })).body).toEqual({ result: [] });
  });
});
