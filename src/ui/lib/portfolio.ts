/**
 * The portfolio's values: each coin's balance × its price, the total, and the total's change over
 * 24 h, all exact fractions (MmNumber); rounding happens only when a value is turned into text.
 */
import { beforePercentChange, MmNumber, percentChange } from '../../shared/number';
import { FIAT_CURRENCIES, type Quote } from './prices';

export interface Holding {
  ticker: string;
  /** The balance as the node reports it; '' while unknown. */
  balance: string;
}

export interface PortfolioRow {
  ticker: string;
  balance: string;
  /** Null: no price for this coin (no `coingecko_id`, or the source gave none). */
  price: MmNumber | null;
  value: MmNumber | null;
  change24h: MmNumber | null;
}

export interface Portfolio {
  rows: PortfolioRow[];
  /** The sum of the priced coins' values. */
  total: MmNumber;
  /** The total's change over 24 h in percent, when every priced coin has a change; else null. */
  change24h: MmNumber | null;
  /** Coins left out of the total for want of a price or a readable balance. */
  unpriced: string[];
}

/** A balance as plain decimal text; null when it is not one (or too large to read). */
function amountOf(s: string): MmNumber | null {
  const text = s.trim();
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  try {
    return MmNumber.parse(text);
  } catch {
    return null;
  }
}

const MINUS_HUNDRED = MmNumber.of(-100n);

export function portfolioOf(holdings: readonly Holding[], ids: Readonly<Record<string, string>>, quotes: ReadonlyMap<string, Quote>): Portfolio {
  let total = MmNumber.ZERO;
  let before = MmNumber.ZERO;
  let changeKnown = true;
  const unpriced: string[] = [];
  const rows = holdings.map((h): PortfolioRow => {
    const id = Object.hasOwn(ids, h.ticker) ? ids[h.ticker] : undefined;
    const quote = id === undefined ? undefined : quotes.get(id);
    const balance = amountOf(h.balance);
    if (!quote || !balance) {
      unpriced.push(h.ticker);
      return { ticker: h.ticker, balance: h.balance, price: quote?.price ?? null, value: null, change24h: quote?.change24h ?? null };
    }
    const value = balance.mul(quote.price);
    total = total.add(value);
    // The value a day ago at today's balance: value / (1 + change/100).
    if (quote.change24h === null || quote.change24h.lte(MINUS_HUNDRED)) changeKnown = false;
    else before = before.add(beforePercentChange(value, quote.change24h));
    return { ticker: h.ticker, balance: h.balance, price: quote.price, value, change24h: quote.change24h };
  });
  const change24h = changeKnown && before.isPositive() ? percentChange(before, total) : null;
  return { rows, total, change24h, unpriced };
}

function grouped(fixed: string): string {
  const [int = '0', frac] = fixed.replace('-', '').split('.');
  const sign = fixed.startsWith('-') ? '−' : '';
  const withCommas = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${withCommas}${frac !== undefined ? `.${frac}` : ''}`;
}

/** A value in `currency` for display: rounded half away from zero to the currency's decimals, grouped by thousands. */
export function formatFiat(v: MmNumber, currency: string): string {
  const places = FIAT_CURRENCIES[currency] ?? 2;
  return `${grouped(v.toFixed(places))} ${currency.toUpperCase()}`;
}

/** A unit price for display: like a value, or 4 significant digits when below 1 (so 0.000123 is not 0.00). */
export function formatPrice(v: MmNumber, currency: string): string {
  if (v.gte(MmNumber.ONE) || v.isZero()) return formatFiat(v, currency);
  return `${v.toSignificant(4)} ${currency.toUpperCase()}`;
}

/** A change in percent for display: "+1.23 %", "−4.50 %". */
export function formatChange(v: MmNumber): string {
  const fixed = v.toFixed(2);
  return `${fixed.startsWith('-') ? '−' + fixed.slice(1) : '+' + fixed} %`;
}
