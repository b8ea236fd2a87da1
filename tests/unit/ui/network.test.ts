import { describe, expect, it } from 'vitest';
import { describeNetwork, KDF_MAINNET, parseNetid, readP2pStatus, seednodeError } from '../../../src/ui/lib/network';
import type { P2pStatusData } from '../../../src/shared/wire';

describe('netid setting', () => {
  it('empty is the default, numbers in KDF range are taken', () => {
    expect(parseNetid('')).toEqual({ value: null, error: null });
    expect(parseNetid(' 8762 ')).toEqual({ value: 8762, error: null });
    expect(parseNetid('0')).toEqual({ value: 0, error: null });
    expect(parseNetid('14428')).toEqual({ value: 14428, error: null });
  });

  it('refuses what KDF refuses and what is not a whole number', () => {
    for (const bad of ['14429', '-1', '1.5', '8762x', '0x10', '999999']) expect(parseNetid(bad).error).toMatch(/whole number from 0 to 14428/);
    expect(parseNetid('7777')).toEqual({ value: null, error: expect.stringMatching(/deprecated/) });
  });
});

describe('KDF mainnet preset', () => {
  it('is netid 8762 with the public seeds as bare hosts the settings accept', () => {
    expect(KDF_MAINNET.netid).toBe(8762);
    expect(KDF_MAINNET.seednodes[0]).toBe('seed01.kmdefi.net');
    expect(KDF_MAINNET.seednodes).toHaveLength(13);
    for (const s of KDF_MAINNET.seednodes) expect(seednodeError(s)).toBeNull();
  });
});

const unreachable: P2pStatusData = {
  state: 'unreachable',
  peers: 0,
  netid: 0,
  seeds: [{ addr: '/ip4/127.0.0.1/tcp/9/ws', state: 'unreachable', error: 'connect ECONNREFUSED 127.0.0.1:9' }],
};

describe('p2p status from the node', () => {
  it('takes a well-formed status', () => {
    expect(readP2pStatus(unreachable)).toEqual(unreachable);
    expect(readP2pStatus({ state: 'off', peers: 0, netid: 8762, seeds: [] })).toEqual({ state: 'off', peers: 0, netid: 8762, seeds: [] });
  });

  it('rejects anything else', () => {
    for (const bad of [
      null,
      'connected',
      { ...unreachable, state: 'online' },
      { ...unreachable, peers: '1' },
      { ...unreachable, seeds: [{ addr: 1, state: 'connected' }] },
      { ...unreachable, seeds: [{ addr: 'x', state: 'up' }] },
      { ...unreachable, seeds: 'x' },
    ]) {
      expect(readP2pStatus(bad)).toBeNull();
    }
  });

  it('says each state in words, unreachable with each seed and its reason', () => {
    const w = describeNetwork(unreachable);
    expect(w.label).toBe('Unreachable');
    expect(w.detail).toContain('/ip4/127.0.0.1/tcp/9/ws: connect ECONNREFUSED 127.0.0.1:9');
    expect(describeNetwork({ state: 'connected', peers: 3, netid: 8762, seeds: [{ addr: 'a', state: 'connected' }, { addr: 'b', state: 'unreachable', error: 'x' }] })).toEqual({
      label: 'Connected to 3 peers',
      detail: '1 of 2 seed nodes connected · network 8762.',
    });
    expect(describeNetwork({ state: 'connected', peers: 1, netid: 0, seeds: [{ addr: 'a', state: 'connected' }] }).label).toBe('Connected to 1 peer');
    expect(describeNetwork({ state: 'connecting', peers: 0, netid: 0, seeds: [{ addr: 'a', state: 'connecting' }] }).label).toBe('Connecting…');
    expect(describeNetwork({ state: 'off', peers: 0, netid: 0, seeds: [] }).detail).toMatch(/no trading/);
  });
});
