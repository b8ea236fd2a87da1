/** The shape of devnet.json: everything a client (the node, a test) needs to use the devnet. */

/** Exactly an item of the `electrum` RPC's `servers`: host:port without scheme. */
export interface ElectrumServerConfig {
  url: string;
  protocol: 'WS';
}

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
  electrum: (ElectrumServerConfig & { pid: number })[];
}

export interface WalletInfo {
  passphrase: string;
  /** By coin ticker: P2PKH for "RLTCn", P2WPKH for "RLTCn-segwit". */
  addresses: Record<string, string>;
}

export interface DevnetInfo {
  coinsFile: string;
  blockInterval: number;
  chains: ChainInfo[];
  coins: Record<string, { servers: ElectrumServerConfig[] }>;
  wallets: Record<string, WalletInfo>;
}
