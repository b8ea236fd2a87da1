/**
 * Order and trade failures in plain words: `trade_preimage`'s typed errors (spec §7.3) and the
 * flat order methods' refusals (`setprice`, `sell`/`buy`, `update_maker_order`, `cancel_order`,
 * `orderbook`), whose JSON carries only a text: the worker channel gives their type and reason.
 */
import type { OrderVolumeField } from '../../shared/contract/errors';
import type { CoinFailure } from './coinErrors';
import { stripTrace, toCoinFailure } from './coinErrors';

export const TRADING_OFF_TEXT =
  'Trading is off: this wallet was unlocked without seed nodes, so the node is not on the peer-to-peer network. ' +
  'Set them with “Change seed nodes” on the Exchange tab: the node joins at once.';

export interface OrderFailure {
  /** The node's error type, or a name given here to a flat refusal. */
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

/** KDF's amounts of an order in words, and whether they count the rel coin. */
const VOLUME_WORDS: Record<OrderVolumeField, { what: string; rel: boolean }> = {
  max_base_vol: { what: 'amount', rel: false },
  base_amount: { what: 'amount', rel: false },
  rel_amount: { what: 'total (amount × price)', rel: true },
  max_rel_vol: { what: 'total (amount × price)', rel: true },
  min_base_vol: { what: 'minimum amount', rel: false },
  min_volume: { what: 'minimum amount', rel: false },
};

const VOLUME_FIELDS = new Set<string>(Object.keys(VOLUME_WORDS));

function volumeField(data: unknown): OrderVolumeField {
  const f = field(data, 'field');
  return f !== undefined && VOLUME_FIELDS.has(f) ? (f as OrderVolumeField) : 'max_base_vol';
}

/** The flat order methods' refusals, told apart by the reason the worker channel gives with their `OrderError`. */
function refusal(f: CoinFailure, pair: { base: string; rel: string }): OrderFailure | null {
  const d = f.errorData;
  const coinOf = (): string => field(d, 'coin') ?? (field(d, 'role') === 'Rel' ? pair.rel : pair.base);
  switch (f.reason) {
    case 'OrdersUnavailable':
      return { type: 'TradingOff', text: TRADING_OFF_TEXT };
    case 'CoinNotActive':
      return { type: 'NoSuchCoin', text: `${coinOf()} is not active. Activate it on the Wallet tab, then try again.` };
    case 'CoinNotInConfig':
      return { type: 'NoSuchCoin', text: `${field(d, 'coin') ?? 'This coin'} is not in this node's coins list.` };
    case 'CoinIsWalletOnly':
      return { type: 'CoinIsWalletOnly', text: `${field(d, 'coin') ?? 'This coin'} is wallet-only: it can be held and sent, but not traded.` };
    case 'VolumeTooLow': {
      const words = VOLUME_WORDS[volumeField(d)];
      const coin = words.rel ? pair.rel : pair.base;
      const unit = coin === '' ? '' : ` ${coin}`;
      return { type: 'VolumeTooLow', text: `The ${words.what} ${field(d, 'volume') ?? ''}${unit} is too small to trade: the smallest is ${field(d, 'threshold') ?? ''}${unit}.` };
    }
    case 'VolumeBelowMinVolume':
      return { type: 'VolumeTooLow', text: `The amount ${field(d, 'volume') ?? ''} is below the order's minimum amount ${field(d, 'threshold') ?? ''}.` };
    case 'PriceTooLow': {
      const price = field(d, 'price');
      const threshold = field(d, 'threshold');
      if (price === undefined || threshold === undefined) return { type: 'PriceTooLow', text: 'The price is too low.' };
      const bound = threshold === '0' ? 'more than 0' : `at least ${threshold}`;
      return { type: 'PriceTooLow', text: `The price ${price} is too low: it must be ${bound}.` };
    }
    case 'BaseEqualRel':
      return { type: 'BaseEqualRel', text: 'Pick two different coins to trade.' };
    case 'OrderBeingMatched':
      return { type: 'BeingMatched', text: 'This order is being matched right now and cannot be changed. Try again in a few seconds.' };
    case 'NoSuchOrder':
      return { type: 'NoSuchOrder', text: 'This order no longer exists: it was matched, cancelled or it expired.' };
    case 'OrderChanged':
      return { type: 'OrderChanged', text: 'The order changed while it was being updated (a match came in). Check it and try again.' };
    default:
      return null;
  }
}

/** Any order-related failure, in words; `pair` names the coins a flat message leaves out. */
export function describeOrderFailure(e: unknown, pair: { base: string; rel: string }): OrderFailure {
  const f = toCoinFailure(e);
  const text = typed(f);
  if (text !== null) return { type: f.errorType ?? 'Error', text };
  return refusal(f, pair) ?? { type: f.errorType ?? 'Error', text: stripTrace(f.message) };
}
