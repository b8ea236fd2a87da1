/**
 * KDF's `rpccors` conf key, made safe for a node on the user's own machine. KDF puts the value
 * (default `http://localhost:3000`) in `Access-Control-Allow-Origin` on every answer and never reads
 * the request's `Origin`, so any page the user visits can still send it requests blind, guess
 * passwords and get the real client banned. Here the `Origin` decides, before anything else:
 * - no `rpccors`: a request carrying an `Origin` (browsers send it on every cross-site POST and on
 *   preflights) is refused; requests without one (curl, scripts) pass;
 * - `rpccors` an origin: only that exact origin passes;
 * - `rpccors` `*`: any origin passes (KDF sends `*` through as the header, so it allows it too).
 * Answers carry KDF's CORS headers when `rpccors` is set; the preflight is KDF's.
 */
import { MmError } from '../../src/node/core/errors';
import { startError } from '../../src/node/lifecycle/startError';

/**
 * The refusal of a web origin, made before the body is read (so it goes out as an mmrpc envelope
 * with `id: null`) and before any userpass is checked. KDF has no such check, so the type is ours.
 */
export const originNotAllowed = (): MmError =>
  new MmError({
    errorType: 'OriginNotAllowed',
    message: "Requests from this web origin are refused; the conf's 'rpccors' names the one origin allowed",
    httpStatus: 403,
  });

export class CorsPolicy {
  private constructor(private readonly allowed: string | null) {}

  /** From the conf value: `*` or an origin (`scheme://host[:port]`, kept in the form browsers send); else a conf error. */
  static fromConf(value: string | undefined): CorsPolicy {
    if (value === undefined) return new CorsPolicy(null);
    const origin = value === '*' ? value : serializedOrigin(value);
    if (origin === null) {
      throw startError.errorDeserializingConfig('rpccors', `'${value.slice(0, 100)}' is neither '*' nor an origin like http://localhost:3000`);
    }
    return new CorsPolicy(origin);
  }

  get configured(): boolean {
    return this.allowed !== null;
  }

  /** `origin` is the request's header, undefined when absent; an empty or repeated one matches no configured origin. */
  allows(origin: string | undefined): boolean {
    if (origin === undefined) return true;
    return this.allowed === '*' || origin === this.allowed;
  }

  /** Headers for every answer. */
  headers(): Record<string, string> {
    return this.allowed === null ? {} : { 'access-control-allow-origin': this.allowed };
  }

  /** KDF's answer to `OPTIONS`. */
  preflightHeaders(): Record<string, string> {
    return {
      ...this.headers(),
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': 'Content-Type',
      'access-control-max-age': '3600',
    };
  }
}

/** `http://Localhost:3000/` → `http://localhost:3000`; null for anything with a path, query or credentials. */
function serializedOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return bare && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : null;
  } catch {
    return null;
  }
}
