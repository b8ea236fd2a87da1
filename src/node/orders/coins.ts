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
 * enum, a struct as an array with the tag first (`["standard"]`, `["segwit"]`,
 * `["cashaddress", network, pub_addr_prefix, p2sh_addr_prefix]`, the prefixes being the coin's
 * pubtype and p2shtype), so the other side knows which address kind it pays; nothing for
 * account-based coins.
 */
export function protocolInfo(config: CoinConfig): Uint8Array {
  if (!utxoLike(config) || !config.utxo) return new Uint8Array();
  const { addressFormat: format, pubtype, p2shtype } = config.utxo;
  if (format.format === 'cashaddress') return encodeMsgpack(['cashaddress', format.network, pubtype, p2shtype]);
  return encodeMsgpack([format.format]);
}

/** The format tag of a protocol info, or undefined when it is not one. */
function infoFormat(info: Uint8Array): unknown {
  try {
    const v = decodeMsgpack(info);
    return Array.isArray(v) ? v[0] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The address of an order's maker on `config`'s chain, in the format its protocol info names:
 * segwit when the coin has an hrp, cashaddress (of the coin's own network, never the remote
 * one) when that is the coin's format, else standard.
 */
export function orderbookAddress(config: CoinConfig, pubkeyHex: string, info: Uint8Array): string {
  const pubkey = hexToBytes(pubkeyHex);
  if (!config.utxo) return ethAddress(pubkey);
  const named = infoFormat(info);
  const own = config.utxo.addressFormat;
  const format =
    named === 'segwit' && config.utxo.bech32Hrp !== undefined
      ? { format: 'segwit' as const }
      : named === 'cashaddress' && own.format === 'cashaddress'
        ? own
        : { format: 'standard' as const };
  return myAddress({ ...config, utxo: { ...config.utxo, addressFormat: format } }, pubkey);
}
