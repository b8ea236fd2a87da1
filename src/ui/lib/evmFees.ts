/**
 * EIP-1559 fees in the Send form of an EVM coin: the presets slow / normal / fast from the node's
 * `get_eth_estimated_fee_per_gas` (its low / medium / high levels, gwei), or the user's own max fee
 * and tip, each sent as KDF's `EthGasEip1559` fee. The node's answer is read defensively: a level
 * that is not a plain decimal, or whose tip exceeds its max fee, makes the presets unavailable
 * rather than sending a fee built on it.
 */
import { MmNumber } from '../../shared/number';
import { isRecord } from '../../shared/guards';

export type FeePreset = 'slow' | 'normal' | 'fast';

/** One level of the estimate, gwei per gas, as decimal strings. */
export interface FeeLevel {
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
}

export type FeeEstimate = Record<FeePreset, FeeLevel> & { baseFee: string };

/** KDF's `EthGasEip1559` withdraw fee; `gas_option` Calc lets the node estimate the gas limit. */
export interface Eip1559Fee {
  type: 'EthGasEip1559';
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  gas_option: { type: 'Calc' } | { type: 'Set'; gas: number };
}

/** The presets in the order shown, with the estimator level each takes. */
export const FEE_PRESETS: readonly { id: FeePreset; label: string; level: 'low' | 'medium' | 'high' }[] = [
  { id: 'slow', label: 'Slow', level: 'low' },
  { id: 'normal', label: 'Normal', level: 'medium' },
  { id: 'fast', label: 'Fast', level: 'high' },
];

/** A plain decimal (no exponent, no sign), at most 9 decimals (a wei in gwei), of bounded length. */
const GWEI = /^\d{1,30}(\.\d{1,9})?$/;


function readLevel(v: unknown): FeeLevel | null {
  if (!isRecord(v)) return null;
  const max = v.max_fee_per_gas;
  const tip = v.max_priority_fee_per_gas;
  if (typeof max !== 'string' || typeof tip !== 'string' || !GWEI.test(max) || !GWEI.test(tip)) return null;
  if (MmNumber.parse(tip).gt(MmNumber.parse(max))) return null;
  return { maxFeePerGas: max, maxPriorityFeePerGas: tip };
}

/** The node's `get_eth_estimated_fee_per_gas` result as presets; null when any part is malformed. */
export function readFeeEstimate(result: unknown): FeeEstimate | null {
  if (!isRecord(result) || result.units !== 'Gwei' || typeof result.base_fee !== 'string' || !GWEI.test(result.base_fee)) return null;
  const slow = readLevel(result.low);
  const normal = readLevel(result.medium);
  const fast = readLevel(result.high);
  if (slow === null || normal === null || fast === null) return null;
  return { baseFee: result.base_fee, slow, normal, fast };
}

/** The withdraw fee of a preset; the node estimates the gas limit. */
export function presetFee(estimate: FeeEstimate, preset: FeePreset): Eip1559Fee {
  const level = estimate[preset];
  return { type: 'EthGasEip1559', max_fee_per_gas: level.maxFeePerGas, max_priority_fee_per_gas: level.maxPriorityFeePerGas, gas_option: { type: 'Calc' } };
}

/** What the user typed for a custom EIP-1559 fee: gwei strings and an optional gas limit. */
export interface CustomEip1559 {
  maxFee: string;
  tip: string;
  /** Empty: the node estimates it. */
  gasLimit: string;
}

export interface CustomEip1559Errors {
  maxFee: string | null;
  tip: string | null;
  gasLimit: string | null;
}

function gweiError(raw: string, what: string): string | null {
  const s = raw.trim();
  if (s === '') return `Enter the ${what}.`;
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(s)) return `The ${what} must be a number of gwei such as 1.5 (use a dot for decimals).`;
  if ((s.split('.')[1] ?? '').length > 9) return `The ${what} has at most 9 decimals in gwei (1 wei).`;
  if (s.replace('.', '').length > 40) return `The ${what} is too large.`;
  return null;
}

/** Each field's problem, or null; the tip may not exceed the max fee (the node refuses it too). */
export function customEip1559Errors(c: CustomEip1559): CustomEip1559Errors {
  const maxFee = gweiError(c.maxFee, 'max fee per gas');
  let tip = gweiError(c.tip, 'priority fee (tip)');
  if (maxFee === null && tip === null && MmNumber.parse(c.tip.trim()).gt(MmNumber.parse(c.maxFee.trim()))) {
    tip = 'The priority fee (tip) cannot be more than the max fee per gas.';
  }
  const g = c.gasLimit.trim();
  let gasLimit: string | null = null;
  if (g !== '') {
    if (!/^\d+$/.test(g)) gasLimit = 'The gas limit is a whole number of gas units, such as 21000, or empty to let the node estimate it.';
    else if (Number(g) < 21000 || Number(g) > 30_000_000) gasLimit = 'The gas limit must be between 21000 and 30000000.';
  }
  return { maxFee, tip, gasLimit };
}

/** The withdraw fee of valid custom inputs (check `customEip1559Errors` first). */
export function customEip1559Fee(c: CustomEip1559): Eip1559Fee {
  const g = c.gasLimit.trim();
  return {
    type: 'EthGasEip1559',
    max_fee_per_gas: c.maxFee.trim(),
    max_priority_fee_per_gas: c.tip.trim(),
    gas_option: g === '' ? { type: 'Calc' } : { type: 'Set', gas: Number(g) },
  };
}
