/** P2PKH: `OP_DUP OP_HASH160 <20-byte key hash> OP_EQUALVERIFY OP_CHECKSIG` (25 bytes). */
import { ofLength } from './length';

export function p2pkhScript(keyHash: Uint8Array): Uint8Array {
  return Uint8Array.of(0x76, 0xa9, 0x14, ...ofLength(keyHash, 20, 'a key hash'), 0x88, 0xac);
}
