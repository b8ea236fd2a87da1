/**
 * An EVM platform coin's activation through `task::enable_eth` rather than the flat `enable`: a
 * task's failure is typed (`error_type`, and `error_data.nodes` with the RPC nodes that failed and
 * why), where a flat error is a bare text the page must not parse. A token has no nodes of its own
 * (it runs on its platform's), so it stays on `enable`: the node's typed refusal of a token here
 * (`UnexpectedPlatformProtocol`) sends the page there.
 */
import type { RpcClient } from '../../client/RpcClient';
import type { MmRpcResult } from '../../shared/contract';
import type { LegacyParams, MmRpcParams } from '../../shared/contract/params';
import type { EvmSettings } from './savedCoins';
import { followTask } from './tasks';
import { firstAddressOf, TaskFailure } from './utxoActivation';

export const ENABLE_ETH = 'task::enable_eth';

export interface EvmPlatformRequest {
  ticker: string;
  evm: EvmSettings;
  txHistory: boolean;
  requiredConfirmations?: number;
}

/** What the page keeps of a successful activation. */
export interface EvmActivated {
  address: string;
  balance: string;
  unspendable: string;
}

/**
 * `task::enable_eth`'s final answer (KDF's `EthWithTokensActivationResult`): the Iguana form keyed
 * by address, or the HD form's balance report.
 */
type EnableEthResult = Extract<MmRpcResult<'task::enable_eth::status'>, { status: 'Ok' }>['details'];

/** The `task::enable_eth::init` params: every setting `enable` takes, the gas station under its legacy keys. */
export function enableEthParams(req: EvmPlatformRequest): MmRpcParams<'task::enable_eth::init'> {
  const { evm } = req;
  return {
    ticker: req.ticker,
    nodes: evm.urls.map((url) => ({ url })),
    swap_contract_address: evm.swapContract,
    ...(evm.fallbackSwapContract !== null ? { fallback_swap_contract: evm.fallbackSwapContract } : {}),
    ...gasStationParams(evm.gasStation),
    ...(req.requiredConfirmations !== undefined ? { required_confirmations: req.requiredConfirmations } : {}),
    tx_history: req.txHistory,
    erc20_tokens_requests: [],
  };
}

type GasStationParams = Pick<LegacyParams<'enable'>, 'gas_station_url' | 'gas_station_decimals' | 'gas_station_policy'>;

/** KDF's legacy gas station keys (`enable` and `task::enable_eth` take the same), only those set. */
export function gasStationParams(station: EvmPlatformRequest['evm']['gasStation']): GasStationParams {
  if (station === null) return {};
  return {
    gas_station_url: station.url,
    ...(station.decimals !== undefined ? { gas_station_decimals: station.decimals } : {}),
    ...(station.policy !== undefined ? { gas_station_policy: { policy: station.policy } } : {}),
  };
}

/** The activated address and its balance, from either form of the answer. */
export function readEthActivation(r: EnableEthResult, ticker: string): EvmActivated {
  const one = 'eth_addresses_infos' in r ? iguanaAddressOf(r.eth_addresses_infos) : firstAddressOf(r.wallet_balance, ticker);
  if (one === null) throw new TaskFailure({ error: `${ticker} was activated without an address`, error_type: 'Internal' });
  return one;
}

/** The Iguana form's one address and its platform balance. */
function iguanaAddressOf(infos: Extract<EnableEthResult, { eth_addresses_infos: unknown }>['eth_addresses_infos']): EvmActivated | null {
  const first = Object.entries(infos)[0];
  if (first === undefined) return null;
  const [address, info] = first;
  return { address, balance: info.balances?.spendable ?? '0', unspendable: info.balances?.unspendable ?? '0' };
}

/** Runs the platform's activation task to its end; rejects with the task's typed failure. */
export async function activateEvmPlatform(client: RpcClient, req: EvmPlatformRequest): Promise<EvmActivated> {
  const { task_id } = await client.call(`${ENABLE_ETH}::init`, enableEthParams(req));
  const final = await followTask(client, ENABLE_ETH, task_id, () => undefined, () => false);
  if (final === null || final.status === 'Error') throw new TaskFailure(final?.details ?? { error: 'the activation stopped' });
  return readEthActivation(final.details, req.ticker);
}
