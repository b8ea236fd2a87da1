/**
 * Parses KDF's coins file (a JSON array of entries, kdf-facts §6) into `CoinConfig`s. A bad
 * entry is reported by ticker and field and left out; the rest still load, so one typo in a
 * large file costs one coin, not the node.
 */
import { parseProtocol } from './protocol';
import { EntryReader, shown } from './reader';
import { isRecord } from '../../../shared/guards';
import type { CoinConfig, CoinConfigIssue, CoinProtocol } from './types';
import { parseUtxoParams } from './utxo';

export interface ParsedCoinsConfig {
  /** Valid entries by ticker, in file order. */
  coins: Map<string, CoinConfig>;
  issues: CoinConfigIssue[];
}

const DERIVATION_PATH = /^m\/\d+'\/\d+'$/;
const MAX = Number.MAX_SAFE_INTEGER;

/** Platform coin protocol each token family needs. */
const PLATFORM_TYPE = { ERC20: 'ETH', QRC20: 'QTUM' } as const;

function defaultDecimals(protocol: CoinProtocol): number | undefined {
  switch (protocol.type) {
    case 'UTXO':
    case 'QTUM':
      return 8;
    case 'ETH':
      return 18;
    default:
      return undefined; // tokens: the contract's `decimals()`
  }
}

function parseEntry(r: EntryReader): CoinConfig | undefined {
  const protocol = parseProtocol(r);
  const utxo = protocol && protocol.type !== 'ETH' && protocol.type !== 'ERC20' ? parseUtxoParams(r) : undefined;
  const common = {
    name: r.string('name'),
    fullName: r.string('fname'),
    decimals: r.int('decimals', 0, 255),
    mm2: r.flag('mm2'),
    walletOnly: r.bool('wallet_only') ?? false,
    requiredConfirmations: r.int('required_confirmations', 0, MAX) ?? 1,
    requiresNotarization: r.bool('requires_notarization') ?? false,
    derivationPath: r.string('derivation_path', DERIVATION_PATH, "a path m/<purpose>'/<coin type>'"),
    trezorCoin: r.string('trezor_coin'),
    orderbookTicker: r.string('orderbook_ticker'),
    avgBlocktime: r.number('avg_blocktime', 0),
    chainId: r.int('chain_id', 1, MAX),
    signMessagePrefix: r.string('sign_message_prefix'),
    isTestnet: r.bool('is_testnet') ?? false,
  };
  if (!protocol) return undefined;
  return {
    ticker: r.ticker,
    protocol,
    ...common,
    decimals: common.decimals ?? defaultDecimals(protocol),
    utxo,
    raw: r.obj,
  };
}

/** The entry's ticker, or undefined after reporting why it has none. */
function tickerOf(entry: Record<string, unknown>, index: number, issues: CoinConfigIssue[]): string | undefined {
  const coin = entry['coin'];
  if (typeof coin === 'string' && coin !== '') return coin;
  const message = coin === undefined ? 'missing' : `expected a non-empty string, found ${shown(coin)}`;
  issues.push({ ticker: `#${index}`, field: 'coin', message });
  return undefined;
}

/** Drops tokens whose platform coin is absent (or was rejected) or of the wrong family. */
function checkPlatforms(coins: Map<string, CoinConfig>, issues: CoinConfigIssue[]): void {
  for (const [ticker, coin] of coins) {
    if (coin.protocol.type !== 'ERC20' && coin.protocol.type !== 'QRC20') continue;
    const { platform } = coin.protocol;
    const wanted = PLATFORM_TYPE[coin.protocol.type];
    const found = coins.get(platform)?.protocol.type;
    if (found === wanted) continue;
    const message =
      found === undefined
        ? `platform coin "${platform}" is not in the file or was rejected`
        : `platform coin "${platform}" has protocol ${found}, expected ${wanted}`;
    issues.push({ ticker, field: 'protocol.protocol_data.platform', message });
    coins.delete(ticker);
  }
}

export function parseCoinsConfig(json: unknown): ParsedCoinsConfig {
  const coins = new Map<string, CoinConfig>();
  const issues: CoinConfigIssue[] = [];
  if (!Array.isArray(json)) {
    issues.push({ ticker: '', field: '', message: `expected a JSON array of coin entries, found ${shown(json)}` });
    return { coins, issues };
  }
  const seen = new Set<string>();
  json.forEach((entry: unknown, index) => {
    if (!isRecord(entry)) {
      issues.push({ ticker: `#${index}`, field: '', message: `expected an object, found ${shown(entry)}` });
      return;
    }
    const ticker = tickerOf(entry, index, issues);
    if (ticker === undefined) return;
    if (seen.has(ticker)) {
      issues.push({ ticker, field: 'coin', message: `duplicate ticker (entry #${index}); the first entry is used` });
      return;
    }
    seen.add(ticker);
    const reader = new EntryReader(ticker, entry);
    const config = parseEntry(reader);
    if (reader.issues.length > 0) issues.push(...reader.issues);
    else if (config) coins.set(ticker, config);
  });
  checkPlatforms(coins, issues);
  return { coins, issues };
}
