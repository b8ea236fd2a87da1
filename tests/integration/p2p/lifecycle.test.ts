/**
 * Start-up with a dead seed beside a live one, and stop(): connections closed, calls refused with
 * P2PError, and no sockets or timers left behind in the process.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MmError } from '../../../src/node/errors';
import { bytes, seedAddr, seedPeerId, startNode, stopAll, WAIT } from './helpers';

afterEach(stopAll);

/** Sockets and timers of this process (stdio pipes and the like excluded). */
const handles = (): string[] =>
  process.getActiveResourcesInfo().filter((r) => /TCP|Timeout|Immediate|WebSocket/i.test(r)).sort();

/** The handles in `now` beyond those in `before`, counted per kind: what was started and never ended. */
function added(before: readonly string[], now: readonly string[]): string[] {
  const left = [...before];
  return now.filter((h) => {
    const i = left.indexOf(h);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

describe('p2p lifecycle', () => {
  it('a dead seed does not keep the node from its live one', async () => {
    const n = await startNode([`/ip4/127.0.0.1/tcp/9/ws/p2p/${seedPeerId()}`, seedAddr()]);
    await vi.waitFor(() => expect(n.p2p.connectedPeers()).toEqual([seedPeerId()]), WAIT);
  });

  it('stop() closes everything and leaves nothing running', async () => {
    await new Promise((r) => setTimeout(r, 50));
    const before = handles();
    const n = await startNode();
    n.p2p.subscribe('orbk/A:B', () => undefined);
    await vi.waitFor(() => expect(n.p2p.connectedPeers()).toEqual([seedPeerId()]), WAIT);
    expect(await n.p2p.request(bytes(1))).toBeNull();

    await n.p2p.stop();
    await n.p2p.stop(); // twice is fine
    expect(n.p2p.connectedPeers()).toEqual([]);
    await expect(n.p2p.publish('orbk/A:B', bytes(1))).rejects.toMatchObject({ errorType: 'P2PError' });
    expect(() => n.p2p.subscribe('orbk/A:B', () => undefined)).toThrow(MmError);
    // js-libp2p leaves two one-shot timers of ≤ 1 s (gossipsub's next heartbeat, the address
    // manager's debounce) that fire once and end; nothing of ours outlives stop(). Timers of the
    // previous test's node may end meanwhile too, so only handles beyond `before` count; the wait is
    // long enough for a one-shot timer to fire on a loaded machine, while an interval never would.
    await vi.waitFor(() => expect(added(before, handles())).toEqual([]), { timeout: 10_000, interval: 50 });
  });
});
