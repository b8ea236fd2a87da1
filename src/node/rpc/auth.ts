/**
 * `userpass` checking as KDF does it: protected methods need the rpc password; every wrong
 * attempt counts against the client, and after LIMIT_FAILED_REQUEST failures the client is
 * refused (`Banned`). KDF bans for the process lifetime; a browser tab would then be locked out
 * until reload, so the ban here lapses after BAN_DURATION_MS and the count starts again.
 *
 * Every loopback address is one client (below), so any local process could lock the owner out
 * with ten wrong passwords (issue 26). A client that gave the right password within the last
 * BAN_DURATION_MS is therefore banned only for what lacks it: its requests with the right password
 * are still served, wrong ones are refused as `Banned` and still counted. The price: while the
 * owner is active, a local process may go on guessing at the pace of its requests, which a strong
 * rpc password (KDF's rule unless `allow_weak_password`) puts far out of reach; a client that never
 * authenticated is banned for everything, as before.
 */
import { dispatcherError } from './dispatcherError';

export const LIMIT_FAILED_REQUEST = 10;
export const BAN_DURATION_MS = 10 * 60_000;
/** Clients whose last right password is remembered at once (each an address, or the loopback). */
const MAX_AUTHENTICATED = 1_000;

interface Strikes {
  failures: number;
  bannedUntil: number;
}

export class Authenticator {
  private readonly strikes = new Map<string, Strikes>();
  /** When each client last gave the right password. */
  private readonly authenticatedAt = new Map<string, number>();
  private readonly password: Uint8Array;

  constructor(
    rpcPassword: string,
    private readonly now: () => number,
  ) {
    this.password = new TextEncoder().encode(rpcPassword);
  }

  /** Throws `Banned` while the client is banned, unless it authenticated lately (then `check` decides by its password). */
  checkNotBanned(client: string): void {
    if (this.isBanned(client) && !this.authenticatedLately(client)) throw dispatcherError.banned();
  }

  /** Throws `UserpassIsNotSet`, `UserpassIsInvalid` (counting the strike) or `Banned`. */
  check(client: string, userpass: unknown): void {
    if (typeof userpass !== 'string') throw dispatcherError.userpassIsNotSet();
    if (constantTimeEqual(new TextEncoder().encode(userpass), this.password)) {
      this.authenticatedAt.delete(client);
      this.authenticatedAt.set(client, this.now());
      for (const oldest of this.authenticatedAt.keys()) {
        if (this.authenticatedAt.size <= MAX_AUTHENTICATED) break;
        this.authenticatedAt.delete(oldest);
      }
      return;
    }
    this.isBanned(client); // a lapsed ban starts the count again
    const s = this.strikes.get(client) ?? { failures: 0, bannedUntil: 0 };
    if (s.failures >= LIMIT_FAILED_REQUEST) throw dispatcherError.banned();
    s.failures += 1;
    if (s.failures >= LIMIT_FAILED_REQUEST) s.bannedUntil = this.now() + BAN_DURATION_MS;
    this.strikes.set(client, s);
    throw dispatcherError.userpassIsInvalid(LIMIT_FAILED_REQUEST - s.failures);
  }

  private isBanned(client: string): boolean {
    const s = this.strikes.get(client);
    if (!s || s.bannedUntil === 0) return false;
    if (this.now() < s.bannedUntil) return true;
    this.strikes.delete(client);
    return false;
  }

  private authenticatedLately(client: string): boolean {
    const at = this.authenticatedAt.get(client);
    return at !== undefined && this.now() - at < BAN_DURATION_MS;
  }
}

/** The one client that every loopback address is. */
export const LOOPBACK_CLIENT = 'loopback';

/**
 * The throttle key of a TCP peer. Bans count per client, not per address: every loopback address
 * (127.0.0.0/8, ::1, ::ffff:127.x.y.z) is this machine, so they are one client and a second loopback
 * alias cannot escape a ban. Other addresses key by themselves (IPv4-mapped IPv6 as plain IPv4).
 */
export function clientKeyForAddress(address: string): string {
  const lower = address.toLowerCase();
  const v4 = lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice('::ffff:'.length) : lower;
  if (v4 === '::1' || v4 === '0:0:0:0:0:0:0:1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)) return LOOPBACK_CLIENT;
  return v4;
}

/** Compares without an early exit, so the time taken does not tell how much of a guess was right. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  const len = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < len; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}
