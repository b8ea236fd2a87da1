/**
 * An EVM platform coin's activation through `task::enable_eth` rather than the flat `enable`: a
 * task's failure is typed (`error_type`, and `error_data.nodes` with the RPC nodes that failed and
 * why), where a flat error is a bare text the page must not parse. A token has no nodes of its own
 * (it runs on its platform's), so it stays on `enable`: the node's typed refusal of a token here
 * (`UnexpectedPlatformProtocol`) sends the page there.
 */
import type { RpcClient } from '../../client/RpcClient';
import type { EvmSettings } from './savedCoins';
import { followTask } from './tasks';
import { TaskFailure } from './utxoActivation';

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

interface WireBalance {
  spendable: string;
  unspendable: string;
}

/** KDF's `EthWithTokensActivationResult`: the Iguana form keyed by address, or the HD form's `wallet_balance`. */
interface EnableEthResult {
  eth_addresses_infos?: Record<string, { balances?: WireBalance }>;
  wallet_balance?: { accounts?: { addresses?: { address: string; balance?: Record<string, WireBalance> }[] }[] };
}

/** The `task::enable_eth::init` params: every setting `enable` takes, the gas station under its legacy keys. */
export function enableEthParams(req: EvmPlatformRequest): Record<string, unknown> {
  const { evm } = req;
  const params: Record<string, unknown> = {
    ticker: req.ticker,
    nodes: evm.urls.map((url) => ({ url })),
    swap_contract_address: evm.swapContract,
    tx_history: req.txHistory,
    erc20_tokens_requests: [],
  };
  if (evm.fallbackSwapContract !== null) params.fallback_swap_contract = evm.fallbackSwapContract;
  if (evm.gasStation !== null) {
    params.gas_station_url = evm.gasStation.url;
    if (evm.gasStation.decimals !== undefined) params.gas_station_decimals = evm.gasStation.decimals;
    if (evm.gasStation.policy !== undefined) params.gas_station_policy = { policy: evm.gasStation.policy };
  }
  if (req.requiredConfirmations !== undefined) params.required_confirmations = req.requiredConfirmations;
  return params;
}

/** The activated address and its balance, from either form of the answer. */
export function readEthActivation(r: EnableEthResult, ticker: string): EvmActivated {
  const iguana = Object.entries(r.eth_addresses_infos ?? {})[0];
  if (iguana) return { address: iguana[0], balance: iguana[1].balances?.spendable ?? '0', unspendable: iguana[1].balances?.unspendable ?? '0' };
  const hd = r.wallet_balance?.accounts?.[0]?.addresses?.[0];
  if (!hd) throw new TaskFailure({ error: `${ticker} was activated without an address`, error_type: 'Internal' });
  const b = hd.balance?.[ticker];
  return { address: hd.address, balance: b?.spendable ?? '0', unspendable: b?.unspendable ?? '0' };
}

/** Runs the platform's activation task to its end; rejects with the task's typed failure. */
export async function activateEvmPlatform(client: RpcClient, req: EvmPlatformRequest): Promise<EvmActivated> {
  const { task_id } = await client.call<{ task_id: number }>(`${ENABLE_ETH}::init`, enableEthParams(req));
  const final = await followTask<EnableEthResult>(client, ENABLE_ETH, task_id, () => undefined, () => false);
  if (final === null || final.status === 'Error') throw new TaskFailure(final?.details ?? { error: 'the activation stopped' });
  return readEthActivation(final.details, req.ticker);
}
