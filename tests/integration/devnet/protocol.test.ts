/**
 * Conformance of the devnet's Electrum server with protocol 1.4 as ElectrumX speaks it: session
 * rules, errors, batches, headers and fees, each result cross-checked against litecoind.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daemon, devnet } from './daemon';
import { ElectrumError, TestClient } from './electrumClient';

const chain1 = daemon('chain1');
const url = devnet().chains[0]!.electrum[0]!.url;

const sha256d = (b: Buffer): Buffer => createHash('sha256').update(createHash('sha256').update(b).digest()).digest();
const headerAt = async (height: number): Promise<string> =>
  chain1.call<string>('getblockheader', [await chain1.call<string>('getblockhash', [height]), false]);

describe('session rules', () => {
  it('answers a first message other than server.version with error 1, then closes', async () => {
    const c = await TestClient.connect(url, false);
    await expect(c.request('server.ping')).rejects.toMatchObject({ code: 1 });
    expect(await c.closed).toBeGreaterThan(0);
  });

  it('negotiates 1.4 from a range, and accepts server.version only once', async () => {
    const c = await TestClient.connect(url, false);
    const [name, version] = await c.request<[string, string]>('server.version', ['test', ['1.2', '1.4']]);
    expect(version).toBe('1.4');
    expect(name).toMatch(/\S/);
    await expect(c.request('server.version', ['test', '1.4'])).rejects.toMatchObject({ code: 1 });
    expect(await c.request('server.ping')).toBeNull();
    c.close();
  });

  it('accepts a single version string or none', async () => {
    for (const params of [['test', '1.4'], ['test'], { client_name: 'test', protocol_version: ['1.4', '1.4.2'] }]) {
      const c = await TestClient.connect(url, false);
      expect((await c.request<string[]>('server.version', params))[1]).toBe('1.4');
      c.close();
    }
  });

  it('refuses a protocol range it does not speak, and closes', async () => {
    for (const range of [['1.5', '1.6'], '1.2']) {
      const c = await TestClient.connect(url, false);
      const error = await c.request('server.version', ['test', range]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ElectrumError);
      expect((error as ElectrumError).message).toMatch(/unsupported protocol version/);
      expect(await c.closed).toBeGreaterThan(0);
    }
  });
});

describe('errors and framing', () => {
  let c: TestClient;
  beforeAll(async () => (c = await TestClient.connect(url)));
  afterAll(() => c.close());

  it('rejects an unknown method with -32601', async () => {
    await expect(c.request('blockchain.no_such_method')).rejects.toMatchObject({ code: -32601, message: expect.stringContaining('unknown method') });
  });

  it('rejects bad params with -32602', async () => {
    const cases: [string, unknown][] = [
      ['blockchain.scripthash.get_balance', ['xyz']],
      ['blockchain.scripthash.get_balance', []],
      ['blockchain.block.header', ['one']],
      ['blockchain.block.header', [-1]],
      ['blockchain.transaction.get', ['00'.repeat(32), 'yes']],
      ['blockchain.transaction.broadcast', ['not hex']],
      ['server.ping', [1]],
      ['blockchain.block.header', { heigth: 1 }],
    ];
    for (const [method, params] of cases) {
      await expect(c.request(method, params), `${method} ${JSON.stringify(params)}`).rejects.toMatchObject({ code: -32602 });
    }
  });

  it('accepts named parameters', async () => {
    expect(await c.request('blockchain.block.header', { height: 1 })).toBe(await headerAt(1));
  });

  it('answers a batch with an array of replies in one frame', async () => {
    c.send([
      { jsonrpc: '2.0', id: 'a', method: 'server.ping', params: [] },
      { jsonrpc: '2.0', id: 'b', method: 'blockchain.block.header', params: [0] },
      { jsonrpc: '2.0', id: 'c', method: 'no.such.method', params: [] },
      { jsonrpc: '2.0', method: 'server.ping', params: [] }, // a notification: no reply
    ]);
    const replies = await c.frame<{ id: string; result?: unknown; error?: { code: number } }[]>(Array.isArray);
    expect(replies.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(replies[0]!.result).toBeNull();
    expect(replies[1]!.result).toBe(await headerAt(0));
    expect(replies[2]!.error?.code).toBe(-32601);
  });

  it('answers unparseable JSON with -32700 and keeps the session', async () => {
    c.sendText('{"id": 1, "method":');
    const reply = await c.frame<{ id: null; error: { code: number } }>((f) => (f as { error?: unknown }).error !== undefined);
    expect(reply).toMatchObject({ id: null, error: { code: -32700 } });
    c.send('"just a string"');
    expect(await c.frame((f) => (f as { error?: { code: number } }).error?.code === -32600)).toBeTruthy();
    expect(await c.request('server.ping')).toBeNull();
  });
});

describe('server information', () => {
  let c: TestClient;
  beforeAll(async () => (c = await TestClient.connect(url)));
  afterAll(() => c.close());

  it('server.features names the chain and the protocol range', async () => {
    const features = await c.request<Record<string, unknown>>('server.features');
    expect(features).toMatchObject({
      genesis_hash: await chain1.call('getblockhash', [0]),
      hash_function: 'sha256',
      protocol_min: '1.4',
      protocol_max: '1.4',
      pruning: null,
      hosts: {},
    });
    expect(typeof features.server_version).toBe('string');
  });

  it('server.banner, server.ping, mempool.get_fee_histogram', async () => {
    expect(typeof (await c.request('server.banner'))).toBe('string');
    expect(await c.request('server.ping')).toBeNull();
    expect(await c.request('mempool.get_fee_histogram')).toEqual([]);
  });

  it('fees: estimatefee answers -1 (the devnet runs its servers with estimates off), relayfee from the daemon', async () => {
    expect(await c.request('blockchain.estimatefee', [2])).toBe(-1);
    expect(await c.request('blockchain.estimatefee', [2, 'economical'])).toBe(-1);
    await expect(c.request('blockchain.estimatefee', [2, 'BOGUS'])).rejects.toMatchObject({ code: 1 });
    const { relayfee } = await chain1.call<{ relayfee: number }>('getnetworkinfo');
    expect(await c.request('blockchain.relayfee')).toBe(relayfee);
  });
});

describe('headers', () => {
  let c: TestClient;
  beforeAll(async () => (c = await TestClient.connect(url)));
  afterAll(() => c.close());

  it('headers.subscribe returns the tip and notifies each new block', async () => {
    const tip = await c.request<{ height: number; hex: string }>('blockchain.headers.subscribe');
    expect(tip.hex).toBe(await headerAt(tip.height));
    await chain1.mine(1);
    const [next] = await c.notification<[{ height: number; hex: string }]>('blockchain.headers.subscribe', ([h]) => h.height > tip.height);
    expect(next.hex).toBe(await headerAt(next.height));
    expect(next.hex.length).toBe(160);
  });

  it('block.header and block.headers return the daemon headers', async () => {
    expect(await c.request('blockchain.block.header', [5])).toBe(await headerAt(5));
    const chunk = await c.request<{ count: number; hex: string; max: number }>('blockchain.block.headers', [3, 4]);
    expect(chunk).toEqual({ count: 4, max: 2016, hex: (await Promise.all([3, 4, 5, 6].map(headerAt))).join('') });
    const { height } = await c.request<{ height: number }>('blockchain.headers.subscribe');
    const tail = await c.request<{ count: number }>('blockchain.block.headers', [height - 1, 50]);
    expect(tail.count).toBeGreaterThanOrEqual(2); // only what exists (blocks keep coming)
    expect(tail.count).toBeLessThan(50);
    await expect(c.request('blockchain.block.header', [height + 1_000])).rejects.toMatchObject({ code: 1 });
  });

  it('cp_height proofs fold to the merkle root of the header hashes', async () => {
    const cp = 10;
    const hashes = await Promise.all(Array.from({ length: cp + 1 }, (_, h) => chain1.call<string>('getblockhash', [h])));
    let level: Buffer[] = hashes.map((h) => Buffer.from(h, 'hex').reverse());
    while (level.length > 1) {
      if (level.length % 2) level.push(level.at(-1)!);
      level = Array.from({ length: level.length / 2 }, (_, i) => sha256d(Buffer.concat([level[2 * i]!, level[2 * i + 1]!])));
    }
    const root = Buffer.from(level[0]!).reverse().toString('hex');

    const proof = await c.request<{ header: string; branch: string[]; root: string }>('blockchain.block.header', [6, cp]);
    expect(proof.header).toBe(await headerAt(6));
    expect(proof.root).toBe(root);
    let node: Buffer = sha256d(Buffer.from(proof.header, 'hex'));
    proof.branch.forEach((sibling, level) => {
      const s = Buffer.from(sibling, 'hex').reverse();
      node = sha256d((6 >> level) & 1 ? Buffer.concat([s, node]) : Buffer.concat([node, s]));
    });
    expect(Buffer.from(node).reverse().toString('hex')).toBe(root);

    const chunk = await c.request<{ root: string; branch: string[] }>('blockchain.block.headers', [2, 5, cp]);
    expect(chunk.root).toBe(root);
    await expect(c.request('blockchain.block.header', [6, 5])).rejects.toMatchObject({ code: 1 });
  });
});
