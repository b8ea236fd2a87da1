/**
 * What orders need to know of coins: which are active and tradeable, their orderbook tickers,
 * minimum trade volumes and confirmation defaults, the `protocol_info` bytes KDF attaches to order
 * messages, and the address an order's pubkey has on a coin (for orderbook entries).
 */
import { MmNumber } from '../../shared/number';
import type { EnabledCoin } from '../coins/coin';
import { minTradingVol, type CoinConfig } from '../coins/config';
import type { EnabledCoins } from '../coins/registry';
import { myAddress } from '../coins/utxo/address';
import { ethAddress, hexToBytes } from '../crypto';
import { decodeMsgpack, encodeMsgpack } from '../p2p/msgpack';
import type { ConfSettings } from './types';

export interface OrderCoins {
  readonly enabled: EnabledCoins;
  readonly configs: ReadonlyMap<string, CoinConfig>;
}

/** The orderbook ticker configured for a coin (`BTC-segwit` → `BTC`), or null. */
export function configuredOrderbookTicker(coins: OrderCoins, ticker: string): string | null {
  return coins.configs.get(ticker)?.orderbookTicker ?? null;
}

/** KDF's `orderbook_ticker_bypass`: the orderbook ticker, else the ticker itself. */
export function orderbookTicker(coins: OrderCoins, ticker: string): string {
  return configuredOrderbookTicker(coins, ticker) ?? ticker;
}

/** KDF's `min_trading_vol` in coin units (kdf-facts §5.1). */
export function minTradingVolume(coin: EnabledCoin): MmNumber {
  return MmNumber.fromBaseUnits(minTradingVol(coin.config), coin.decimals);
}

export function defaultConfSettings(base: EnabledCoin, rel: EnabledCoin): ConfSettings {
  return {
    baseConfs: base.requiredConfirmations,
    baseNota: base.requiresNotarization,
    relConfs: rel.requiredConfirmations,
    relNota: rel.requiresNotarization,
  };
}

const utxoLike = (c: CoinConfig): boolean => c.protocol.type === 'UTXO' || c.protocol.type === 'QTUM';

/**
 * KDF's `coin_protocol_info`: a UTXO coin's `AddressFormat` as rmp writes the internally tagged
 * enum (`["standard"]`, `["segwit"]`), so the other side knows which address kind it pays; nothing
 * for account-based coins.
 */
export function protocolInfo(config: CoinConfig): Uint8Array {
  if (!utxoLike(config)) return new Uint8Array();
  return encodeMsgpack([config.utxo?.addressFormat.format === 'segwit' ? 'segwit' : 'standard']);
}

function isSegwitInfo(info: Uint8Array): boolean {
  try {
    const v = decodeMsgpack(info);
    return Array.isArray(v) && v[0] === 'segwit';
  } catch {
    return false;
  }
}

/** The address of an order's maker on `config`'s chain, in the format its protocol info names. */
export function orderbookAddress(config: CoinConfig, pubkeyHex: string, info: Uint8Array): string {
  const pubkey = hexToBytes(pubkeyHex);
  if (!config.utxo) return ethAddress(pubkey);
  const segwit = isSegwitInfo(info) && config.utxo.bech32Hrp !== undefined;
  const format = segwit ? { format: 'segwit' as const } : { format: 'standard' as const };
  return myAddress({ ...config, utxo: { ...config.utxo, addressFormat: format } }, pubkey);
}
