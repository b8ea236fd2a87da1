import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../../../src/node/p2p/errors';
import { BAN_MS, BAN_POINTS, PeerPenalties } from '../../../../src/node/p2p/peerPenalties';

describe('peer penalties', () => {
  it('bans a peer at its BAN_POINTS-th offence, for BAN_MS', () => {
    let now = 0;
    const p = new PeerPenalties(() => now);
    for (let i = 1; i < BAN_POINTS; i++) expect(p.penalize('bad')).toBe(false);
    expect(p.isBanned('bad')).toBe(false);
    expect(p.penalize('bad')).toBe(true);
    expect(p.isBanned('bad')).toBe(true);
    expect(p.isBanned('good')).toBe(false);
    now = BAN_MS - 1;
    expect(p.isBanned('bad')).toBe(true);
    now = BAN_MS;
    expect(p.isBanned('bad')).toBe(false);
  });

  it('lets points fade, so a rare bad message never bans an honest peer', () => {
    let now = 0;
    const p = new PeerPenalties(() => now);
    for (let i = 0; i < 10 * BAN_POINTS; i++) {
      expect(p.penalize('honest')).toBe(false);
      now += 60_000;
    }
    expect(p.isBanned('honest')).toBe(false);
  });

  it('tracks a bounded number of peers, forgetting the oldest', () => {
    const p = new PeerPenalties(() => 0);
    for (let i = 1; i < BAN_POINTS; i++) p.penalize('first');
    for (let i = 0; i < 1_000; i++) p.penalize(`peer-${i}`);
    expect(p.penalize('first')).toBe(false); // its earlier points were forgotten
  });
});

describe('errorMessage', () => {
  it('reads messages from errors, aggregate errors and event-like objects, never [object Object]', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage(new AggregateError([new Error('a'), new Error('b')], 'all dials failed'))).toBe('all dials failed: a; b');
    expect(errorMessage({ type: 'error', error: new Error('ECONNREFUSED') })).toBe('ECONNREFUSED');
    expect(errorMessage({ type: 'error' })).toBe('error event');
    expect(errorMessage({ code: 5 })).toBe('{"code":5}');
    expect(errorMessage('plain')).toBe('plain');
  });
});
