/** Parsing the RPC console's text and filling in the session's userpass. */
import { errorMessage } from '../../shared/errorChain';

export type ConsoleParse =
  | { ok: true; body: unknown; userpassAdded: boolean }
  | { ok: false; error: string };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Parses `text` as JSON. An object without `userpass`, or each such object of a batch array, gets
 * `userpass` added (as the first key, as KDF's docs write it). Other JSON is sent unchanged.
 */
export function parseConsoleInput(text: string, userpass: string | null): ConsoleParse {
  if (text.trim() === '') return { ok: false, error: 'Enter a JSON request first.' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `Invalid JSON: ${errorMessage(e)}` };
  }
  if (userpass === null) return { ok: true, body: parsed, userpassAdded: false };

  let added = false;
  const fill = (v: unknown): unknown => {
    if (isPlainObject(v) && !('userpass' in v)) {
      added = true;
      return { userpass, ...v };
    }
    return v;
  };
  const body = Array.isArray(parsed) ? parsed.map(fill) : fill(parsed);
  return { ok: true, body, userpassAdded: added };
}

export function prettyJson(v: unknown): string {
  if (v === undefined) return '(no body)';
  try {
    return JSON.stringify(v, null, 2);
  } catch {
    return String(v);
  }
}
