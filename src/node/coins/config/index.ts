/** Coins configuration: the coins file's entries, parsed with KDF's defaults. */
export type {
  CoinConfig,
  CoinConfigIssue,
  CoinProtocol,
  CoinProtocolType,
  EstimateFeeMode,
  SignatureVersion,
  UtxoAddressFormat,
  UtxoParams,
  UtxoTxFee,
} from './types';
export { parseCoinsConfig, type ParsedCoinsConfig } from './parse';
export { minTradingVol } from './minTradingVol';
