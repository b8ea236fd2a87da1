/** P2SH: `OP_HASH160 <20-byte script hash> OP_EQUAL` (23 bytes). */
import { ofLength } from './length';

export function p2shScript(scriptHash: Uint8Array): Uint8Array {
  return Uint8Array.of(0xa9, 0x14, ...ofLength(scriptHash, 20, 'a script hash'), 0x87);
}
