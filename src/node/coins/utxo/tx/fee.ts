/**
 * The miner fee for a size, as KDF's `get_tx_fee_with_relay_fee` (utxo_common.rs) at the
 * reference commit: a fixed rate is charged for every started 1000 bytes (`FixedPerKb`: 1000
 * sat/kB makes 999 bytes cost 1000 and 1001 bytes 2000), a dynamic rate pro rata, rounded down
 * (`rate × size / 1000`). With `force_min_relay_fee` the fee is at least the relay rate pro rata.
 * (KDF later made fixed rates pro rata too and kept the per-kB rounding for `dingo_fee` coins.)
 */
import type { FeeRate } from './types';

const KILO_BYTE = 1000n;

export function feeForVsize(rate: FeeRate, vsize: number, minRelayFeeRate?: bigint): bigint {
  const size = BigInt(vsize);
  const fee = rate.kind === 'fixedPerKb' ? rate.satPerKb * ceilDiv(size, KILO_BYTE) : (rate.satPerKb * size) / KILO_BYTE;
  if (minRelayFeeRate === undefined) return fee;
  const relayFee = (minRelayFeeRate * size) / KILO_BYTE;
  return fee < relayFee ? relayFee : fee;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
