/** What withdraw, merging and history need of a UTXO coin; UtxoCoin implements it. */
import type { CoinConfig, UtxoParams } from '../config';
import type { KeyPair } from '../../crypto';
import type { ElectrumApi } from './electrumApi';
import type { InputKind, Unspent } from './tx';

export interface UtxoCoinView {
  readonly ticker: string;
  readonly config: CoinConfig;
  readonly utxo: UtxoParams;
  readonly decimals: number;
  readonly address: string;
  /** The wallet's output script (P2PKH or P2WPKH). */
  readonly script: Uint8Array;
  readonly scripthash: string;
  readonly inputKind: InputKind;
  readonly keyPair: KeyPair;
  readonly api: ElectrumApi;
  /** The chain tip height. */
  readonly height: number;
  spendableUnspents(): Promise<Unspent[]>;
  sendRawTransaction(txHex: string): Promise<string>;
}
