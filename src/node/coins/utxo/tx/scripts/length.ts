/** Output templates take raw hashes; a wrong length is a caller's bug, never user input. */
import { coinError } from '../../../coinErrors';

export function ofLength(hash: Uint8Array, length: number, what: string): Uint8Array {
  if (hash.length !== length) throw coinError.internal(`${what} must be ${length} bytes, got ${hash.length}`);
  return hash;
}
