/**
 * Order and trade failures in plain words: `trade_preimage`'s typed errors (spec §7.3) and the
 * flat order methods' KDF strings (`setprice`, `sell`/`buy`, `update_maker_order`, `cancel_order`,
 * `orderbook`, `max_taker_vol`), which carry only a message.
 */
import type { CoinFailure } from './coinErrors';
import { stripTrace, toCoinFailure } from './coinErrors';

export const TRADING_OFF_TEXT =
  'Trading is off: this wallet was unlocked without seed nodes, so the node is not on the peer-to-peer network. ' +
  'Set them with “Change seed nodes” on the Exchange tab: the node joins at once.';

export interface OrderFailure {
  /** The node's error_type, or a name given here to a known flat message. */
  type: string;
  text: string;
}

function field(data: unknown, key: string): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const v = (data as Record<string, unknown>)[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

function shortfall(coin: string, available: string, required: string, locked: string | undefined, fees: boolean): string {
  const held = locked !== undefined && locked !== '0' ? ` (${locked} ${coin} of it is held by other swaps)` : '';
  return fees
    ? `Not enough ${coin} to pay the fees: ${available} ${coin} is available${held}, but this trade needs at least ${required} ${coin} for its fees.`
    : `Not enough ${coin}: ${available} ${coin} is available${held}, but this trade needs at least ${required} ${coin} (the amount plus fees).`;
}

/** `trade_preimage` (and `max_taker_vol`) errors, typed. */
function typed(f: CoinFailure): string | null {
  const d = f.errorData;
  switch (f.errorType) {
    case 'NotSufficientBalance':
    case 'NotSufficientBaseCoinBalance': {
      const coin = field(d, 'coin');
      const available = field(d, 'available');
      const required = field(d, 'required');
      if (coin === undefined || available === undefined || required === undefined) return 'Not enough balance for this trade and its fees.';
      return shortfall(coin, available, required, field(d, 'locked_by_swaps'), f.errorType === 'NotSufficientBaseCoinBalance');
    }
    case 'VolumeTooLow': {
      const coin = field(d, 'coin');
      const volume = field(d, 'volume');
      const threshold = field(d, 'threshold');
      return coin !== undefined && volume !== undefined && threshold !== undefined
        ? `The amount ${volume} ${coin} is too small to trade: the smallest is ${threshold} ${coin}.`
        : 'The amount is too small to trade.';
    }
    case 'PriceTooLow': {
      const price = field(d, 'price');
      const threshold = field(d, 'threshold');
      return price !== undefined && threshold !== undefined
        ? `The price ${price} is too low: it must be at least ${threshold}.`
        : 'The price is too low.';
    }
    case 'BaseEqualRel':
      return 'Pick two different coins to trade.';
    case 'NoSuchCoin': {
      const coin = field(d, 'coin') ?? 'A coin of this pair';
      return `${coin} is not active. Activate it on the Wallet tab, then try again.`;
    }
    case 'CoinIsWalletOnly': {
      const coin = field(d, 'coin') ?? (typeof d === 'string' ? d : 'This coin');
      return `${coin} is wallet-only: it can be held and sent, but not traded.`;
    }
    case 'InvalidParam': {
      const reason = field(d, 'reason');
      return `The request was refused: ${reason ?? stripTrace(f.message)}.`;
    }
    case 'Transport':
      return `A coin's servers could not be reached: ${typeof d === 'string' ? d : stripTrace(f.message)}. Check the connection and try again.`;
    default:
      return null;
  }
}

/** KDF's names of an order's amounts: what they are in words, and whether they count the rel coin. */
const VOLUME_WORDS: Record<string, { what: string; rel: boolean }> = {
  'Max base vol': { what: 'amount', rel: false },
  'Base amount': { what: 'amount', rel: false },
  'Rel amount': { what: 'total (amount × price)', rel: true },
  'Max rel vol': { what: 'total (amount × price)', rel: true },
  'Min base vol': { what: 'minimum amount', rel: false },
  'Min volume': { what: 'minimum amount', rel: false },
};

/** The flat methods' KDF strings. */
function flat(text: string, pair: { base: string; rel: string }): OrderFailure | null {
  if (/Orders are not available/i.test(text)) return { type: 'TradingOff', text: TRADING_OFF_TEXT };
  let m = /Not enough (base coin )?(\S+?)(?: balance)? for swap: available (\S+?), required at least (\S+?)(?:, locked by swaps (\S+?))?$/.exec(text);
  if (m) return { type: 'NotSufficientBalance', text: shortfall(m[2] ?? '', m[3] ?? '', m[4] ?? '', m[5], m[1] !== undefined) };
  m = /^(Base|Rel) coin (?:(\S+) )?is not found/i.exec(text);
  if (m) {
    const coin = m[2] ?? (m[1]?.toLowerCase() === 'base' ? pair.base : pair.rel);
    return { type: 'NoSuchCoin', text: `${coin} is not active. Activate it on the Wallet tab, then try again.` };
  }
  m = /Coin (\S+) is not found in config/i.exec(text);
  if (m) return { type: 'NoSuchCoin', text: `${m[1] ?? 'This coin'} is not in this node's coins list.` };
  m = /(?:Base |Rel )?[Cc]oin (\S+) is wallet only/.exec(text);
  if (m) return { type: 'CoinIsWalletOnly', text: `${m[1] ?? 'This coin'} is wallet-only: it can be held and sent, but not traded.` };
  m = /^(Max base vol|Base amount|Rel amount|Max rel vol|Min base vol|Min volume) (\S+) is too low, required: (\S+)$/.exec(text);
  if (m) {
    const words = VOLUME_WORDS[m[1] ?? ''] ?? { what: 'amount', rel: false };
    const coin = words.rel ? pair.rel : pair.base;
    const unit = coin === '' ? '' : ` ${coin}`;
    return { type: 'VolumeTooLow', text: `The ${words.what} ${m[2]}${unit} is too small to trade: the smallest is ${m[3]}${unit}.` };
  }
  m = /^Max base vol (\S+) is below min base vol: (\S+)$/.exec(text);
  if (m) return { type: 'VolumeTooLow', text: `The amount ${m[1]} is below the order's minimum amount ${m[2]}.` };
  if (/^Price .*too low/i.test(text)) return { type: 'PriceTooLow', text: `The price is too low: ${text.replace(/^Price /, '')}.` };
  if (/can not be same as base|must be different coins|same orderbook tickers/i.test(text)) {
    return { type: 'BaseEqualRel', text: 'Pick two different coins to trade.' };
  }
  if (/is being matched now/i.test(text)) {
    return { type: 'BeingMatched', text: 'This order is being matched right now and cannot be changed. Try again in a few seconds.' };
  }
  if (/Order with uuid \S+ is not found|Order \S+ is not found/i.test(text)) {
    return { type: 'NoSuchOrder', text: 'This order no longer exists: it was matched, cancelled or it expired.' };
  }
  if (/Order state has changed/i.test(text)) {
    return { type: 'OrderChanged', text: 'The order changed while it was being updated (a match came in). Check it and try again.' };
  }
  return null;
}

/** Any order-related failure, in words; `pair` names the coins a flat message leaves out. */
export function describeOrderFailure(e: unknown, pair: { base: string; rel: string }): OrderFailure {
  const f = toCoinFailure(e);
  const text = typed(f);
  if (text !== null) return { type: f.errorType ?? 'Error', text };
  const message = stripTrace(f.message);
  return flat(message, pair) ?? { type: f.errorType ?? 'Error', text: message };
}
