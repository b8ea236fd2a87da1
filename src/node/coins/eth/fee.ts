/**
 * Gas for EVM withdraws (KDF `get_eth_gas_details_from_withdraw_fee`): `EthGas` gives a legacy
 * gas price in gwei and the gas limit; `EthGasEip1559` gives the max fee and max priority fee per
 * gas in gwei and a limit or "calculate it"; no fee leaves both to withdraw (withdraw.ts); any
 * other fee type is an InvalidFeePolicy. The fee is always paid in the platform coin, in wei.
 */
import type { FeeDetails, WithdrawFee } from '../coin';
import { coinError } from '../coinErrors';
import type { MmNumber } from '../../../shared/number';
import { ETH_DECIMALS, formatUnits, GWEI_DECIMALS, toBaseUnits } from './units';

/** How a transaction pays for its gas (KDF's `PayForGasOption`): type 0 or type 2. Wei per gas. */
export type PayForGas =
  | { type: 'legacy'; gasPrice: bigint }
  | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

export interface GasChoice {
  pay: PayForGas;
  /** The gas limit; null when the node should estimate it. */
  gas: bigint | null;
}

/** A quantity a transaction can carry (RLP's 256-bit integers). */
const MAX_U256 = (1n << 256n) - 1n;

/** The user's gas, or null when the node should choose. */
export function gasFromFee(fee: WithdrawFee | null): GasChoice | null {
  if (fee === null) return null;
  if (fee.type === 'EthGas') {
    if (fee.gas === 0) throw coinError.invalidFeePolicy('gas must be greater than zero');
    return { pay: { type: 'legacy', gasPrice: weiPerGas(fee.gasPrice, 'gas_price') }, gas: BigInt(fee.gas) };
  }
  if (fee.type === 'EthGasEip1559') {
    const maxFeePerGas = weiPerGas(fee.maxFeePerGas, 'max_fee_per_gas');
    const maxPriorityFeePerGas = weiPerGas(fee.maxPriorityFeePerGas, 'max_priority_fee_per_gas');
    // A node refuses such a transaction at broadcast; refusing it here signs nothing.
    if (maxPriorityFeePerGas > maxFeePerGas) throw coinError.invalidFeePolicy('max_priority_fee_per_gas must not exceed max_fee_per_gas');
    if (fee.gas === 0) throw coinError.invalidFeePolicy('gas must be greater than zero');
    return { pay: { type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas }, gas: fee.gas === null ? null : BigInt(fee.gas) };
  }
  throw coinError.invalidFeePolicy(`Expected 'EthGas' fee type, found ${fee.type}`);
}

/** Wei of a gwei amount from the request: never negative, never finer than a wei, never past 256 bits. */
function weiPerGas(gwei: MmNumber, name: string): bigint {
  if (gwei.isNegative()) throw coinError.invalidFeePolicy(`${name} must not be negative`);
  const wei = toBaseUnits(gwei, GWEI_DECIMALS, `fee.${name}`);
  if (wei > MAX_U256) throw coinError.invalidFeePolicy(`${name} is too large`);
  return wei;
}

/** What a transaction may pay per gas at most (KDF `calc_total_fee`): the price, or the max fee. */
export function maxPricePerGas(pay: PayForGas): bigint {
  return pay.type === 'legacy' ? pay.gasPrice : pay.maxFeePerGas;
}

/**
 * KDF's `EthTxFeeDetails`, in ETH per gas: for a legacy price no max fees; for EIP-1559 the max
 * fees, with `gas_price` set to the max fee as KDF does for clients that read only it.
 * `total_fee` = gas × the most paid per gas.
 */
export function ethFeeDetails(gas: bigint, pay: PayForGas, platform: string): FeeDetails {
  const eth = (wei: bigint) => formatUnits(wei, ETH_DECIMALS);
  return {
    type: 'Eth',
    coin: platform,
    gas: Number(gas),
    gasPrice: eth(maxPricePerGas(pay)),
    maxFeePerGas: pay.type === 'eip1559' ? eth(pay.maxFeePerGas) : null,
    maxPriorityFeePerGas: pay.type === 'eip1559' ? eth(pay.maxPriorityFeePerGas) : null,
    totalFee: eth(gas * maxPricePerGas(pay)),
  };
}
