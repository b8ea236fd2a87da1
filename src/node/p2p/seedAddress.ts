/**
 * Conf `seednodes` → multiaddrs. A multiaddr (`/ip4/…/tcp/…/ws/p2p/…`) is taken as written; a bare
 * host, as KDF's conf lists seeds (`seed01.kmdefi.net`, an IP), becomes KDF's WSS relay address on
 * the netid's port (`relay_address.rs`, kdf-facts §5.4).
 */
import { p2pError } from './errors';

const LP_RPCPORT = 7783;
/** KDF's bound (`lp_ports`): past it the ports derived from the netid would pass 65535. */
export const MAX_NETID = Math.floor((65535 - 40 - LP_RPCPORT) / 4);
/** KDF's `DEPRECATED_NETID_LIST`: a node refuses to start on these. */
const DEPRECATED_NETIDS: readonly number[] = [7777];

/** KDF's refusal of a netid (`NetIdError` inside `P2PInitError::InvalidNetId`), or null when it is usable. */
export function netidError(netid: number): string | null {
  if (netid > MAX_NETID) return `Netid ${netid} is larger than max ${MAX_NETID}`;
  if (DEPRECATED_NETIDS.includes(netid)) return `${netid} netid is deprecated.`;
  return null;
}

/** KDF's `lp_ports(netid)` wss port: 7813 for netid 0, 42855 for netid 8762. */
export function wssPort(netid: number): number {
  const offset = netid ? Math.floor(netid / 10) * 40 + LP_RPCPORT + (netid % 10) : LP_RPCPORT;
  return offset + 30;
}

/** A host name, an IPv4 or an IPv6 address: what KDF's conf lists as a seed. */
const BARE_HOST = /^([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$/;

export function seedMultiaddr(seed: string, netid: number): string {
  if (seed.startsWith('/')) return seed;
  if (!BARE_HOST.test(seed)) throw p2pError(`seednode ${JSON.stringify(seed)} is neither a multiaddr nor a host name`);
  const proto = /^\d{1,3}(\.\d{1,3}){3}$/.test(seed) ? 'ip4' : seed.includes(':') ? 'ip6' : 'dns4';
  return `/${proto}/${seed}/tcp/${wssPort(netid)}/wss`;
}

/** The conf's seeds as the node dials them, without repeats; a netid KDF refuses fails as in KDF's p2p init. */
export function seedMultiaddrs(seednodes: readonly string[], netid: number): string[] {
  const refused = netidError(netid);
  if (refused) throw p2pError(`Invalid netid: '${refused}'`);
  return [...new Set(seednodes.map((s) => seedMultiaddr(s.trim(), netid)))];
}

/** True when every address is on this machine: only then may a node dial plain ws to loopback. */
export function allLoopback(multiaddrs: readonly string[]): boolean {
  return multiaddrs.length > 0 && multiaddrs.every((a) => /^\/(ip4\/127\.|ip6\/::1\/|dns4?\/localhost\/)/.test(a));
}
