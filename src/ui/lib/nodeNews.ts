/**
 * What is worth telling the user unasked, in words, from the node's typed events: a payment that
 * arrived (a coin's total balance went up), a match of one of their orders, a swap's new step.
 * Pure: the caller decides where it is shown (toasts, system notifications).
 */
import { MmNumber } from '../../shared/number';
import type { SwapEventData } from '../../shared/wire';
import type { OrderMatch } from './orderEvents';
import { displayNumber } from './orderView';
import { eventLabel } from './swaps';
import type { ToastInput } from './toasts';

export interface Balances {
  balance: string;
  unspendable: string;
}

/** A decimal from the node, bounded by MmNumber's parser; null when unreadable. */
function dec(s: string): MmNumber | null {
  try {
    return MmNumber.parse(s);
  } catch {
    return null;
  }
}

/**
 * How much more a coin holds now (spendable plus not yet spendable), as a decimal string, or null
 * when it did not grow or either side is unknown. A payment moving from unconfirmed to confirmed
 * leaves the total as it was, so it is told once, when it first shows.
 */
export function incomingAmount(before: Balances, after: Balances): string | null {
  const b1 = dec(before.balance);
  const u1 = dec(before.unspendable === '' ? '0' : before.unspendable);
  const b2 = dec(after.balance);
  const u2 = dec(after.unspendable === '' ? '0' : after.unspendable);
  if (!b1 || !u1 || !b2 || !u2) return null;
  const grown = b2.add(u2).sub(b1.add(u1));
  return grown.isPositive() ? grown.toDecimalString() : null;
}

/** The amount rounded as every amount on the page is (an 18-decimal token amount would not fit a toast). */
export function paymentNews(ticker: string, amount: string): ToastInput {
  return { title: `${ticker} received`, body: `${displayNumber(amount)} ${ticker} arrived in this wallet.`, tone: 'ok' };
}

/** A match, told once (MakerMatch / TakerMatch); its connection is the swap's start, told by the swap. */
export function matchNews(m: OrderMatch): ToastInput | null {
  if (m.connected) return null;
  const body =
    m.role === 'Maker' ? 'One of your orders was matched by a taker; the swap starts when it connects.' : 'Your order found a maker; the swap is starting.';
  return { title: 'Order matched', body, tone: 'info', swapUuid: m.swapUuid, key: `swap:${m.swapUuid}` };
}

const shortUuid = (uuid: string): string => uuid.slice(0, 8);

/** A swap's new step; failures (KDF's `…Failed` events) as errors, the end as its own news. */
export function swapNews(e: SwapEventData): ToastInput {
  const type = e.event.event.type;
  const failed = /Failed$/.test(type);
  const title = type === 'Finished' ? `Swap ${shortUuid(e.uuid)} ended` : `Swap ${shortUuid(e.uuid)}`;
  return { title, body: eventLabel(e.type, type), tone: failed ? 'error' : type === 'Finished' ? 'ok' : 'info', swapUuid: e.uuid, key: `swap:${e.uuid}` };
}
