/**
 * The `enable` request's arguments for ETH and ERC20 coins (spec §4.4, kdf-facts §1.1), read and
 * checked with KDF's messages (`eth_coin_from_conf_and_request`).
 */
import { items, ParamError, type ParamReader } from '../../../shared/params';
import { toChecksumAddress } from '../../crypto';
import { DEFAULT_GAS_STATION_DECIMALS, GAS_STATION_POLICIES, type GasStation } from './gasStation';

export interface EthActivationParams {
  urls: string[];
  /** EIP-55. */
  swapContractAddress: string;
  fallbackSwapContract: string | null;
  gasStation: GasStation | null;
  mm2: number | undefined;
  txHistory: boolean;
  requiredConfirmations: number | undefined;
  /** Read for compatibility; EVM coins have no notarization (KDF ignores it with a warning). */
  requiresNotarization: boolean | undefined;
}

const ZERO_ADDRESS = /^0x0{40}$/;

/** The coin's contracts in the coins file (`swap_contract_address`, `fallback_swap_contract`), as Komodo Wallet's coins config lists them. */
export interface CoinsFileContracts {
  swapContractAddress?: unknown;
  fallbackSwapContract?: unknown;
}

/**
 * `fromCoinsFile`: a request without `swap_contract_address` (the spec requires it for QRC20
 * only) takes the coins file's, and its fallback with it; a request that names one keeps KDF's
 * reading. Without either, KDF's "missing field" error.
 */
export function readEthActivationParams(args: ParamReader, fromCoinsFile: CoinsFileContracts = {}): EthActivationParams {
  const urls = args.arr('urls', (v, path) => readUrl(items.str(v, path), path));
  if (urls.length === 0) throw new ParamError('urls', 'Enable request for ETH coin must have at least 1 node URL');
  const fileSwap = fileContract(fromCoinsFile.swapContractAddress);
  if (!args.has('swap_contract_address') && fileSwap !== null) {
    return readRest(args, urls, fileSwap, args.has('fallback_swap_contract') ? readContract(args, 'fallback_swap_contract') : fileContract(fromCoinsFile.fallbackSwapContract));
  }
  const swapContractAddress = readContract(args, 'swap_contract_address');
  const fallbackSwapContract = args.has('fallback_swap_contract') ? readContract(args, 'fallback_swap_contract') : null;
  return readRest(args, urls, swapContractAddress, fallbackSwapContract);
}

/** A coins-file contract, when it is a usable one (0x and 40 hex digits, not zero). */
function fileContract(v: unknown): string | null {
  return typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v) && !ZERO_ADDRESS.test(v) ? toChecksumAddress(v) : null;
}

function readRest(args: ParamReader, urls: string[], swapContractAddress: string, fallbackSwapContract: string | null): EthActivationParams {
  const mm2 = args.optUint('mm2');
  if (mm2 !== undefined && mm2 > 1) throw new ParamError('mm2', '`mm2` must be 0 or 1');
  return {
    urls,
    swapContractAddress,
    fallbackSwapContract,
    gasStation: readGasStation(args),
    mm2,
    txHistory: args.optBool('tx_history', false),
    requiredConfirmations: args.optUint('required_confirmations'),
    requiresNotarization: args.has('requires_notarization') ? args.bool('requires_notarization') : undefined,
  };
}

/** In the browser only fetch is there: http(s) URLs, no WebSocket nodes. */
function readUrl(url: string, path: string): string {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new ParamError(path, `Invalid node address '${url}'. Only http(s) nodes are supported`);
  }
  return url;
}

function readContract(args: ParamReader, name: string): string {
  const value = args.str(name);
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw new ParamError(name, `\`${name}\` must be 0x and 40 hex digits, got '${value}'`);
  if (ZERO_ADDRESS.test(value)) throw new ParamError(name, `${name} can't be zero address`);
  return toChecksumAddress(value);
}

/** `gas_station_url`, `gas_station_decimals`, `gas_station_policy`: the legacy `enable`'s keys (also read by the v2 EVM activation, beyond KDF). */
export function readGasStation(args: ParamReader): GasStation | null {
  const url = args.optStr('gas_station_url');
  if (url === undefined) return null;
  const decimals = args.optUint('gas_station_decimals') ?? DEFAULT_GAS_STATION_DECIMALS;
  if (decimals > 255) throw new ParamError('gas_station_decimals', '`gas_station_decimals` must be at most 255');
  const policy = args.optObj('gas_station_policy')?.oneOf('policy', GAS_STATION_POLICIES) ?? 'MeanAverageFast';
  return { url: readUrl(url, 'gas_station_url'), decimals, policy };
}
