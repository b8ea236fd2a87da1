/**
 * The fee rate a UTXO transaction pays: the coin's `txfee` (fixed per started kB), or, with
 * `txfee: 0`, the server's `blockchain.estimatefee`. KDF converts the estimate (coin per kB) to
 * satoshis when it is above 0.00001, and otherwise falls back to 1000 sat/kB (regtest answers -1).
 */
import { MmNumber } from '../../../shared/number';
import type { UtxoParams } from '../config';
import type { FeeRate } from './tx';

export const ESTIMATE_FEE_FALLBACK_SAT_PER_KB = 1000n;
const ESTIMATE_MIN = MmNumber.parse('0.00001');

export interface FeeEstimator {
  estimateFee(blocks: number, mode: string | undefined): Promise<number>;
}

export async function coinFeeRate(utxo: UtxoParams, decimals: number, electrum: FeeEstimator): Promise<FeeRate> {
  if (utxo.txfee.kind === 'fixedPerKb') return { kind: 'fixedPerKb', satPerKb: utxo.txfee.satPerKb };
  const mode = utxo.estimateFeeMode && utxo.estimateFeeMode !== 'UNSET' ? utxo.estimateFeeMode : undefined;
  const estimate = await electrum.estimateFee(utxo.estimateFeeBlocks, mode);
  if (!Number.isFinite(estimate) || estimate <= 0) return { kind: 'dynamic', satPerKb: ESTIMATE_FEE_FALLBACK_SAT_PER_KB };
  const perKb = MmNumber.parse(estimate);
  if (!perKb.gt(ESTIMATE_MIN)) return { kind: 'dynamic', satPerKb: ESTIMATE_FEE_FALLBACK_SAT_PER_KB };
  return { kind: 'dynamic', satPerKb: perKb.toBaseUnitsFloor(decimals) };
}
