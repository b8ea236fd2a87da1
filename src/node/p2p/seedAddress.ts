/**
 * Conf `seednodes` → multiaddrs. A multiaddr (`/ip4/…/tcp/…/ws/p2p/…`) is taken as written; a bare
 * host, as KDF's conf lists seeds (`seed01.kmdefi.net`, an IP), becomes KDF's WSS relay address on
 * the netid's port (`relay_address.rs`, kdf-facts §5.4).
 */

const LP_RPCPORT = 7783;

/** KDF's `lp_ports(netid)` wss port: 7813 for netid 0, 42855 for netid 8762. */
export function wssPort(netid: number): number {
  const offset = netid ? Math.floor(netid / 10) * 40 + LP_RPCPORT + (netid % 10) : LP_RPCPORT;
  return offset + 30;
}

export function seedMultiaddr(seed: string, netid: number): string {
  if (seed.startsWith('/')) return seed;
  const proto = /^\d{1,3}(\.\d{1,3}){3}$/.test(seed) ? 'ip4' : seed.includes(':') ? 'ip6' : 'dns4';
  return `/${proto}/${seed}/tcp/${wssPort(netid)}/wss`;
}

/** True when every address is on this machine: only then may a node dial plain ws to loopback. */
export function allLoopback(multiaddrs: readonly string[]): boolean {
  return multiaddrs.length > 0 && multiaddrs.every((a) => /^\/(ip4\/127\.|ip6\/::1\/|dns4?\/localhost\/)/.test(a));
}
