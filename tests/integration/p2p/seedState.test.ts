/**
 * The network state a page sees, through the node host's control ops and `p2p_status` events: a
 * seed that is down (unreachable, with why), comes up (connected), and seeds changed while the
 * node runs (the old one dropped, the new one dialled, the node never restarted).
 */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NodeHost } from '../../../src/node/nodeHost';
import { NodeEvents, type P2pStatusData } from '../../../src/shared/wire';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { startSeedNode, type SeedNode } from '../../../tools/seednode/seed';
import { devnet } from '../devnet/daemon';
import { freshPassphrase, RPC_PASSWORD } from '../utxo/walletNode';
import { seedAddr, seedPeerId } from './helpers';

const WAIT = { timeout: 20_000, interval: 50 };
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** A port nothing listens on right now (taken from the OS, then let go). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

async function startHost(seednodes: string[]) {
  const statuses: P2pStatusData[] = [];
  const host = new NodeHost(
    nodePlatform({
      coinsPath: devnet().coinsFile,
      emit: (event, data) => {
        if (event === NodeEvents.p2pStatus) statuses.push(data as P2pStatusData);
      },
    }),
  );
  const started = await host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase: freshPassphrase('seeds'), seednodes } });
  expect(started.status).toBe(200);
  stops.push(() => host.stop());
  const status = async (): Promise<P2pStatusData> => (await host.handleControl({ op: 'p2p_status' })).body as P2pStatusData;
  return { host, statuses, status };
}

describe('seed state and seeds changed at runtime', () => {
  it('down → unreachable with the reason; up → connected; replaced at runtime by another seed', async () => {
    const port = await freePort();
    const local = `/ip4/127.0.0.1/tcp/${port}/ws`;
    const { host, statuses, status } = await startHost([local]);

    // Down: every dial refused, said in words.
    await vi.waitFor(async () => expect((await status()).state).toBe('unreachable'), WAIT);
    const down = await status();
    expect(down).toMatchObject({ peers: 0, netid: 0, seeds: [{ addr: local, state: 'unreachable' }] });
    expect(down.seeds[0]!.error).toMatch(/ECONNREFUSED|refused|closed|failed/i);
    expect(down.seeds[0]!.error).not.toContain('[object');
    expect(statuses.map((s) => s.state)).toContain('unreachable');

    // Up: the same address starts answering (any id, the address has no /p2p/), the node finds it.
    const seed: SeedNode = await startSeedNode({ port });
    stops.push(() => seed.stop());
    await vi.waitFor(async () => expect((await status()).state).toBe('connected'), { timeout: 40_000, interval: 100 });
    // At least the seed (once, in a full run, two peers were counted here: other test files' nodes
    // share 127.0.0.1, and the port was handed out free a moment before).
    const up = await status();
    expect(up).toMatchObject({ seeds: [{ addr: local, state: 'connected' }] });
    expect(up.peers).toBeGreaterThanOrEqual(1);
    expect(statuses.at(-1)?.state).toBe('connected');

    // Changed while running: the devnet's seed replaces the local one, whose connection is closed.
    const changed = await host.handleControl({ op: 'set_seednodes', seednodes: [seedAddr()] });
    expect(changed.status).toBe(200);
    expect((changed.body as P2pStatusData).seeds).toEqual([{ addr: seedAddr(), state: 'connecting' }]);
    // At least the devnet's seed: the whole integration run shares that seed, and a node reached
    // through it may be counted too (seen in a full run: 2 peers).
    await vi.waitFor(
      async () => expect(await status()).toMatchObject({ state: 'connected', netid: 0, seeds: [{ addr: seedAddr(), state: 'connected' }] }),
      WAIT,
    );
    expect((await status()).seeds).toEqual([{ addr: seedAddr(), state: 'connected' }]);
    expect((await status()).peers).toBeGreaterThanOrEqual(1);
    const last = statuses.at(-1)!;
    expect(last.seeds.map((s) => s.addr)).toEqual([seedAddr()]);
    // The node is the same one: still running, its RPC answering.
    expect((await host.handleRpc({ method: 'get_my_peer_id', userpass: RPC_PASSWORD })).status).toBe(200);
    expect(seedPeerId()).not.toBe(seed.peerId);
  });

  it('bad seed lists change nothing; no seeds and no node are told apart', async () => {
    const { host, status } = await startHost([seedAddr()]);
    await vi.waitFor(async () => expect((await status()).state).toBe('connected'), WAIT);
    const before = await status();
    for (const seednodes of [['not a host'], ['/ip4/not-an-ip/tcp/1/ws'], 'x', [42], Array.from({ length: 65 }, () => seedAddr())]) {
      const r = await host.handleControl({ op: 'set_seednodes', seednodes } as never);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect((r.body as { error_type: string }).error_type).toMatch(/InvalidRequest|P2PError/);
    }
    expect(await status()).toEqual(before);

    // An empty list: the network stays up, off (no seeds), until seeds come back.
    expect(((await host.handleControl({ op: 'set_seednodes', seednodes: [] })).body as P2pStatusData).state).toBe('off');
    await host.handleControl({ op: 'set_seednodes', seednodes: [seedAddr()] });
    await vi.waitFor(async () => expect((await status()).state).toBe('connected'), WAIT);

    await host.stop();
    expect(await status()).toEqual({ state: 'off', peers: 0, netid: 0, seeds: [] });
    const notRunning = await host.handleControl({ op: 'set_seednodes', seednodes: [seedAddr()] });
    expect(notRunning).toMatchObject({ status: 503, body: { error_type: 'NotRunning' } });
  });
});
