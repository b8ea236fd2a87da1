/**
 * `userpass` checking as KDF does it: protected methods need the rpc password; every wrong
 * attempt counts against the client, and after LIMIT_FAILED_REQUEST failures the client is
 * refused (`Banned`). KDF bans for the process lifetime; a browser tab would then be locked out
 * until reload, so the ban here lapses after BAN_DURATION_MS and the count starts again.
 */
import { dispatcherError } from './dispatcherError';

export const LIMIT_FAILED_REQUEST = 10;
export const BAN_DURATION_MS = 10 * 60_000;

interface Strikes {
  failures: number;
  bannedUntil: number;
}

export class Authenticator {
  private readonly strikes = new Map<string, Strikes>();
  private readonly password: Uint8Array;

  constructor(
    rpcPassword: string,
    private readonly now: () => number,
  ) {
    this.password = new TextEncoder().encode(rpcPassword);
  }

  /** Throws `Banned` while the client is banned. */
  checkNotBanned(client: string): void {
    const s = this.strikes.get(client);
    if (!s || s.bannedUntil === 0) return;
    if (this.now() < s.bannedUntil) throw dispatcherError.banned();
    this.strikes.delete(client);
  }

  /** Throws `UserpassIsNotSet`, `UserpassIsInvalid` (counting the strike) or `Banned`. */
  check(client: string, userpass: unknown): void {
    if (typeof userpass !== 'string') throw dispatcherError.userpassIsNotSet();
    if (constantTimeEqual(new TextEncoder().encode(userpass), this.password)) return;
    const s = this.strikes.get(client) ?? { failures: 0, bannedUntil: 0 };
    if (s.failures >= LIMIT_FAILED_REQUEST) throw dispatcherError.banned();
    s.failures += 1;
    if (s.failures >= LIMIT_FAILED_REQUEST) s.bannedUntil = this.now() + BAN_DURATION_MS;
    this.strikes.set(client, s);
    throw dispatcherError.userpassIsInvalid(LIMIT_FAILED_REQUEST - s.failures);
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
