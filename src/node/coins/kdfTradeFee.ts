/**
 * KDF's `MmCoin::get_trade_fee` (the legacy `get_trade_fee` RPC): a rough fee of one swap
 * transaction, older than the per-stage estimates of `trade_preimage`. A UTXO coin answers its fee
 * rate per kB (the coin's `txfee`, or the server's estimate) in coin units; an EVM coin the gas
 * price times KDF's `ETH_MAX_TRADE_GAS`, in the platform coin that pays it; a QRC20 token its QTUM
 * fee rate per kB plus the gas of the worst swap payment (two `approve` and one `erc20Payment`).
 */
import { MmNumber } from '../../shared/number';
import { MmError } from '../core/errors';
import type { EnabledCoin } from './coin';
import { EthCoin } from './eth/ethCoin';
import { ETH_DECIMALS } from './eth/units';
import type { TradeFee } from './tradeFee';
import { QRC20_GAS_LIMIT_DEFAULT, QRC20_GAS_PRICE_DEFAULT, QRC20_PAYMENT_GAS_LIMIT } from './qrc20/gas';
import { QTUM_DECIMALS, Qrc20Coin } from './qrc20/qrc20Coin';
import { coinFeeRate } from './utxo/feeRate';
import { UtxoCoin } from './utxo/utxoCoin';

/** KDF's `gas_limit::ETH_MAX_TRADE_GAS`: the most gas any swap call may use. */
export const ETH_MAX_TRADE_GAS = 150_000n;

export async function kdfTradeFee(coin: EnabledCoin): Promise<TradeFee> {
  if (coin instanceof UtxoCoin) {
    const rate = await coinFeeRate(coin.utxo, coin.decimals, coin.api);
    return { coin: coin.ticker, amount: MmNumber.fromBaseUnits(rate.satPerKb, coin.decimals), paidFromTradingVol: false };
  }
  if (coin instanceof Qrc20Coin) {
    const rate = await coinFeeRate(coin.qtum.utxo, QTUM_DECIMALS, coin.qtum.api);
    const gas = (2n * QRC20_GAS_LIMIT_DEFAULT + QRC20_PAYMENT_GAS_LIMIT) * QRC20_GAS_PRICE_DEFAULT;
    return { coin: coin.platform, amount: MmNumber.fromBaseUnits(rate.satPerKb + gas, QTUM_DECIMALS), paidFromTradingVol: false };
  }
  if (coin instanceof EthCoin) {
    const wei = (await coin.gasPrice()) * ETH_MAX_TRADE_GAS;
    return { coin: coin.platform.ticker, amount: MmNumber.fromBaseUnits(wei, ETH_DECIMALS), paidFromTradingVol: false };
  }
  const message = `get_trade_fee is not supported for ${coin.ticker}`;
  throw new MmError({ errorType: 'InternalError', message, errorData: message, httpStatus: 500 });
}
