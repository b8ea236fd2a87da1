/** P2WPKH: witness v0 with a 20-byte key hash, `OP_0 <hash>` (22 bytes). */
import { ofLength } from './length';

export function p2wpkhScript(keyHash: Uint8Array): Uint8Array {
  return Uint8Array.of(0x00, 0x14, ...ofLength(keyHash, 20, 'a key hash'));
}
