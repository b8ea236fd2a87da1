/** The shape of devnet.json: everything a client (the node, a test) needs to use the devnet. */

/** Exactly an item of the `electrum` RPC's `servers`: host:port without scheme. */
export interface ElectrumServerConfig {
  url: string;
  protocol: 'WS';
}

/**
 * An item of `servers` only the headless host can use: plain TCP, or TLS with the devnet's
 * self-signed certificate, which verification refuses (hence `disable_cert_verification`).
 */
export type StreamServerConfig = { url: string; protocol: 'TCP' } | { url: string; protocol: 'SSL'; disable_cert_verification: boolean };

export interface ChainInfo {
  name: string;
  coins: string[];
  rpcUrl: string;
  rpcUser: string;
  rpcPassword: string;
  /** The wallet holding the mined coins (wallet RPCs go to /wallet/miner). */
  minerWallet: string;
  pid: number;
  datadir: string;
  electrum: (ElectrumServerConfig & { pid: number; tcpUrl: string; sslUrl: string })[];
}

export interface WalletInfo {
  passphrase: string;
  /**
   * By coin ticker: P2PKH for "RLTCn", P2WPKH for "RLTCn-segwit", and for the EVM coins the
   * EIP-55 address of the same secret.
   */
  addresses: Record<string, string>;
}

export type EvmTicker = 'ETHDEV' | 'DEVT18-ERC20' | 'DEVT6-ERC20';

/** Exactly the `enable` RPC's arguments for an EVM coin (besides `coin`). */
export interface EvmEnableArgs {
  urls: string[];
  swap_contract_address: string;
  fallback_swap_contract: string;
}

/** The anvil chain, its contracts at their deterministic addresses (as in public/coins.json). */
export interface EvmInfo {
  rpcUrl: string;
  chainId: number;
  pid: number;
  /** EtomicSwap */
  swapContract: string;
  /** The same contract: the devnet has one. */
  fallbackSwapContract: string;
  /** Token contract by ticker */
  tokens: Record<Exclude<EvmTicker, 'ETHDEV'>, string>;
  /** anvil's account #0: deployed the contracts; holds the rest of the ETH and tokens, for tests. */
  deployerKey: string;
  /** The block by which every test wallet was funded: tests spending them read balances as of it. */
  fundedAtBlock: number;
}

export interface DevnetInfo {
  coinsFile: string;
  blockInterval: number;
  chains: ChainInfo[];
  evm: EvmInfo;
  /**
   * Each coin's activation arguments: the `enable` RPC's for the EVM tickers, the `electrum` RPC's
   * for the UTXO coins (typed as any other ticker, so `coins[ticker].servers` stays as it was).
   * `servers` lists the WebSocket servers (page and host); `tcpSslServers` the same servers' TCP
   * and SSL listeners, for the host only: a page refuses a list holding one.
   */
  coins: Record<string, { servers: ElectrumServerConfig[]; tcpSslServers: StreamServerConfig[] }> & Record<EvmTicker, EvmEnableArgs>;
  wallets: Record<string, WalletInfo>;
  /** The libp2p seed node, exactly as the node's conf `seednodes` takes it: `/ip4/127.0.0.1/tcp/<port>/ws/p2p/<peerId>`. */
  seednodes: string[];
}
