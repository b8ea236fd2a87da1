/**
 * The dex fee a taker pays (kdf-facts §4.4; KDF `DexFee::new_from_taker_coin`, lp_coins.rs):
 * - 1/777 of the taker's amount, 9/7770 (a tenth off) when either coin is KMD;
 * - never less than the taker coin's `min_tx_amount` (UTXO dust; EVM coins have none), since a
 *   smaller output could not be sent (the orders issue asks for this floor, as current KDF has it,
 *   rather than the spec §8's older 0.0001 minimum);
 * - KMD as the taker coin sends 75% to the dex fee address and burns the rest in an OP_RETURN
 *   output; if 75% would be below dust, the dust goes to the address and the rest is burned.
 * Amounts are exact fractions in coin units.
 */
import { MmNumber } from '../../shared/number';
import type { DexFeePayment } from '../coins/tradeFee';

const DEX_FEE_RATE = MmNumber.of(1n, 777n);
const DEX_FEE_RATE_KMD = MmNumber.of(9n, 7770n);
/** KDF's `DEX_FEE_SHARE`: what a KMD taker pays to the dex fee address; the rest is burned. */
const KMD_FEE_SHARE = MmNumber.of(3n, 4n);
const KMD = 'KMD';

/** The whole dex fee (`total` = `fee` + `burn`) and how the taker-fee transaction pays it. */
export interface DexFee extends DexFeePayment {
  total: MmNumber;
}

/** KDF's `dex_fee_rate`: the KMD discount applies whichever side KMD is on. */
export function dexFeeRate(takerCoin: string, makerCoin: string): MmNumber {
  return takerCoin === KMD || makerCoin === KMD ? DEX_FEE_RATE_KMD : DEX_FEE_RATE;
}

/** The dex fee of a taker sending `amount` of `takerCoin` for `makerCoin`; `minTxAmount` is the taker coin's. */
export function dexFee(takerCoin: string, makerCoin: string, amount: MmNumber, minTxAmount: MmNumber): DexFee {
  const byRate = amount.mul(dexFeeRate(takerCoin, makerCoin));
  if (byRate.lte(minTxAmount)) return { total: minTxAmount, fee: minTxAmount, burn: MmNumber.ZERO };
  if (takerCoin !== KMD) return { total: byRate, fee: byRate, burn: MmNumber.ZERO };
  const fee = MmNumber.max(byRate.mul(KMD_FEE_SHARE), minTxAmount);
  return { total: byRate, fee, burn: byRate.sub(fee) };
}
