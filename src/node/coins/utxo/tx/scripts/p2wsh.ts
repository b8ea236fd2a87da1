/** P2WSH: witness v0 with a 32-byte SHA-256 script hash, `OP_0 <hash>` (34 bytes). */
import { ofLength } from './length';

export function p2wshScript(scriptHash: Uint8Array): Uint8Array {
  return Uint8Array.of(0x00, 0x20, ...ofLength(scriptHash, 32, 'a witness script hash'));
}
