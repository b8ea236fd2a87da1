/** Type guards for JSON values of unknown shape (a request, a stored record, a peer's message). */

/** A JSON object: not null, not an array. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
