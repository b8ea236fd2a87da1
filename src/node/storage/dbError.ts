import { MmError } from '../core/errors.js';

/** A storage failure as the `DbError` variant KDF uses for IndexedDB trouble (HTTP 500). */
export function dbError(message: string, cause?: unknown): MmError {
  return new MmError({ errorType: 'DbError', message, errorData: message, httpStatus: 500, cause });
}

/**
 * Translates an idb / DOMException failure at the storage edge, naming what was being done and
 * keeping the original as `cause`. Errors that are already typed pass through unchanged.
 */
export function toDbError(cause: unknown, doing: string): MmError {
  if (cause instanceof MmError) return cause;
  const detail =
    cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause ?? 'unknown error');
  return dbError(`${doing}: ${detail}`, cause);
}
