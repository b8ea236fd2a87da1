/** What withdraw, merging and history need of a UTXO coin; UtxoCoin implements it. */
import type { CoinConfig, UtxoParams } from '../config';
import type { WithdrawHooks } from '../coin';
import type { ElectrumApi, HistoryItem } from './electrumApi';
import type { UtxoSigner } from './signer';
import type { InputKind, SignedTx, TxFormat, TxPlan, Unspent } from './tx';

export interface UtxoCoinView {
  readonly ticker: string;
  readonly config: CoinConfig;
  readonly utxo: UtxoParams;
  /** The layout the coin's transactions are read in (Bitcoin's, or Zcash's for overwintered coins). */
  readonly txFormat: TxFormat;
  readonly decimals: number;
  readonly address: string;
  /** The wallet's output script (P2PKH or P2WPKH). */
  readonly script: Uint8Array;
  readonly scripthash: string;
  readonly inputKind: InputKind;
  readonly signer: UtxoSigner;
  readonly api: ElectrumApi;
  /** The chain tip height. */
  readonly height: number;
  /** Unix seconds by the node's clock. */
  nowSec(): number;
  spendableUnspents(): Promise<Unspent[]>;
  /** The wallet script's history (`blockchain.scripthash.get_history`), cached by its status. */
  walletHistory(): Promise<HistoryItem[]>;
  /** Signs with the coin's signer; a hardware wallet asks the user through the hooks. */
  sign(plan: TxPlan, hooks?: WithdrawHooks): Promise<SignedTx>;
  sendRawTransaction(txHex: string): Promise<string>;
}
