/**
 * What the page knows about coins before the node is asked: the static coins file (the same one
 * the node reads) and the default Electrum servers per ticker (`electrums.json`).
 */

export type ServerProtocol = 'WS' | 'WSS';

/** One item of the `electrum` request's `servers` list. */
export interface ElectrumServer {
  url: string;
  protocol: ServerProtocol;
}

/** A coin the page can offer in the "Add coin" picker. */
export interface CoinOption {
  ticker: string;
  name: string;
  protocol: string;
  testnet: boolean;
  /** UTXO and QTUM coins are activated with `electrum`; other families are not offered yet. */
  electrum: boolean;
}

const ELECTRUM_PROTOCOLS = new Set(['UTXO', 'QTUM']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads the coins file's entries (KDF coins-file format); entries without a ticker are skipped. */
export function parseCoinsFile(data: unknown): CoinOption[] {
  if (!Array.isArray(data)) throw new Error('the coins file is not a list');
  const out: CoinOption[] = [];
  for (const item of data) {
    if (!isRecord(item) || typeof item.coin !== 'string' || item.coin === '') continue;
    const protocol = isRecord(item.protocol) && typeof item.protocol.type === 'string' ? item.protocol.type : 'UTXO';
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
      electrum: ELECTRUM_PROTOCOLS.has(protocol),
    });
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
