/**
 * Errors and their `cause` chains, for the node and the page alike: one text for anything thrown,
 * and a walk down the chain (viem's `BaseError.walk`).
 */

/** Longest chain walked: a cause chain is built by our code, but a cycle must not hang the walk. */
const MAX_CHAIN = 16;

/** The text of anything thrown: an Error's message, else the value as a string. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Walks `e` and its causes, outermost first. With `predicate`, the first link it accepts (or
 * null); without, the innermost link. At most 16 links are visited.
 */
export function walk(e: unknown, predicate?: (link: unknown) => boolean): unknown {
  let at = e;
  for (let depth = 0; depth < MAX_CHAIN; depth++) {
    if (predicate?.(at)) return at;
    const next = at instanceof Error ? at.cause : undefined;
    if (next === undefined) return predicate ? null : at;
    at = next;
  }
  return predicate ? null : at;
}

/** The first link of `e`'s chain that is a `C`, or null. */
export function findInChain<C>(e: unknown, isC: (link: unknown) => link is C): C | null {
  return walk(e, isC) as C | null;
}
