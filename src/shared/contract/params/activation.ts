/** The params of coin activation: the flat `electrum`/`enable` and KDF's v2 activation methods. */
import type { HdPathToAddress, HdScanParams, PrivKeyPolicy, TaskCancelParams, TaskStatusParams, TaskUserActionParams } from './common';

/**
 * coins/utxo/rpc_clients/electrum_rpc/connection.rs `ElectrumConnectionSettings`. `protocol`
 * defaults to KDF's per build: WSS in the page (which opens WebSockets only), TCP on the host.
 */
export type ElectrumServer = {
  url: string;
  protocol?: 'WS' | 'WSS' | 'TCP' | 'SSL';
  /** Default false; a page cannot honour it for WSS (the browser checks certificates). */
  disable_cert_verification?: boolean;
  timeout_sec?: number;
};

/** The UTXO options named alike in `electrum` and in `task::enable_utxo`'s `activation_params` (coins/utxo.rs `UtxoActivationParams`). */
type UtxoOptions = {
  /** 0 or 1: whether the coin may be traded; default the coins file's. */
  mm2?: number;
  /** mm2_rpc/src/data/legacy/activation/utxo.rs `UtxoMergeParams`: `check_every` default 10 s, `max_merge_at_once` 100. */
  utxo_merge_params?: { merge_at: number; check_every?: number; max_merge_at_once?: number };
  /** Default false. */
  tx_history?: boolean;
  /** Default the coins file's. */
  required_confirmations?: number;
  requires_notarization?: boolean;
  /** Default false. */
  check_utxo_maturity?: boolean;
  priv_key_policy?: PrivKeyPolicy;
};

/** How many Electrum servers to keep connected (KDF's `UtxoRpcMode::Electrum` fields). */
type ElectrumConnection = {
  servers: ElectrumServer[];
  min_connected?: number;
  max_connected?: number;
};

/**
 * The flat `electrum` (coins/lp_coins.rs `lp_coininit`, `UtxoActivationParams::from_legacy_req`
 * in coins/utxo.rs). A QRC20 token needs `swap_contract_address` (qrc20.rs `from_legacy_req`).
 */
export type ElectrumParams = ElectrumConnection &
  UtxoOptions & {
    coin: string;
    swap_contract_address?: string;
    fallback_swap_contract?: string;
  };

/** The legacy gas station keys (coins/eth.rs `eth_coin_from_conf_and_request`), also read by this node's v2 EVM activation. */
type GasStation = {
  gas_station_url?: string;
  /** Default 8. */
  gas_station_decimals?: number;
  /** Default `MeanAverageFast`. */
  gas_station_policy?: { policy: 'MeanAverageFast' | 'Average' };
};

/**
 * The flat `enable` of an EVM coin (coins/eth.rs `eth_coin_from_conf_and_request`): http(s)
 * nodes only in a browser. Without `swap_contract_address` the coins file's is taken (ours).
 */
export type EnableParams = GasStation & {
  coin: string;
  urls: string[];
  swap_contract_address?: string;
  fallback_swap_contract?: string;
  mm2?: number;
  tx_history?: boolean;
  required_confirmations?: number;
  requires_notarization?: boolean;
};

/** coins_activation/src/platform_coin_with_tokens.rs `TokenActivationRequest<Erc20TokenActivationRequest>`: `protocol` for a token absent from the coins file. */
type Erc20TokenRequest = { ticker: string; protocol?: Record<string, unknown>; required_confirmations?: number };

/**
 * `EnablePlatformCoinWithTokensReq<EthWithTokensActivationRequest>` (coins_activation/src/
 * eth_with_token_activation.rs), its `EthActivationV2Request` (coins/eth/v2_activation.rs) flattened.
 */
export type EthWithTokensParams = GasStation &
  HdScanParams & {
    ticker: string;
    /** KDF's `EthNode`s; http(s) only in a browser (this node takes at most MAX_ETH_NODES). */
    nodes?: { url: string; komodo_proxy?: boolean }[];
    rpc_mode?: 'Default';
    swap_contract_address: string;
    fallback_swap_contract?: string;
    mm2?: number;
    required_confirmations?: number;
    priv_key_policy?: PrivKeyPolicy;
    path_to_address?: HdPathToAddress;
    erc20_tokens_requests: Erc20TokenRequest[];
    /** Default true. */
    get_balances?: boolean;
    /** KDF's `NftActivationRequest`: read, and ignored (no NFTs here). */
    nft_req?: Record<string, unknown>;
    /** Ours: default false. */
    tx_history?: boolean;
  };

/** coins/utxo.rs `UtxoActivationParams`, `mode` being `UtxoRpcMode` tagged `rpc`/`rpc_data`. */
export type UtxoActivationParams = UtxoOptions &
  HdScanParams & {
    mode: { rpc: 'Electrum'; rpc_data: ElectrumConnection } | { rpc: 'Native' };
    path_to_address?: HdPathToAddress;
  };

export interface ActivationParams {
  electrum: { legacy: ElectrumParams };
  enable: { legacy: EnableParams };
  enable_eth_with_tokens: { mmrpc: EthWithTokensParams };
  /** coins_activation/src/token.rs `EnableTokenRequest<Erc20TokenActivationRequest>`. */
  enable_erc20: { mmrpc: { ticker: string; protocol?: Record<string, unknown>; activation_params: { required_confirmations?: number } } };
  /** coins_activation/src/standalone_coin/init_standalone_coin.rs `InitStandaloneCoinReq<UtxoActivationParams>`. */
  'task::enable_utxo::init': { mmrpc: { ticker: string; activation_params: UtxoActivationParams } };
  'task::enable_utxo::status': { mmrpc: TaskStatusParams };
  'task::enable_utxo::user_action': { mmrpc: TaskUserActionParams };
  'task::enable_utxo::cancel': { mmrpc: TaskCancelParams };
  /** The same request as `enable_eth_with_tokens`, followed as a task. */
  'task::enable_eth::init': { mmrpc: EthWithTokensParams };
  'task::enable_eth::status': { mmrpc: TaskStatusParams };
  'task::enable_eth::user_action': { mmrpc: TaskUserActionParams };
  'task::enable_eth::cancel': { mmrpc: TaskCancelParams };
}
