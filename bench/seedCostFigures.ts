/**
 * What browser nodes cost a seed: the devnet's seed node (tools/seednode) in a process of its own,
 * then NODES node cores' p2p parts in this process, each connected to it, subscribed to one pair
 * and publishing a maker's keep-alive every 30 s (staggered). The seed's CPU time, resident memory,
 * open file descriptors and bytes through its sockets are read from /proc over WINDOW_S, alone and
 * with the nodes, and extrapolated per 1,000 nodes from the difference.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { sleep, terminate } from '../devnet/process';
import { spawnSeedNode } from '../devnet/seednode';
import { encodeOrdermatchMessage } from '../src/node/orders/messages/codec';
import { createP2p, type Libp2pP2p } from '../src/node/p2p/libp2pNode';
import type { Figure } from './run';

const NODES = 100;
const WINDOW_S = 60;
const CONNECT_BATCH = 10;
const CONNECT_TIMEOUT_MS = 180_000;
/** The node's keep-alive period (KDF's MIN_ORDER_KEEP_ALIVE_INTERVAL, orders/core.ts). */
const KEEP_ALIVE_MS = 30_000;
const PAIR = 'RLTC1:RLTC2';
const TOPIC = `orbk/${PAIR}`;
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** One reading of a process from /proc. */
interface ProcSample {
  at: number;
  cpuS: number;
  rssMb: number;
  fds: number;
  /** Bytes read and written through syscalls (sockets included), as /proc/<pid>/io counts them. */
  ioBytes: number;
}

function sample(pid: number): ProcSample {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  const ioField = (name: string): number => Number(new RegExp(`${name}: (\\d+)`).exec(io)?.[1] ?? 0);
  return {
    at: performance.now(),
    cpuS: (Number(fields[11]) + Number(fields[12])) / CLK_TCK,
    rssMb: rssKb / 1024,
    fds: readdirSync(`/proc/${pid}/fd`).length,
    ioBytes: ioField('rchar') + ioField('wchar'),
  };
}

/** CPU (% of one core) and socket bytes per second over `WINDOW_S`, with memory and fds at its end. */
async function windowOf(pid: number): Promise<{ cpuPct: number; bytesPerS: number; end: ProcSample }> {
  const start = sample(pid);
  await sleep(WINDOW_S * 1000);
  const end = sample(pid);
  const s = (end.at - start.at) / 1000;
  return { cpuPct: ((end.cpuS - start.cpuS) / s) * 100, bytesPerS: (end.ioBytes - start.ioBytes) / s, end };
}

/** A maker's keep-alive for the pair, as the orders service publishes it. */
const keepAlive = (): Uint8Array =>
  encodeOrdermatchMessage({ type: 'PubkeyKeepAlive', msg: { trieRoots: new Map([[PAIR, randomBytes(8)]]), timestamp: Math.floor(Date.now() / 1000) } });

async function connectNodes(seed: string, nodes: Libp2pP2p[]): Promise<void> {
  const deadline = Date.now() + CONNECT_TIMEOUT_MS;
  while (nodes.length < NODES) {
    if (Date.now() > deadline) throw new Error(`only ${nodes.length} of ${NODES} nodes connected in time`);
    const batch = await Promise.all(
      Array.from({ length: Math.min(CONNECT_BATCH, NODES - nodes.length) }, () =>
        createP2p({ signingKey: randomBytes(32), seednodes: [seed], allowLoopback: true, webSocket: (url) => new WebSocket(url) as never }),
      ),
    );
    nodes.push(...batch);
    for (const p2p of batch) p2p.subscribe(TOPIC, () => undefined);
  }
}

const round = (x: number): number => Math.round(x * 10) / 10;

export async function seedCostFigures(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-seed-'));
  const seed = await spawnSeedNode(join(dir, 'seednode.log'));
  const nodes: Libp2pP2p[] = [];
  const timers: ReturnType<typeof setTimeout>[] = [];
  try {
    const alone = await windowOf(seed.pid);
    await connectNodes(seed.multiaddr, nodes);
    nodes.forEach((p2p, i) => {
      const publish = (): void => void p2p.publish(TOPIC, keepAlive()).catch(() => undefined);
      timers.push(setTimeout(() => timers.push(setInterval(publish, KEEP_ALIVE_MS)), (i * KEEP_ALIVE_MS) / NODES));
    });
    // Let the meshes form and one round of keep-alives pass before the window.
    await sleep(KEEP_ALIVE_MS);
    const loaded = await windowOf(seed.pid);
    const per1000 = 1000 / NODES;
    const label = `${NODES} p2p nodes on one pair, a keep-alive each per ${KEEP_ALIVE_MS / 1000} s`;
    return [
      { name: `seed CPU, no nodes (% of one core over ${WINDOW_S} s)`, value: round(alone.cpuPct), unit: '%' },
      { name: `seed CPU, ${label} (% of one core over ${WINDOW_S} s)`, value: round(loaded.cpuPct), unit: '%' },
      { name: 'seed CPU per 1,000 nodes, extrapolated from the difference (% of one core)', value: round((loaded.cpuPct - alone.cpuPct) * per1000), unit: '%' },
      { name: 'seed RSS, no nodes', value: round(alone.end.rssMb), unit: 'MB' },
      { name: `seed RSS, ${label}`, value: round(loaded.end.rssMb), unit: 'MB' },
      { name: 'seed RSS per 1,000 nodes, extrapolated from the difference', value: round((loaded.end.rssMb - alone.end.rssMb) * per1000), unit: 'MB' },
      { name: 'seed open file descriptors, no nodes', value: alone.end.fds, unit: 'count' },
      { name: `seed open file descriptors, ${label}`, value: loaded.end.fds, unit: 'count' },
      { name: `seed socket bytes read + written per second, ${label}`, value: Math.round(loaded.bytesPerS), unit: 'B/s' },
      { name: 'seed socket bytes per second per 1,000 nodes, extrapolated from the difference', value: Math.round((loaded.bytesPerS - alone.bytesPerS) * per1000), unit: 'B/s' },
    ];
  } finally {
    for (const t of timers) clearInterval(t);
    await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
    await terminate(seed.process, 'SIGTERM', 5_000);
    rmSync(dir, { recursive: true, force: true });
  }
}
