import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EthProvider, NodeRpcError } from '../../../../../src/node/coins/eth/provider';
import { MmError } from '../../../../../src/node/core/errors';

interface RpcRequest {
  id: number;
  method: string;
}

/** A JSON-RPC server answering each request with `answer` (batches too), counting requests. */
async function rpcServer(answer: (req: RpcRequest) => Record<string, unknown> | 'http500'): Promise<{ url: string; hits: string[]; server: Server }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as RpcRequest | RpcRequest[];
      const list = Array.isArray(parsed) ? parsed : [parsed];
      hits.push(...list.map((r) => r.method));
      const answers = list.map((r) => answer(r));
      if (answers.includes('http500')) {
        res.statusCode = 500;
        res.end('internal');
        return;
      }
      const out = list.map((r, i) => ({ jsonrpc: '2.0', id: r.id, ...(answers[i] as object) }));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(parsed) ? out : out[0]));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

/** A port nothing listens on. */
async function deadUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

describe('EthProvider', () => {
  const servers: Server[] = [];
  let good: Awaited<ReturnType<typeof rpcServer>>;
  let other: Awaited<ReturnType<typeof rpcServer>>;
  let broken: Awaited<ReturnType<typeof rpcServer>>;
  let dead: string;
  const answer = (req: RpcRequest) =>
    req.method === 'eth_revert' ? { error: { code: 3, message: 'execution reverted: no' } } : { result: '0x7a69' };

  beforeAll(async () => {
    good = await rpcServer(answer);
    other = await rpcServer(answer);
    broken = await rpcServer(() => 'http500');
    servers.push(good.server, other.server, broken.server);
    dead = await deadUrl();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  });

  it('skips a dead first node, then keeps asking the one that answered', async () => {
    const p = new EthProvider({ urls: [dead, good.url], chainId: 31337 });
    expect(await p.send('eth_chainId', [])).toBe('0x7a69');
    expect(p.callCount).toBe(2);
    expect(await p.send('eth_blockNumber', [])).toBe('0x7a69');
    expect(p.callCount).toBe(3);
    p.destroy();
  });

  it('fails over from a node answering HTTP 500', async () => {
    const p = new EthProvider({ urls: [broken.url, good.url], chainId: 31337 });
    expect(await p.send('eth_chainId', [])).toBe('0x7a69');
    expect(broken.hits).toContain('eth_chainId');
    p.destroy();
  });

  it('takes a JSON-RPC error as the answer: no fail-over, NodeRpcError with the node text', async () => {
    const p = new EthProvider({ urls: [good.url, other.url], chainId: 31337 });
    const error = await p.send('eth_revert', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeRpcError);
    expect(error).toMatchObject({ errorType: 'Transport', httpStatus: 502, rpc: { code: 3, message: 'execution reverted: no' } });
    expect(other.hits).not.toContain('eth_revert');
    p.destroy();
  });

  it('reports Transport naming every node when none answers', async () => {
    const p = new EthProvider({ urls: [dead, broken.url], chainId: 31337 });
    const error = await p.send('eth_chainId', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MmError);
    expect(error).not.toBeInstanceOf(NodeRpcError);
    expect(error).toMatchObject({ errorType: 'Transport', httpStatus: 502 });
    expect((error as MmError).message).toContain(dead);
    expect((error as MmError).message).toContain(broken.url);
    p.destroy();
  });
});
