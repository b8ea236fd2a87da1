/** Electrum's script hash: sha256 of the output script, byte-reversed, as hex. */
import { bytesToHex, sha256 } from '../../crypto';

export function electrumScripthash(script: Uint8Array): string {
  return bytesToHex(sha256(script).reverse());
}
