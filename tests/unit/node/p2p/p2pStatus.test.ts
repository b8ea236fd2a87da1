import { describe, expect, it } from 'vitest';
import { p2pState, p2pStatus, StatusReporter } from '../../../../src/node/p2p/p2pStatus';
import type { P2pStatusData, SeedStatusData } from '../../../../src/shared/wire';

const seed = (state: SeedStatusData['state'], error?: string): SeedStatusData => ({
  addr: `/ip4/127.0.0.1/tcp/${Math.floor(Math.random() * 60_000) + 1024}/ws`,
  state,
  ...(error !== undefined ? { error } : {}),
});

describe('p2p state reduction', () => {
  it('no seeds is off', () => {
    expect(p2pState([])).toBe('off');
  });

  it('one connected seed makes the network connected, whatever the others do', () => {
    expect(p2pState([seed('unreachable', 'ECONNREFUSED'), seed('connected')])).toBe('connected');
    expect(p2pState([seed('connecting'), seed('connected')])).toBe('connected');
  });

  it('a seed still on its first dial (or redialling after a loss) keeps it connecting', () => {
    expect(p2pState([seed('connecting')])).toBe('connecting');
    expect(p2pState([seed('unreachable', 'timed out'), seed('connecting')])).toBe('connecting');
  });

  it('unreachable only when every seed failed its last dial', () => {
    expect(p2pState([seed('unreachable', 'a'), seed('unreachable', 'b')])).toBe('unreachable');
  });

  it('the status carries the peers, the netid and copies of the seeds', () => {
    const seeds = [seed('unreachable', 'connect ECONNREFUSED 127.0.0.1:9')];
    const s = p2pStatus(seeds, 0, 8762);
    expect(s).toEqual({ state: 'unreachable', peers: 0, netid: 8762, seeds });
    seeds[0]!.state = 'connected';
    expect(s.seeds[0]!.state).toBe('unreachable');
  });
});

describe('StatusReporter', () => {
  it('passes a status on only when it changed', () => {
    const got: P2pStatusData[] = [];
    const r = new StatusReporter((s) => got.push(s));
    const a = seed('connecting');
    r.report(p2pStatus([a], 0, 0));
    r.report(p2pStatus([a], 0, 0));
    r.report(p2pStatus([{ ...a, state: 'unreachable', error: 'refused' }], 0, 0));
    r.report(p2pStatus([{ ...a, state: 'unreachable', error: 'refused' }], 0, 0));
    r.report(p2pStatus([{ ...a, state: 'connected' }], 1, 0));
    r.report(p2pStatus([{ ...a, state: 'connected' }], 2, 0));
    expect(got.map((s) => [s.state, s.peers])).toEqual([
      ['connecting', 0],
      ['unreachable', 0],
      ['connected', 1],
      ['connected', 2],
    ]);
  });
});
