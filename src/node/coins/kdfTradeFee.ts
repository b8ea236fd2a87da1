/**
 * KDF's `MmCoin::get_trade_fee` (the legacy `get_trade_fee` RPC): a rough fee of one swap
 * transaction, older than the per-stage estimates of `trade_preimage`. Each family gives its own
 * (capabilities/legacyTradeFee.ts): a UTXO coin its fee rate per kB, an EVM coin the gas price
 * times KDF's `ETH_MAX_TRADE_GAS` in its platform coin, a QRC20 token its QTUM fee rate per kB plus
 * the gas of the worst swap payment.
 */
import { MmError } from '../core/errors';
import { hasLegacyTradeFee } from './capabilities/legacyTradeFee';
import type { EnabledCoin } from './coin';
import type { TradeFee } from './tradeFee';

export async function kdfTradeFee(coin: EnabledCoin): Promise<TradeFee> {
  if (hasLegacyTradeFee(coin)) return coin.legacyTradeFee();
  const message = `get_trade_fee is not supported for ${coin.ticker}`;
  throw new MmError({ errorType: 'InternalError', message, errorData: message, httpStatus: 500 });
}
