import { describe, expect, it } from 'vitest';
import { MAX_NETID, netidError, seedMultiaddrs, wssPort } from '../../../../src/node/p2p/seedAddress';

describe('netid ports (KDF lp_ports)', () => {
  it('derives the wss port from the netid', () => {
    // o = netid ? (netid/10)*40 + 7783 + netid%10 : 7783; wss = o + 30
    expect(wssPort(0)).toBe(7813);
    expect(wssPort(8762)).toBe(876 * 40 + 7783 + 2 + 30);
    expect(wssPort(8762)).toBe(42855);
    expect(wssPort(1)).toBe(7783 + 1 + 30);
    expect(wssPort(10)).toBe(40 + 7783 + 30);
    expect(wssPort(MAX_NETID)).toBeLessThanOrEqual(65535);
  });

  it('refuses the netids KDF refuses, with its words', () => {
    expect(MAX_NETID).toBe(14428);
    expect(netidError(MAX_NETID)).toBeNull();
    expect(netidError(MAX_NETID + 1)).toBe('Netid 14429 is larger than max 14428');
    expect(netidError(7777)).toBe('7777 netid is deprecated.');
    expect(netidError(8762)).toBeNull();
    expect(netidError(0)).toBeNull();
  });

  it('turns bare hosts into wss addresses on the netid port, keeps multiaddrs, drops repeats', () => {
    const ma = '/ip4/127.0.0.1/tcp/4001/ws/p2p/12D3KooWQh5rK3U8sT4QjzYcKMmSbUmmLBhBnZEXeWbSPUUmPdbm';
    expect(seedMultiaddrs(['seed01.kmdefi.net', ' 46.4.78.11 ', ma, ma], 8762)).toEqual([
      '/dns4/seed01.kmdefi.net/tcp/42855/wss',
      '/ip4/46.4.78.11/tcp/42855/wss',
      ma,
    ]);
    expect(seedMultiaddrs(['seed.example.org'], 0)).toEqual(['/dns4/seed.example.org/tcp/7813/wss']);
  });

  it('a seed that is neither a multiaddr nor a host is refused by name', () => {
    for (const bad of ['not a host', 'seed01.kmdefi.net:42855x', 'http://seed.example.org', '', 'a..b']) {
      expect(() => seedMultiaddrs([bad], 0)).toThrow(expect.objectContaining({ errorType: 'P2PError', message: expect.stringContaining(JSON.stringify(bad)) }));
    }
    expect(seedMultiaddrs(['::1', 'localhost'], 0)).toEqual(['/ip6/::1/tcp/7813/wss', '/dns4/localhost/tcp/7813/wss']);
  });

  it('a netid KDF refuses fails the seed list as a P2PError', () => {
    expect(() => seedMultiaddrs(['seed01.kmdefi.net'], 7777)).toThrow(expect.objectContaining({ errorType: 'P2PError' }));
    expect(() => seedMultiaddrs(['seed01.kmdefi.net'], 20_000)).toThrow(/Invalid netid: 'Netid 20000 is larger than max 14428'/);
  });
});
