/** What withdraw, fees and history need of a QRC20 token; Qrc20Coin implements it. */
import type { CoinConfig } from '../config';
import type { UtxoCoin } from '../utxo/utxoCoin';
import type { Qrc20ElectrumApi } from './electrumQrc20';

export interface Qrc20View {
  readonly ticker: string;
  readonly config: CoinConfig;
  /** The token's decimals (the coins file's, else the contract's `decimals()`). */
  readonly decimals: number;
  /** The QTUM-type platform coin that pays fees and gas. */
  readonly platform: string;
  /** QTUM's own 8 decimals, for fees and gas. */
  readonly platformDecimals: number;
  /** The token contract, 20 bytes. */
  readonly contract: Uint8Array;
  /** The wallet's address and its hash160, the "contract address" calls name it by. */
  readonly address: string;
  readonly myContractAddress: Uint8Array;
  /** The token's own QTUM side: its key, Electrum connection and unspent outputs. */
  readonly qtum: UtxoCoin;
  readonly api: Qrc20ElectrumApi;
  /** `balanceOf(me)` in the token's base units. */
  tokenBalance(): Promise<bigint>;
}
