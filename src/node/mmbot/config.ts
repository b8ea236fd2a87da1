/**
 * The bot's configuration: KDF's `StartSimpleMakerBotRequest` (`cfg` of `SimpleCoinMarketMakerCfg`
 * per `BASE/REL`, `price_url` or `price_urls`, `bot_refresh_rate`), read and checked before
 * anything starts. KDF takes any well-typed value; here values that would place an order at a
 * wrong price or never refresh (a spread ≤ 0, a key that is not its pair, a refresh past a day,
 * a price source on plain http off this machine) are `InvalidBotConfiguration`.
 */
import type { MmNumber } from '../../shared/number';
import { items, ParamError, type ParamReader } from '../../shared/params';
import { mmBotError } from './errors';
import { checkPriceUrl, PRICE_ENDPOINTS } from './priceClient';

/** KDF's `VolumeSettings`: a fraction of the balance (`{"percentage": "0.25"}`) or USD (`{"usd": "100"}`). */
export type VolumeSetting = { kind: 'percentage'; value: MmNumber } | { kind: 'usd'; value: MmNumber };

/** KDF's `SimpleCoinMarketMakerCfg`. */
export interface PairConfig {
  base: string;
  rel: string;
  spread: MmNumber;
  enable: boolean;
  minVolume?: VolumeSetting;
  maxVolume?: VolumeSetting;
  max?: boolean;
  baseConfs?: number;
  baseNota?: boolean;
  relConfs?: number;
  relNota?: boolean;
  /** Seconds a price may be old (KDF's default 300). */
  priceElapsedValidity?: number;
  checkLastBidirectionalTradeThreshHold?: boolean;
  minBasePrice?: MmNumber;
  minRelPrice?: MmNumber;
  minPairPrice?: MmNumber;
}

export interface BotConfig {
  /** By `BASE/REL`, in the request's order. */
  pairs: Map<string, PairConfig>;
  priceUrls: string[];
  /** Seconds between cycles, at least BOT_DEFAULT_REFRESH_RATE. */
  refreshRate: number;
}

/** KDF's BOT_DEFAULT_REFRESH_RATE, also the least it runs at (a lower rate is raised to it). */
export const BOT_DEFAULT_REFRESH_RATE = 30;
/** Ours: the longest wait between cycles (timers past ~24 days fire at once). */
export const BOT_MAX_REFRESH_RATE = 86_400;
/** Ours: pairs one bot runs; each costs a balance read and an order per cycle. */
export const MAX_BOT_PAIRS = 100;
export const MAX_PRICE_URLS = 8;
/** KDF's default `price_elapsed_validity`. */
export const DEFAULT_PRICE_VALIDITY = 300;

function volumeSetting(p: ParamReader, name: string): VolumeSetting | undefined {
  const v = p.optObj(name);
  if (!v) return undefined;
  const keys = Object.keys(v.obj);
  if (keys.length !== 1 || (keys[0] !== 'percentage' && keys[0] !== 'usd')) {
    throw new ParamError(p.field(name), `unknown variant for \`${p.field(name)}\`, expected one of \`percentage\`, \`usd\``);
  }
  const kind = keys[0];
  const value = v.num(kind);
  if (!value.isPositive()) throw mmBotError.invalidConfig(`${v.field(kind)} must be more than zero`);
  return { kind, value };
}

function nonNegative(p: ParamReader, name: string): MmNumber | undefined {
  const n = p.optNum(name);
  if (n?.isNegative()) throw mmBotError.invalidConfig(`${p.field(name)} must not be negative`);
  return n;
}

function readPair(key: string, p: ParamReader): PairConfig {
  const base = p.str('base');
  const rel = p.str('rel');
  if (key !== `${base}/${rel}`) throw mmBotError.invalidConfig(`the key ${key} is not its pair ${base}/${rel}`);
  if (base === rel) throw mmBotError.invalidConfig(`${key}: base and rel are the same coin`);
  const spread = p.num('spread');
  if (!spread.isPositive()) throw mmBotError.invalidConfig(`${p.field('spread')} must be more than zero`);
  const cfg: PairConfig = { base, rel, spread, enable: p.bool('enable') };
  const minVolume = volumeSetting(p, 'min_volume');
  const maxVolume = volumeSetting(p, 'max_volume');
  if (minVolume) cfg.minVolume = minVolume;
  if (maxVolume) cfg.maxVolume = maxVolume;
  if (p.has('max')) cfg.max = p.bool('max');
  if (p.has('base_confs')) cfg.baseConfs = p.uint('base_confs');
  if (p.has('base_nota')) cfg.baseNota = p.bool('base_nota');
  if (p.has('rel_confs')) cfg.relConfs = p.uint('rel_confs');
  if (p.has('rel_nota')) cfg.relNota = p.bool('rel_nota');
  if (p.has('price_elapsed_validity')) {
    const v = p.raw('price_elapsed_validity');
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new ParamError(p.field('price_elapsed_validity'), `invalid type for \`${p.field('price_elapsed_validity')}\`: expected f64`);
    if (v <= 0) throw mmBotError.invalidConfig(`${p.field('price_elapsed_validity')} must be more than zero`);
    cfg.priceElapsedValidity = v;
  }
  if (p.has('check_last_bidirectional_trade_thresh_hold')) cfg.checkLastBidirectionalTradeThreshHold = p.bool('check_last_bidirectional_trade_thresh_hold');
  const minBase = nonNegative(p, 'min_base_price');
  const minRel = nonNegative(p, 'min_rel_price');
  const minPair = nonNegative(p, 'min_pair_price');
  if (minBase) cfg.minBasePrice = minBase;
  if (minRel) cfg.minRelPrice = minRel;
  if (minPair) cfg.minPairPrice = minPair;
  return cfg;
}

function readUrls(params: ParamReader): string[] {
  const urls = params.has('price_urls')
    ? params.arr('price_urls', items.str)
    : params.has('price_url')
      ? [params.str('price_url')]
      : [...PRICE_ENDPOINTS];
  if (urls.length === 0 || urls.length > MAX_PRICE_URLS) throw mmBotError.invalidConfig(`from 1 to ${MAX_PRICE_URLS} price urls`);
  for (const url of urls) {
    const refusal = checkPriceUrl(url);
    if (refusal) throw mmBotError.invalidConfig(`price url ${url.slice(0, 200)}: ${refusal}`);
  }
  return urls;
}

function readRefreshRate(params: ParamReader): number {
  if (!params.has('bot_refresh_rate')) return BOT_DEFAULT_REFRESH_RATE;
  const rate = params.raw('bot_refresh_rate');
  if (typeof rate !== 'number' || !Number.isFinite(rate)) throw new ParamError(params.field('bot_refresh_rate'), `invalid type for \`${params.field('bot_refresh_rate')}\`: expected f64`);
  if (rate > BOT_MAX_REFRESH_RATE) throw mmBotError.invalidConfig(`bot_refresh_rate above ${BOT_MAX_REFRESH_RATE} seconds`);
  return Math.max(rate, BOT_DEFAULT_REFRESH_RATE);
}

/** The request's configuration, or ParamError / InvalidBotConfiguration having changed nothing. */
export function readBotConfig(params: ParamReader): BotConfig {
  const cfg = params.obj_('cfg');
  const keys = Object.keys(cfg.obj);
  if (keys.length > MAX_BOT_PAIRS) throw mmBotError.invalidConfig(`more than ${MAX_BOT_PAIRS} pairs`);
  const pairs = new Map<string, PairConfig>();
  for (const key of keys) pairs.set(key, readPair(key, cfg.obj_(key)));
  return { pairs, priceUrls: readUrls(params), refreshRate: readRefreshRate(params) };
}
