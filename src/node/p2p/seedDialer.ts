/**
 * Keeps the node connected to its seeds, forever: each seed has its own loop that dials, waits
 * for the connection to close, and dials again, backing off (with jitter, up to MAX_RETRY_MS)
 * while a seed is unreachable. Loops run in the background, so a dead seed never blocks start-up
 * or the other seeds. The list can change while the node runs (`setSeeds`): a new seed gets its
 * loop, a removed one loses its loop and its connection, the others are left alone.
 *
 * Each seed's state (connecting / connected / unreachable with the dial error in words) is kept
 * for the page, which is told through `onChange` whenever one changes.
 *
 * A seed's identity: a multiaddr ending in `/p2p/<id>` pins it, and a seed answering under
 * another id is refused (that is what the pin is for; a seed keeps its id across restarts with its
 * key file). A multiaddr without `/p2p/` trusts the address: whichever id answers there is the
 * seed, so a seed that restarted with a new identity is reconnected to and known as a seed again.
 */
import type { Connection, Libp2p } from '@libp2p/interface';
import type { Multiaddr } from '@multiformats/multiaddr';
import type { SeedStatusData } from '../../shared/wire';
import { once, sleep } from './abort';
import { errorMessage, p2pError } from './errors';

export const FIRST_RETRY_MS = 500;
export const MAX_RETRY_MS = 30_000;

/**
 * A browser's WebSocket fails with a bare `error` event and, on purpose, no reason (errorMessage
 * renders it "error event"): the page gets the likely causes instead.
 */
const WEBSOCKET_GIVES_NO_REASON =
  'the WebSocket connection failed (the browser gives no reason: the seed may be down, its address or port wrong, or its wss certificate refused)';

/** Why a dial failed, in words a user can act on. */
export function dialFailure(e: unknown): string {
  return errorMessage(e).replace(/\berror event\b/g, WEBSOCKET_GIVES_NO_REASON);
}

export type P2pLog = (level: 'debug' | 'info' | 'warn' | 'error', line: string) => void;

interface SeedLoop {
  readonly addr: Multiaddr;
  /** Aborts when the node stops or the seed is removed. */
  readonly ctrl: AbortController;
  /** The peer id pinned by the multiaddr's `/p2p/` part, if any. */
  readonly pinnedId: string | undefined;
  /** The peer id that last answered at the address. */
  answeredId: string | undefined;
  status: SeedStatusData;
}

export class SeedDialer {
  /** The current seeds by multiaddr, in the order they were given. */
  private readonly loops = new Map<string, SeedLoop>();
  /** Loops not yet ended: the current seeds' and removed seeds' until they have wound down. */
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly libp2p: Libp2p,
    /** The node's life: every loop ends when it aborts. */
    private readonly signal: AbortSignal,
    private readonly log: P2pLog,
    private readonly onChange: () => void,
  ) {}

  /** Makes `seeds` the seed list: dials the new ones, drops the removed ones, keeps the rest as they are. */
  setSeeds(seeds: readonly Multiaddr[]): void {
    if (this.signal.aborted) throw p2pError('p2p is stopped');
    const wanted = new Map(seeds.map((s) => [s.toString(), s]));
    for (const [key, loop] of this.loops) if (!wanted.has(key)) this.drop(key, loop);
    for (const [key, addr] of wanted) if (!this.loops.has(key)) this.add(key, addr);
    this.onChange();
  }

  /** Each seed's state, in list order. */
  get seeds(): SeedStatusData[] {
    return [...this.loops.values()].map((l) => ({ ...l.status }));
  }

  /** Whether `peerId` is one of the current seeds (pinned, or the id that answered at a seed's address). */
  isSeed(peerId: string): boolean {
    for (const l of this.loops.values()) if (l.pinnedId === peerId || l.answeredId === peerId) return true;
    return false;
  }

  /** Settles once every loop has ended (they end when the node's signal aborts). */
  async ended(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private add(key: string, addr: Multiaddr): void {
    const ctrl = new AbortController();
    const onStop = (): void => ctrl.abort(this.signal.reason);
    this.signal.addEventListener('abort', onStop, { once: true });
    const pinnedId = addr.getComponents().find((c) => c.name === 'p2p')?.value;
    const loop: SeedLoop = { addr, ctrl, pinnedId, answeredId: undefined, status: { addr: key, state: 'connecting' } };
    this.loops.set(key, loop);
    const done: Promise<void> = this.keepConnected(loop).finally(() => {
      this.signal.removeEventListener('abort', onStop);
      this.running.delete(done);
    });
    this.running.add(done);
  }

  private drop(key: string, loop: SeedLoop): void {
    this.loops.delete(key);
    loop.ctrl.abort(p2pError(`seed ${key} removed`));
    this.hangUpIfNoSeed(loop);
  }

  /** Closes the connection to a removed seed's peer, unless another seed answers under the same id. */
  private hangUpIfNoSeed(loop: SeedLoop): void {
    const peer = this.libp2p.getPeers().find((p) => {
      const id = p.toString();
      return (id === loop.answeredId || id === loop.pinnedId) && !this.isSeed(id);
    });
    if (!peer) return;
    this.log('info', `p2p: dropping seed ${loop.addr.toString()}`);
    this.libp2p.hangUp(peer).catch((e: unknown) => this.log('debug', `p2p: cannot hang up on ${peer.toString()}: ${errorMessage(e)}`));
  }

  private setStatus(loop: SeedLoop, status: SeedStatusData): void {
    if (loop.status.state === status.state && loop.status.error === status.error) return;
    loop.status = status;
    if (this.loops.get(status.addr) === loop) this.onChange();
  }

  private async keepConnected(loop: SeedLoop): Promise<void> {
    const { addr } = loop;
    const { signal } = loop.ctrl;
    const key = addr.toString();
    let delay = FIRST_RETRY_MS;
    let failures = 0;
    while (!signal.aborted) {
      try {
        const conn: Connection = await this.libp2p.dial(addr, { signal });
        loop.answeredId = conn.remotePeer.toString();
        // Removed while the dial was finishing: the drop found no connection to close yet.
        if (signal.aborted) return this.hangUpIfNoSeed(loop);
        this.log('info', `p2p: connected to seed ${key} (${loop.answeredId})`);
        this.setStatus(loop, { addr: key, state: 'connected' });
        delay = FIRST_RETRY_MS;
        failures = 0;
        await once(conn, 'close', signal);
        if (signal.aborted) return;
        this.log('warn', `p2p: lost seed ${key}`);
        this.setStatus(loop, { addr: key, state: 'connecting' });
      } catch (e) {
        if (signal.aborted) return;
        const error = dialFailure(e);
        this.setStatus(loop, { addr: key, state: 'unreachable', error });
        // The first failure and then every tenth: a seed down for hours should not flood the log.
        if (failures++ % 10 === 0) this.log('warn', `p2p: cannot reach seed ${key}: ${error}`);
      }
      await sleep(delay * (0.8 + 0.4 * Math.random()), signal);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    }
  }
}
