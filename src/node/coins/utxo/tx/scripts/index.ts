/** Output-script templates, one per file, and the address kind → script mapping. */
import { p2pkhScript } from './p2pkh';
import { p2shScript } from './p2sh';
import { p2wpkhScript } from './p2wpkh';
import { p2wshScript } from './p2wsh';

export { p2pkhScript, p2shScript, p2wpkhScript, p2wshScript };
export { isOpReturn, opReturnScript } from './opReturn';

/** The destinations a UTXO coin can pay to; the hash is 20 bytes except P2WSH's 32. */
export type UtxoAddressKind = 'p2pkh' | 'p2wpkh' | 'p2sh' | 'p2wsh';

export function outputScript(kind: UtxoAddressKind, hash: Uint8Array): Uint8Array {
  switch (kind) {
    case 'p2pkh':
      return p2pkhScript(hash);
    case 'p2sh':
      return p2shScript(hash);
    case 'p2wpkh':
      return p2wpkhScript(hash);
    case 'p2wsh':
      return p2wshScript(hash);
  }
}
