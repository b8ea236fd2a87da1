/**
 * What the page knows about coins before the node is asked: the static coins file (the same one
 * the node reads), the default Electrum servers per ticker (`electrums.json`) and the default EVM
 * nodes and swap contracts per platform coin (`evm-nodes.json`).
 */
import { isRecord } from '../../shared/guards';

export type ServerProtocol = 'WS' | 'WSS';

/** One item of the `electrum` request's `servers` list. */
export interface ElectrumServer {
  url: string;
  protocol: ServerProtocol;
}

/**
 * How a coin is activated: `utxo` with Electrum servers (UTXO, QTUM and its QRC20 tokens), `evm`
 * with `enable` and node URLs (ETH platform coins and their ERC20 tokens); other families are not
 * offered yet.
 */
export type CoinFamily = 'utxo' | 'evm' | 'other';

/** A coin the page can offer in the "Add coin" picker. */
export interface CoinOption {
  ticker: string;
  name: string;
  protocol: string;
  testnet: boolean;
  family: CoinFamily;
  /** UTXO, QTUM and QRC20 coins are activated with Electrum servers. */
  electrum: boolean;
  /**
   * QTUM and its QRC20 tokens: activated with the flat `electrum` (the node's `task::enable_utxo`
   * takes plain UTXO coins only, as KDF's), a token with its swap contracts.
   */
  qtum: boolean;
  /** A token's platform coin (the coin that pays its gas); null for platform and UTXO coins. */
  platform: string | null;
  /** A UTXO coin the node can put on a Trezor's account (it has `trezor_coin` and `derivation_path`). */
  trezor: boolean;
  /**
   * The EtomicSwap contracts of an EVM coin's chain from the coins file (`swap_contract_address`,
   * `fallback_swap_contract`, as Komodo Wallet's coins config has them); a token takes its
   * platform's. Null when the file has none.
   */
  swapContract: string | null;
  fallbackSwapContract: string | null;
  /**
   * The coins file's `max_eth_tx_type` of an EVM coin (a token without its own takes its
   * platform's, as the node does): 2 or more lets the Send form offer EIP-1559 fees. 0 when absent.
   */
  maxEthTxType: number;
}

const ELECTRUM_PROTOCOLS = new Set(['UTXO', 'QTUM', 'QRC20']);
const QTUM_PROTOCOLS = new Set(['QTUM', 'QRC20']);
const TOKEN_PROTOCOLS = new Set(['ERC20', 'QRC20']);
const EVM_PROTOCOLS = new Set(['ETH', 'ERC20']);

export function familyOf(protocol: string): CoinFamily {
  if (ELECTRUM_PROTOCOLS.has(protocol)) return 'utxo';
  if (EVM_PROTOCOLS.has(protocol)) return 'evm';
  return 'other';
}

/** A contract address field of a coins-file entry, when it is one (0x and 40 hex digits, not zero). */
function contractOf(item: Record<string, unknown>, key: string): string | null {
  const v = item[key];
  return typeof v === 'string' && checkContractAddress(v).address !== null ? v : null;
}

/** `max_eth_tx_type` when it is a transaction type (0..0x7f), else undefined. */
function txTypeOf(item: Record<string, unknown>): number | undefined {
  const v = item.max_eth_tx_type;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0x7f ? v : undefined;
}

/** Reads the coins file's entries (KDF coins-file format); entries without a ticker are skipped. */
export function parseCoinsFile(data: unknown): CoinOption[] {
  if (!Array.isArray(data)) throw new Error('the coins file is not a list');
  const out: CoinOption[] = [];
  /** Tickers whose entry names its own `max_eth_tx_type`. */
  const ownTxType = new Set<string>();
  for (const item of data) {
    if (!isRecord(item) || typeof item.coin !== 'string' || item.coin === '') continue;
    const protocol = isRecord(item.protocol) && typeof item.protocol.type === 'string' ? item.protocol.type : 'UTXO';
    const data = isRecord(item.protocol) && isRecord(item.protocol.protocol_data) ? item.protocol.protocol_data : {};
    const platform = TOKEN_PROTOCOLS.has(protocol) && typeof data.platform === 'string' && data.platform !== '' ? data.platform : null;
    const name =
      typeof item.fname === 'string' && item.fname !== ''
        ? item.fname
        : typeof item.name === 'string' && item.name !== ''
          ? item.name
          : item.coin;
    out.push({
      ticker: item.coin,
      name,
      protocol,
      testnet: item.is_testnet === true,
      family: familyOf(protocol),
      electrum: ELECTRUM_PROTOCOLS.has(protocol),
      qtum: QTUM_PROTOCOLS.has(protocol),
      platform,
      trezor:
        protocol === 'UTXO' &&
        typeof item.trezor_coin === 'string' &&
        item.trezor_coin !== '' &&
        typeof item.derivation_path === 'string' &&
        item.derivation_path !== '',
      swapContract: contractOf(item, 'swap_contract_address'),
      fallbackSwapContract: contractOf(item, 'fallback_swap_contract'),
      maxEthTxType: txTypeOf(item) ?? 0,
    });
    if (txTypeOf(item) !== undefined) ownTxType.add(item.coin);
  }
  // A token swaps through its platform's contracts unless its own entry names others.
  const byTicker = new Map(out.map((o) => [o.ticker, o]));
  for (const o of out) {
    const p = o.platform !== null ? byTicker.get(o.platform) : undefined;
    if (p === undefined) continue;
    if (!ownTxType.has(o.ticker)) o.maxEthTxType = p.maxEthTxType;
    if (o.swapContract !== null) continue;
    o.swapContract = p.swapContract;
    o.fallbackSwapContract = p.fallbackSwapContract;
  }
  return out;
}

function parseServer(v: unknown): ElectrumServer | null {
  if (!isRecord(v) || typeof v.url !== 'string' || v.url === '') return null;
  const protocol = v.protocol === 'WS' ? 'WS' : 'WSS';
  return { url: v.url, protocol };
}

/** `electrums.json`: ticker → servers list (or `{servers}`); only WS/WSS servers work in a page. */
export function parseElectrumDefaults(data: unknown): Record<string, ElectrumServer[]> {
  if (!isRecord(data)) throw new Error('the servers file is not an object');
  const out: Record<string, ElectrumServer[]> = {};
  for (const [ticker, value] of Object.entries(data)) {
    const list = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.servers) ? value.servers : [];
    const servers = list
      .filter((s) => !isRecord(s) || s.protocol === undefined || s.protocol === 'WS' || s.protocol === 'WSS')
      .map(parseServer)
      .filter((s): s is ElectrumServer => s !== null);
    out[ticker] = servers;
  }
  return out;
}

async function fetchJson(path: string): Promise<unknown> {
  const r = await fetch(path, { cache: 'no-cache' });
  if (!r.ok) throw new Error(`${path} answered HTTP ${r.status}`);
  return (await r.json()) as unknown;
}

/** An EVM platform coin's defaults: exactly the `enable` arguments `urls` and the swap contracts. */
export interface EvmNodeDefaults {
  urls: string[];
  swapContract: string;
  fallbackSwapContract: string | null;
}

const CONTRACT_RE = /^0x[0-9a-fA-F]{40}$/;

/** `evm-nodes.json`: ticker → `{urls, swap_contract_address, fallback_swap_contract?}`; bad entries are skipped. */
export function parseEvmDefaults(data: unknown): Record<string, EvmNodeDefaults> {
  if (!isRecord(data)) throw new Error('the EVM nodes file is not an object');
  const out: Record<string, EvmNodeDefaults> = {};
  for (const [ticker, v] of Object.entries(data)) {
    if (!isRecord(v) || !Array.isArray(v.urls)) continue;
    const urls = v.urls.filter((u): u is string => typeof u === 'string' && checkRpcUrl(u).url !== null);
    const swap = typeof v.swap_contract_address === 'string' && CONTRACT_RE.test(v.swap_contract_address) ? v.swap_contract_address : '';
    const fallback =
      typeof v.fallback_swap_contract === 'string' && CONTRACT_RE.test(v.fallback_swap_contract) ? v.fallback_swap_contract : null;
    out[ticker] = { urls, swapContract: swap, fallbackSwapContract: fallback };
  }
  return out;
}

export async function loadCoinOptions(): Promise<CoinOption[]> {
  return parseCoinsFile(await fetchJson('coins.json'));
}

/** The default servers; a missing or broken file only means no defaults. */
export async function loadElectrumDefaults(): Promise<Record<string, ElectrumServer[]>> {
  try {
    return parseElectrumDefaults(await fetchJson('electrums.json'));
  } catch {
    return {};
  }
}

/** The default EVM nodes; a missing or broken file only means no defaults. */
export async function loadEvmDefaults(): Promise<Record<string, EvmNodeDefaults>> {
  try {
    return parseEvmDefaults(await fetchJson('evm-nodes.json'));
  } catch {
    return {};
  }
}

/**
 * Coins whose ticker or name contains every word of `query` (case-insensitive), exact ticker
 * matches first, then tickers starting with the query, then the rest by ticker.
 */
export function searchCoins(list: readonly CoinOption[], query: string): CoinOption[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter((w) => w !== '');
  const hits = list.filter((c) => {
    const hay = `${c.ticker} ${c.name}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const q = query.trim().toLowerCase();
  const rank = (c: CoinOption): number => {
    const t = c.ticker.toLowerCase();
    if (q !== '' && t === q) return 0;
    if (q !== '' && t.startsWith(q)) return 1;
    return 2;
  };
  return hits.sort((a, b) => rank(a) - rank(b) || a.ticker.localeCompare(b.ticker));
}

/**
 * The protocol a typed server most likely speaks: WS for one on this computer (the devnet's,
 * a local Electrum server), else null (keep the current choice; public servers speak WSS).
 */
export function suggestedProtocol(rawUrl: string): ServerProtocol | null {
  return isLoopbackHost(rawUrl) ? 'WS' : null;
}

/** A server (`host:port`, a scheme allowed) on this computer: localhost, 127.x.x.x or [::1]. */
export function isLoopbackHost(rawUrl: string): boolean {
  const url = rawUrl.trim().replace(/^wss?:\/\//i, '');
  const host = (/^(\[[^\]]+\]|[^:/]+)/.exec(url)?.[1] ?? '').toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export interface ServerCheck {
  server: ElectrumServer | null;
  error: string | null;
}

/**
 * Checks one typed server row: `host:port` with no scheme (a `ws://` or `wss://` prefix is taken
 * off and sets the protocol), port 1..65535.
 */
export function checkServer(rawUrl: string, protocol: ServerProtocol): ServerCheck {
  let url = rawUrl.trim();
  let proto = protocol;
  const scheme = /^(wss?):\/\//i.exec(url);
  if (scheme) {
    proto = scheme[1]?.toLowerCase() === 'ws' ? 'WS' : 'WSS';
    url = url.slice(scheme[0].length);
  }
  url = url.replace(/\/+$/, '');
  if (url === '') return { server: null, error: 'Enter the server as host:port.' };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || url.includes('/')) {
    return { server: null, error: 'Write the server as host:port, without a path.' };
  }
  const m = /^(\[[0-9a-fA-F:.]+\]|[^\s:[\]]+):(\d{1,5})$/.exec(url);
  if (!m) return { server: null, error: 'Write the server as host:port, e.g. electrum.example.com:30001.' };
  const port = Number(m[2]);
  if (port < 1 || port > 65535) return { server: null, error: 'The port must be between 1 and 65535.' };
  return { server: { url, protocol: proto }, error: null };
}

export interface UrlCheck {
  url: string | null;
  error: string | null;
}

/** Checks one typed EVM node URL: http(s) only (a page can only `fetch` them), with a host. */
export function checkRpcUrl(raw: string): UrlCheck {
  const s = raw.trim();
  if (s === '') return { url: null, error: 'Enter the node URL, e.g. https://ethereum-rpc.publicnode.com.' };
  if (/^wss?:\/\//i.test(s)) return { url: null, error: 'A page reaches EVM nodes over http(s) only: use the node’s https:// URL.' };
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return { url: null, error: 'Write the full URL with its scheme, e.g. https://node.example.com or http://127.0.0.1:8545.' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return { url: null, error: 'Only http:// and https:// node URLs can be used.' };
  }
  if (u.hostname === '') return { url: null, error: 'The URL has no host.' };
  return { url: s, error: null };
}

export interface ContractCheck {
  address: string | null;
  error: string | null;
}

/** A contract address typed by the user: 0x and 40 hex digits, not the zero address. */
export function checkContractAddress(raw: string): ContractCheck {
  const s = raw.trim();
  if (s === '') return { address: null, error: 'Enter the contract address (0x and 40 hex digits).' };
  if (!CONTRACT_RE.test(s)) return { address: null, error: 'A contract address is 0x followed by 40 hex digits.' };
  if (/^0x0{40}$/.test(s)) return { address: null, error: 'The zero address is not a contract.' };
  return { address: s, error: null };
}
