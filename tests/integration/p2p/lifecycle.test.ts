/**
 * Start-up with a dead seed beside a live one, and stop(): connections closed, calls refused with
 * P2PError, and no sockets or timers left behind in the process.
 */
import { createHook } from 'node:async_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MmError } from '../../../src/node/core/errors';
import { bytes, seedAddr, seedPeerId, startNode, stopAll, WAIT } from './helpers';

afterEach(stopAll);

/** Sockets of this process (stdio pipes and the like excluded). */
const sockets = (): string[] => process.getActiveResourcesInfo().filter((r) => /TCP|WebSocket/i.test(r)).sort();

/** A timer still pending: whether it repeats, and the stack that created it. */
interface PendingTimer {
  repeats: boolean;
  stack: string;
}

/**
 * The timers created while it is on and not yet fired or cleared, each with the stack that made it,
 * so a timer left behind is named by its creator instead of counted.
 */
function trackTimers(): { pending(): PendingTimer[]; stop(): void } {
  const live = new Map<number, { timer: { _repeat?: unknown }; stack: string }>();
  const stackLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60; // deep enough to reach our frame under libp2p's
  const hook = createHook({
    init(id, type, _trigger, resource) {
      if (type === 'Timeout') live.set(id, { timer: resource as { _repeat?: unknown }, stack: new Error().stack ?? '' });
    },
    destroy(id) {
      live.delete(id);
    },
  }).enable();
  return {
    pending: () => [...live.values()].map((t) => ({ repeats: typeof t.timer._repeat === 'number', stack: t.stack })),
    stop: () => {
      hook.disable();
      Error.stackTraceLimit = stackLimit;
    },
  };
}

/**
 * Whether the node's own code set the timer: the first frame outside Node's internals is one of
 * its modules (a timer libp2p sets while we call it starts in node_modules).
 */
function setByUs(stack: string): boolean {
  const frames = stack.split('\n').slice(2); // "Error" and the hook's own frame
  const creator = frames.find((f) => !f.includes('(node:'));
  return creator !== undefined && creator.includes('/src/node/');
}

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
    const before = sockets();
    const timers = trackTimers();
    const n = await startNode();
    n.p2p.subscribe('orbk/A:B', () => undefined);
    await vi.waitFor(() => expect(n.p2p.connectedPeers()).toEqual([seedPeerId()]), WAIT);
    expect(await n.p2p.request(bytes(1))).toBeNull();

    await n.p2p.stop();
    await n.p2p.stop(); // twice is fine
    expect(n.p2p.connectedPeers()).toEqual([]);
    await expect(n.p2p.publish('orbk/A:B', bytes(1))).rejects.toMatchObject({ errorType: 'P2PError' });
    expect(() => n.p2p.subscribe('orbk/A:B', () => undefined)).toThrow(MmError);
    // Every socket this node opened is closed (the previous test's node may close its own meanwhile,
    // so only sockets beyond `before` count).
    await vi.waitFor(() => expect(added(before, sockets())).toEqual([]), { timeout: 10_000, interval: 50 });
    // No timer of ours outlives stop(), and no interval of anyone's. js-libp2p leaves one-shot timers
    // (gossipsub's next heartbeat, the address manager's debounce, a dial's timeout under load) that
    // fire once and end.
    await new Promise((r) => setImmediate(r)); // destroy hooks of timers just cleared run first
    const left = timers.pending();
    timers.stop();
    expect(left.filter((t) => t.repeats).map((t) => t.stack)).toEqual([]);
    expect(left.filter((t) => setByUs(t.stack)).map((t) => t.stack)).toEqual([]);
  });
});
