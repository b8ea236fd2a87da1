/**
 * `set_seednodes` on a node started without seeds: it starts p2p with that list (loopback allowed
 * only when every new seed is on this machine), with the orders service behind it; two changes at
 * once make one network; a stop while joining leaves nothing running. The seeds are closed ports on
 * 127.0.0.1, so nothing outside the machine is dialled.
 */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NodeEvents, type P2pStatusData } from '../../../../src/shared/wire';
import { RPC_PASSWORD, testHost, type TestNode } from '../testNode';

const WAIT = { timeout: 15_000, interval: 50 };
const hosts: TestNode[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((t) => t.host.stop()));
});

/** A ws address on 127.0.0.1 where nothing listens (a port taken from the OS, then let go). */
async function closedSeed(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return `/ip4/127.0.0.1/tcp/${port}/ws`;
}

async function noSeedNode() {
  const t = testHost();
  hosts.push(t);
  const node = await t.host.start({ rpc_password: RPC_PASSWORD, passphrase: 'late join passphrase' });
  const setSeeds = (seednodes: string[]) => t.host.handleControl({ op: 'set_seednodes', seednodes });
  const status = async (): Promise<P2pStatusData> => (await t.host.handleControl({ op: 'p2p_status' })).body as P2pStatusData;
  const setprice = () => t.host.handleRpc({ method: 'setprice', userpass: RPC_PASSWORD, base: 'RLTC1', rel: 'RLTC2', price: '1', volume: '1' });
  return { t, node, setSeeds, status, setprice };
}

describe('set_seednodes on a node started without seeds', () => {
  it('starts p2p and the orders service with the new list; loopback follows that list', async () => {
    const { t, node, setSeeds, status, setprice } = await noSeedNode();
    expect(node.p2p).toBeNull();
    expect(((await setprice()).body as { error: string }).error).toMatch(/Orders are not available/);

    const seed = await closedSeed();
    const reply = await setSeeds([seed]);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ netid: 0, seeds: [{ addr: seed }] });
    expect((reply.body as P2pStatusData).state).not.toBe('off');
    expect(node.p2p).not.toBeNull();

    // Dialled for real (refused by the closed port), not denied by the gater: loopback is allowed.
    await vi.waitFor(async () => expect((await status()).state).toBe('unreachable'), WAIT);
    expect((await status()).seeds[0]!.error).toMatch(/ECONNREFUSED|refused/i);
    const events = t.events.filter((e) => e.event === NodeEvents.p2pStatus).map((e) => (e.data as P2pStatusData).state);
    expect(events).toContain('unreachable');
    expect(events).not.toContain('off');

    // The orders service answers now: the refusal is about the coins, not a missing network.
    const placed = await setprice();
    expect(placed.status).toBeGreaterThanOrEqual(400);
    expect((placed.body as { error: string }).error).not.toMatch(/Orders are not available/);
  });

  it('two changes at once join one network, which ends with the later list', async () => {
    const { node, setSeeds, status } = await noSeedNode();
    const [first, second] = [await closedSeed(), await closedSeed()];
    const replies = await Promise.all([setSeeds([first]), setSeeds([second])]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const p2p = node.p2p;
    expect(p2p).not.toBeNull();
    expect((await status()).seeds.map((s) => s.addr)).toEqual([second]);
    await setSeeds([first, second]);
    expect(node.p2p).toBe(p2p);
    expect((await status()).seeds.map((s) => s.addr).sort()).toEqual([first, second].sort());
  });

  it('a list that cannot be used changes nothing; an empty one starts nothing', async () => {
    const { node, setSeeds, status, setprice } = await noSeedNode();
    for (const seednodes of [['/ip4/not-an-ip/tcp/1/ws'], ['not a host!'], ['/ip4/127.0.0.1/tcp/1/ws', 'bad host!']]) {
      const r = await setSeeds(seednodes);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect((r.body as { error_type: string }).error_type).toMatch(/P2PError|InvalidRequest/);
    }
    expect(await setSeeds([])).toMatchObject({ status: 200, body: { state: 'off', seeds: [] } });
    expect(node.p2p).toBeNull();
    expect(await status()).toEqual({ state: 'off', peers: 0, netid: 0, seeds: [] });
    expect(((await setprice()).body as { error: string }).error).toMatch(/Orders are not available/);
  });

  it('a stop while joining leaves no network behind', async () => {
    const { t, node, setSeeds } = await noSeedNode();
    const joining = setSeeds([await closedSeed()]);
    await t.host.stop();
    // The stop waited for the join, took its network down and the change is refused.
    const reply = await joining;
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect((reply.body as { error_type: string; error: string }).error_type).toBe('P2PError');
    expect(node.p2p).toBeNull();
    const after = await t.host.handleControl({ op: 'set_seednodes', seednodes: [await closedSeed()] });
    expect(after).toMatchObject({ status: 503, body: { error_type: 'NotRunning' } });
  });
});
