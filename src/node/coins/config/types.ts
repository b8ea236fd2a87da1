/**
 * One entry of KDF's coins file (the `coins` file of KomodoPlatform/coins), parsed and with
 * KDF's defaults applied (kdf-facts §6). Amounts are base units (`bigint`); the wire's
 * snake_case fields become camelCase here. `raw` keeps the entry for fields read elsewhere
 * (`swap_gas_fee_policy`, `gas_limit`, `spv_conf`, ...).
 */

export type CoinProtocol =
  | { type: 'UTXO' }
  | { type: 'QTUM' }
  /** `chainId` from `protocol.protocol_data.chain_id`; older entries omit it. */
  | { type: 'ETH'; chainId?: number }
  | { type: 'ERC20'; platform: string; contractAddress: string }
  | { type: 'QRC20'; platform: string; contractAddress: string };

export type CoinProtocolType = CoinProtocol['type'];

/** `txfee`: absent → 1000 sat per started kB; 0 → `blockchain.estimatefee`; N → N sat per kB. */
export type UtxoTxFee = { kind: 'fixedPerKb'; satPerKb: bigint } | { kind: 'dynamic' };

/** `address_format`: the address kind the coin shows and pays change to. */
export type UtxoAddressFormat =
  | { format: 'standard' }
  | { format: 'segwit' }
  | { format: 'cashaddress'; network: string };

/** KDF's `EstimateFeeMode`, passed to `blockchain.estimatefee`. */
export type EstimateFeeMode = 'ECONOMICAL' | 'CONSERVATIVE' | 'UNSET';

/** KDF's `SignatureVersion` (sighash algorithm); `fork_id` is BCH-style. */
export type SignatureVersion = 'base' | 'witness_v0' | 'fork_id';

/** The UTXO layer of UTXO, QTUM and QRC20 coins (QRC20 pays its fees in QTUM outputs). */
export interface UtxoParams {
  pubtype: number;
  p2shtype: number;
  wiftype: number;
  /** Zcash-style 2-byte address prefix's first byte; absent for ordinary coins. */
  taddr?: number;
  txversion: number;
  /** Zcash v3/v4 (Sapling) transaction format, as Komodo chains use. */
  overwintered: boolean;
  /** Zcash version group id; 0 unless overwintered v3/v4. */
  versionGroupId: number;
  /** Zcash consensus branch id; defaults by txversion alone (v3, v4), as KDF does. */
  consensusBranchId: number;
  txfee: UtxoTxFee;
  /** Smallest output the network relays, sat. */
  dust: bigint;
  segwit: boolean;
  bech32Hrp?: string;
  addressFormat: UtxoAddressFormat;
  /** Confirmations before a coinbase/coinstake output is spendable. */
  matureConfirmations: number;
  estimateFeeMode?: EstimateFeeMode;
  estimateFeeBlocks: number;
  /** Raise fees to the server's `blockchain.relayfee`. */
  forceMinRelayFee: boolean;
  forkId: number;
  signatureVersion: SignatureVersion;
  isPoS: boolean;
  isPoSV: boolean;
  /** How much a dynamic fee may rise between preimage and broadcast, in percent (0.5 = 0.5%). */
  txfeeVolatilityPercent: number;
  /** Blocks in the median-time-past window. */
  mtpBlockCount: number;
}

export interface CoinConfig {
  ticker: string;
  name?: string;
  /** `fname`, the display name. */
  fullName?: string;
  protocol: CoinProtocol;
  /** Undefined for tokens whose decimals come from the contract at activation. */
  decimals: number | undefined;
  /** Undefined when the file says nothing; the activation request may then decide. */
  mm2: boolean | undefined;
  walletOnly: boolean;
  requiredConfirmations: number;
  requiresNotarization: boolean;
  /** `m/<purpose>'/<coin type>'`. */
  derivationPath?: string;
  trezorCoin?: string;
  /** The ticker orders use (`BTC-segwit` trades in the `BTC` orderbook). */
  orderbookTicker?: string;
  /** Seconds; fractional for fast EVM chains. */
  avgBlocktime?: number;
  /** Top-level `chain_id` (EVM coins and tokens), used for signing. */
  chainId?: number;
  signMessagePrefix?: string;
  isTestnet: boolean;
  /** Present for UTXO, QTUM and QRC20. */
  utxo?: UtxoParams;
  /** The entry as given, for fields later issues read. */
  raw: Readonly<Record<string, unknown>>;
}

/** A problem with one entry; the entry is left out, the others still load. */
export interface CoinConfigIssue {
  /** The entry's `coin`, or `#<index>` when it has none. */
  ticker: string;
  /** Path of the offending field (`protocol.protocol_data.platform`); empty for the whole input. */
  field: string;
  message: string;
}
