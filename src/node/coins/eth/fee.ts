/**
 * Gas for EVM withdraws (KDF `get_eth_gas_details_from_withdraw_fee`): `EthGas` gives the price in
 * gwei and the gas limit; no fee means the default price and `eth_estimateGas`; any other fee type
 * is an InvalidFeePolicy. The fee is always paid in the platform coin, in wei.
 */
import type { FeeDetails, WithdrawFee } from '../coin';
import { coinError } from '../coinErrors';
import { ETH_DECIMALS, formatUnits, GWEI_DECIMALS, toBaseUnits } from './units';

export interface GasChoice {
  /** Wei per gas. */
  gasPrice: bigint;
  gas: bigint;
}

/** The user's gas, or null when the node should choose. */
export function gasFromFee(fee: WithdrawFee | null): GasChoice | null {
  if (fee === null) return null;
  if (fee.type !== 'EthGas') throw coinError.invalidFeePolicy(`Expected 'EthGas' fee type, found ${fee.type}`);
  if (fee.gasPrice.isNegative()) throw coinError.invalidFeePolicy('gas_price must not be negative');
  if (fee.gas === 0) throw coinError.invalidFeePolicy('gas must be greater than zero');
  return { gasPrice: toBaseUnits(fee.gasPrice, GWEI_DECIMALS, 'fee.gas_price'), gas: BigInt(fee.gas) };
}

/**
 * KDF's `EthTxFeeDetails` of a legacy gas price (`PayForGasOption::Legacy`, what withdraws sign and
 * what KDF's history reports): `gas_price` in ETH per gas, no max fees, `total_fee` = gas × price.
 */
export function ethFeeDetails(gas: bigint, gasPrice: bigint, platform: string): FeeDetails {
  return {
    type: 'Eth',
    coin: platform,
    gas: Number(gas),
    gasPrice: formatUnits(gasPrice, ETH_DECIMALS),
    maxFeePerGas: null,
    maxPriorityFeePerGas: null,
    totalFee: formatUnits(gas * gasPrice, ETH_DECIMALS),
  };
}

