/**
 * What one client request may cost, the same for the page (worker) and the headless host, so a
 * hostile page or local web page cannot freeze the node. KDF documents no such limits; these are
 * far above what any real request needs.
 */

/** A request body (JSON text) larger than this is refused (host: 413 before reading it whole). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Requests in one JSON array (batch); a larger batch is refused as a whole. */
export const MAX_BATCH_REQUESTS = 100;

/** Nesting depth of arrays/objects in a request; deeper input answers 400 before any handler runs. */
export const MAX_JSON_DEPTH = 64;

/** Batch members in flight at once, so one batch cannot start a hundred handlers together. */
export const MAX_BATCH_CONCURRENCY = 4;

/** Which bound a request passed, if any. */
export type RequestBreach = 'too_large' | 'too_deep' | null;

/** Whether the UTF-8 encoding of `text` is longer than `max` bytes, without encoding it. */
export function utf8LengthExceeds(text: string, max: number): boolean {
  if (text.length > max) return true;
  if (text.length * 3 <= max) return false;
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= max; i++) {
    const c = text.charCodeAt(i);
    // A surrogate pair is 4 bytes in all: 2 for each half.
    bytes += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
  }
  return bytes > max;
}

/**
 * Walks a request (parsed JSON, or an object the page posted) without recursion, adding up about
 * the bytes its JSON text takes and tracking its nesting depth, and stops at the first bound
 * passed. Every value counts at least one byte, so even a cyclic object ends the walk.
 */
export function measureRequest(value: unknown, maxBytes: number, maxDepth: number): RequestBreach {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let bytes = 0;
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (typeof v === 'string') bytes += v.length + 2;
    else if (typeof v === 'number') bytes += String(v).length;
    else if (typeof v !== 'object' || v === null) bytes += 5;
    else if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) bytes += v.byteLength + 2;
    else {
      if (depth + 1 > maxDepth) return 'too_deep';
      const keys = Array.isArray(v) ? null : Object.keys(v);
      const size = keys ? keys.length : (v as unknown[]).length;
      bytes += 2 + Math.max(0, size - 1);
      for (let i = 0; keys && i < keys.length && bytes <= maxBytes; i++) bytes += keys[i]!.length + 3;
      if (bytes > maxBytes) return 'too_large';
      for (let i = size - 1; i >= 0; i--) {
        const child = keys ? (v as Record<string, unknown>)[keys[i]!] : (v as unknown[])[i];
        stack.push({ value: child, depth: depth + 1 });
      }
    }
    if (bytes > maxBytes) return 'too_large';
  }
  return null;
}
