/**
 * Readers of the v2 activation requests, in KDF's shapes (coins_activation): the Komodo Wallet SDK
 * sends them so. Lists a request may carry are bounded, so one request cannot make the node open
 * thousands of connections or contracts; a wrong type names its field as serde does.
 */
import { items, ParamError, type ParamReader } from '../../../shared/params';
import { toChecksumAddress } from '../../crypto';
import { readGasStation } from '../eth/activationParams';
import type { GasStation } from '../eth/gasStation';
import { DEFAULT_GAP_LIMIT, MAX_GAP_LIMIT, MAX_MIN_ADDRESSES } from '../hdWallet/path';
import type { HdScanOptions } from '../utxo/hdWallet';
import { readElectrumConnection, readUtxoOptions, type ElectrumActivationParams, type ElectrumRuntime } from '../utxo/activationParams';
import { platformError } from './errors';

/** More tokens than any wallet activates at once; each costs a balance call and maybe a `decimals()` call. */
export const MAX_TOKEN_REQUESTS = 500;
export const MAX_ETH_NODES = 32;
export const MAX_ELECTRUM_SERVERS = 64;

/** KDF's `HDPathAccountToAddressId`: the enabled address, the one `my_balance` and swaps use; this node enables account 0, external, index 0. */
export interface PathToAddress {
  accountId: number;
  chain: 'External' | 'Internal';
  addressId: number;
}

export const DEFAULT_PATH_TO_ADDRESS: PathToAddress = { accountId: 0, chain: 'External', addressId: 0 };

export type EnableUtxoRequest = { ticker: string; pathToAddress: PathToAddress; hdScan: HdScanOptions } & (
  | { mode: 'Native' }
  | { mode: 'Electrum'; params: ElectrumActivationParams }
);

/** `task::enable_utxo::init`: `{ticker, activation_params: UtxoActivationParams}`. */
export function readEnableUtxoRequest(p: ParamReader, runtime: ElectrumRuntime = 'page'): EnableUtxoRequest {
  const ticker = p.str('ticker');
  const a = p.obj_('activation_params');
  const mode = a.obj_('mode');
  const rpc = mode.oneOf('rpc', ['Electrum', 'Native'] as const);
  const options = readUtxoOptions(a);
  const hdScan = readHdScanOptions(a);
  const pathToAddress = readPathToAddress(a);
  if (rpc === 'Native') return { ticker, pathToAddress, hdScan, mode: 'Native' };
  const rpcData = mode.obj_('rpc_data');
  bound(rpcData, 'servers', MAX_ELECTRUM_SERVERS);
  return { ticker, pathToAddress, hdScan, mode: 'Electrum', params: { ...readElectrumConnection(rpcData, runtime), ...options } };
}

export interface TokenRequest {
  ticker: string;
  /** A custom token's protocol, as sent. */
  protocol: Record<string, unknown> | undefined;
  requiredConfirmations: number | undefined;
}

export interface EthWithTokensRequest {
  ticker: string;
  nodes: string[];
  /** EIP-55. */
  swapContractAddress: string;
  fallbackSwapContract: string | null;
  privKeyPolicy: 'ContextPrivKey' | 'Trezor';
  requiredConfirmations: number | undefined;
  /** Beyond KDF's request: the legacy `enable`'s gas station keys, so a client keeps its gas price source. */
  gasStation: GasStation | null;
  txHistory: boolean;
  getBalances: boolean;
  /** Tickers in request order, each once (KDF keeps the first of a repeated ticker). */
  tokens: TokenRequest[];
  /** `nft_req` was sent; NFTs are not served here. */
  nftRequested: boolean;
  pathToAddress: PathToAddress;
}

/** `enable_eth_with_tokens` and `task::enable_eth::init`: KDF's `EthWithTokensActivationRequest`, flattened beside `ticker`. */
export function readEthWithTokensRequest(p: ParamReader): EthWithTokensRequest {
  const ticker = p.str('ticker');
  if (p.has('nodes')) bound(p, 'nodes', MAX_ETH_NODES);
  const nodes = p.has('nodes') ? p.arr('nodes', (v, path) => readNodeUrl(items.obj(v, path))) : [];
  const swapContractAddress = readAddress(p, 'swap_contract_address');
  const fallbackSwapContract = p.has('fallback_swap_contract') ? readAddress(p, 'fallback_swap_contract') : null;
  if (/^0x0{40}$/i.test(swapContractAddress)) throw platformError.invalidPayload("swap_contract_address can't be zero address");
  if (fallbackSwapContract !== null && /^0x0{40}$/i.test(fallbackSwapContract)) {
    throw platformError.invalidPayload("fallback_swap_contract can't be zero address");
  }
  if (p.has('rpc_mode')) p.oneOf('rpc_mode', ['Default'] as const);
  p.optUint('mm2');
  readHdScanOptions(p);
  bound(p, 'erc20_tokens_requests', MAX_TOKEN_REQUESTS);
  const seen = new Set<string>();
  const tokens = p.arr('erc20_tokens_requests', (v, path) => readTokenRequest(items.obj(v, path))).filter((t) => {
    if (seen.has(t.ticker)) return false;
    seen.add(t.ticker);
    return true;
  });
  return {
    ticker,
    nodes,
    swapContractAddress: toChecksumAddress(swapContractAddress),
    fallbackSwapContract: fallbackSwapContract === null ? null : toChecksumAddress(fallbackSwapContract),
    privKeyPolicy: readEthPrivKeyPolicy(p),
    requiredConfirmations: p.optUint('required_confirmations'),
    gasStation: readGasStation(p),
    txHistory: p.optBool('tx_history', false),
    getBalances: p.optBool('get_balances', true),
    tokens,
    nftRequested: p.has('nft_req'),
    pathToAddress: readPathToAddress(p),
  };
}

export interface EnableErc20Request {
  ticker: string;
  protocol: Record<string, unknown> | undefined;
  requiredConfirmations: number | undefined;
  /** `activation_params` was KDF's NFT form (`provider`). */
  nft: boolean;
}

/** `enable_erc20`: `{ticker, protocol?, activation_params: {required_confirmations?}}`. */
export function readEnableErc20Request(p: ParamReader): EnableErc20Request {
  const ticker = p.str('ticker');
  const protocol = p.optObj('protocol')?.obj;
  const a = p.obj_('activation_params');
  return { ticker, protocol, requiredConfirmations: a.optUint('required_confirmations'), nft: a.has('provider') };
}

function readTokenRequest(t: ParamReader): TokenRequest {
  return { ticker: t.str('ticker'), protocol: t.optObj('protocol')?.obj, requiredConfirmations: t.optUint('required_confirmations') };
}

/** In the browser only fetch is there: http(s) nodes (KDF's native build also takes ws(s)). */
function readNodeUrl(node: ParamReader): string {
  const url = node.str('url');
  node.optBool('komodo_proxy', false);
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw platformError.invalidPayload(`${url} could not be parsed.`);
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw platformError.invalidPayload(`Invalid node address '${url}'. Only http(s) nodes are supported in a browser`);
  }
  return url;
}

function readAddress(p: ParamReader, name: string): string {
  const value = p.str(name);
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw new ParamError(p.field(name), `\`${p.field(name)}\` must be 0x and 40 hex digits, got '${value.slice(0, 100)}'`);
  return value;
}

/** EVM's policy is KDF's tagged object (`{"type": "ContextPrivKey"}`); the plain string is taken too. */
function readEthPrivKeyPolicy(p: ParamReader): 'ContextPrivKey' | 'Trezor' {
  const values = ['ContextPrivKey', 'Trezor'] as const;
  if (!p.has('priv_key_policy')) return 'ContextPrivKey';
  return typeof p.raw('priv_key_policy') === 'string' ? p.oneOf('priv_key_policy', values) : p.obj_('priv_key_policy').oneOf('type', values);
}

/** KDF's `EnabledCoinBalanceParams` and `gap_limit` (default `scan_if_new_wallet`, 20), bounded. */
export function readHdScanOptions(p: ParamReader): HdScanOptions {
  const scanPolicy = p.has('scan_policy') ? p.oneOf('scan_policy', ['do_not_scan', 'scan_if_new_wallet', 'scan'] as const) : 'scan_if_new_wallet';
  return {
    scanPolicy,
    minAddressesNumber: optAtMost(p, 'min_addresses_number', MAX_MIN_ADDRESSES),
    gapLimit: optAtMost(p, 'gap_limit', MAX_GAP_LIMIT) ?? DEFAULT_GAP_LIMIT,
  };
}

function optAtMost(p: ParamReader, name: string, max: number): number | undefined {
  const n = p.optUint(name);
  if (n !== undefined && n > max) throw new ParamError(p.field(name), `\`${p.field(name)}\` is ${n}, at most ${max} is allowed`);
  return n;
}

function readPathToAddress(p: ParamReader): PathToAddress {
  const r = p.optObj('path_to_address');
  if (!r) return DEFAULT_PATH_TO_ADDRESS;
  return {
    accountId: r.optUint('account_id') ?? 0,
    chain: r.has('chain') ? r.oneOf('chain', ['External', 'Internal'] as const) : 'External',
    addressId: r.optUint('address_id') ?? 0,
  };
}

function bound(p: ParamReader, name: string, max: number): void {
  const v = p.raw(name);
  if (Array.isArray(v) && v.length > max) throw new ParamError(p.field(name), `\`${p.field(name)}\` lists ${v.length} items, at most ${max} are allowed`);
}
