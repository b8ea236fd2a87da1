/**
 * Block-explorer links per coin, from the coins file's optional keys as Komodo's coins_config.json
 * spells them: a transaction is `explorer_url + explorer_tx_url + hash` ("tx/" by default), an
 * address `explorer_url + explorer_address_url + address` ("address/" by default). The coins file
 * is data, not code: a link is made only to https (or http on 127.0.0.1, a local explorer), on the
 * explorer's own host, so an entry can never inject a `javascript:` or another site's link.
 */
import { isRecord } from '../../shared/guards';

export interface Explorer {
  /** `explorer_url`, checked. */
  base: string;
  txPath: string;
  addressPath: string;
  /** EVM explorers name transactions with their 0x prefix; the node's swap events carry bare hex. */
  hexPrefix: boolean;
}

const DEFAULT_TX_PATH = 'tx/';
const DEFAULT_ADDRESS_PATH = 'address/';
const MAX_URL = 300;
const MAX_PATH = 64;
const EVM_PROTOCOLS = new Set(['ETH', 'ERC20']);
const TX_HASH_RE = /^(0x)?[0-9a-fA-F]{16,128}$/;
const ADDRESS_RE = /^[A-Za-z0-9:_-]{8,128}$/;


/** The URL when a page may link to it: https, or http on 127.0.0.1; no credentials. Null otherwise. */
export function safeLinkUrl(raw: string): URL | null {
  if (raw.length > MAX_URL || /[\s\\]/.test(raw)) return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  const local = u.protocol === 'http:' && u.hostname === '127.0.0.1';
  if ((u.protocol !== 'https:' && !local) || u.hostname === '' || u.username !== '' || u.password !== '') return null;
  return u;
}

/** A relative path key: short, no scheme, no `//`, no `..`, no query-breaking characters. */
function pathKey(v: unknown, fallback: string): string | null {
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || v.length > MAX_PATH || !/^[A-Za-z0-9/#._-]*$/.test(v) || v.startsWith('/') || v.includes('//') || v.includes('..')) {
    return null;
  }
  return v;
}

/** A coins-file entry's explorer, or null when it names none or names one the page will not link to. */
export function readExplorer(entry: unknown): Explorer | null {
  if (!isRecord(entry) || typeof entry.explorer_url !== 'string') return null;
  const url = safeLinkUrl(entry.explorer_url);
  const txPath = pathKey(entry.explorer_tx_url, DEFAULT_TX_PATH);
  const addressPath = pathKey(entry.explorer_address_url, DEFAULT_ADDRESS_PATH);
  if (!url || txPath === null || addressPath === null) return null;
  const protocol = isRecord(entry.protocol) && typeof entry.protocol.type === 'string' ? entry.protocol.type : 'UTXO';
  // Joined as strings, as Komodo's wallets do; the base must end its path so the key extends it.
  const base = entry.explorer_url.endsWith('/') ? entry.explorer_url : `${entry.explorer_url}/`;
  return { base, txPath, addressPath, hexPrefix: EVM_PROTOCOLS.has(protocol) };
}

/** Explorers by ticker, from the coins file's list. */
export function readExplorers(coins: unknown): Record<string, Explorer> {
  const out: Record<string, Explorer> = {};
  if (!Array.isArray(coins)) return out;
  for (const entry of coins) {
    const ex = readExplorer(entry);
    if (ex && isRecord(entry) && typeof entry.coin === 'string') out[entry.coin] = ex;
  }
  return out;
}

/** The link, checked again once joined: same scheme and host as the explorer's. */
function join(ex: Explorer, path: string, item: string): string | null {
  const base = safeLinkUrl(ex.base);
  const url = safeLinkUrl(`${ex.base}${path}${encodeURIComponent(item)}`);
  if (!base || !url || url.protocol !== base.protocol || url.host !== base.host) return null;
  return url.href;
}

export function explorerTxUrl(ex: Explorer, txHash: string): string | null {
  if (!TX_HASH_RE.test(txHash)) return null;
  const bare = txHash.replace(/^0x/i, '');
  return join(ex, ex.txPath, ex.hexPrefix ? `0x${bare}` : bare);
}

export function explorerAddressUrl(ex: Explorer, address: string): string | null {
  return ADDRESS_RE.test(address) ? join(ex, ex.addressPath, address) : null;
}

let loading: Promise<Record<string, Explorer>> | null = null;

/** The explorers of the app's coins file, read once per page; none when it cannot be read. */
export function loadExplorers(): Promise<Record<string, Explorer>> {
  loading ??= fetch('coins.json', { cache: 'no-cache' })
    .then(async (r) => (r.ok ? readExplorers(await r.json()) : {}))
    .catch(() => ({}));
  return loading;
}
