/**
 * The portfolio's values: each coin's balance × its price, the total, and the total's change over
 * 24 h, all exact (decimal.js); rounding happens only when a value is turned into text.
 */
import Decimal from 'decimal.js';
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
  price: Decimal | null;
  value: Decimal | null;
  change24h: Decimal | null;
}

export interface Portfolio {
  rows: PortfolioRow[];
  /** The sum of the priced coins' values. */
  total: Decimal;
  /** The total's change over 24 h in percent, when every priced coin has a change; else null. */
  change24h: Decimal | null;
  /** Coins left out of the total for want of a price or a readable balance. */
  unpriced: string[];
}

function decimal(s: string): Decimal | null {
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(s.trim())) return null;
  return new Decimal(s.trim());
}

const HUNDRED = new Decimal(100);

export function portfolioOf(holdings: readonly Holding[], ids: Readonly<Record<string, string>>, quotes: ReadonlyMap<string, Quote>): Portfolio {
  let total = new Decimal(0);
  let before = new Decimal(0);
  let changeKnown = true;
  const unpriced: string[] = [];
  const rows = holdings.map((h): PortfolioRow => {
    const id = Object.hasOwn(ids, h.ticker) ? ids[h.ticker] : undefined;
    const quote = id === undefined ? undefined : quotes.get(id);
    const balance = decimal(h.balance);
    if (!quote || !balance) {
      unpriced.push(h.ticker);
      return { ticker: h.ticker, balance: h.balance, price: quote?.price ?? null, value: null, change24h: quote?.change24h ?? null };
    }
    const value = balance.mul(quote.price);
    total = total.add(value);
    // The value a day ago at today's balance: value / (1 + change/100).
    if (quote.change24h === null || quote.change24h.lte(-100)) changeKnown = false;
    else before = before.add(value.div(HUNDRED.add(quote.change24h).div(HUNDRED)));
    return { ticker: h.ticker, balance: h.balance, price: quote.price, value, change24h: quote.change24h };
  });
  const change24h = changeKnown && before.gt(0) ? total.sub(before).div(before).mul(HUNDRED) : null;
  return { rows, total, change24h, unpriced };
}

/** `toFixed` without the sign of a value that rounds to zero ("-0.00" is "0.00"). */
function fixedOf(v: Decimal, places: number): string {
  const fixed = v.toFixed(places, Decimal.ROUND_HALF_UP);
  return new Decimal(fixed).isZero() ? fixed.replace('-', '') : fixed;
}

function grouped(fixed: string): string {
  const [int = '0', frac] = fixed.replace('-', '').split('.');
  const sign = fixed.startsWith('-') ? '−' : '';
  const withCommas = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${withCommas}${frac !== undefined ? `.${frac}` : ''}`;
}

/** A value in `currency` for display: rounded half up to the currency's decimals, grouped by thousands. */
export function formatFiat(v: Decimal, currency: string): string {
  const places = FIAT_CURRENCIES[currency] ?? 2;
  return `${grouped(fixedOf(v, places))} ${currency.toUpperCase()}`;
}

/** A unit price for display: like a value, or 4 significant digits when below 1 (so 0.000123 is not 0.00). */
export function formatPrice(v: Decimal, currency: string): string {
  if (v.gte(1) || v.isZero()) return formatFiat(v, currency);
  return `${v.toSignificantDigits(4, Decimal.ROUND_HALF_UP).toFixed()} ${currency.toUpperCase()}`;
}

/** A change in percent for display: "+1.23 %", "−4.50 %". */
export function formatChange(v: Decimal): string {
  const fixed = fixedOf(v, 2);
  return `${fixed.startsWith('-') ? '−' + fixed.slice(1) : '+' + fixed} %`;
}
