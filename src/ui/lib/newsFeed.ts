/**
 * Follows the node's events worth telling the user about unasked and hands each, in words, to
 * `tell`: payments that arrived (from the active coins' balance events), matches of the user's
 * orders (`order_matched`) and swap steps (`swap_started` / `swap_status`). Payloads are checked
 * by the same readers the rest of the page uses; anything else is ignored.
 */
import type { RpcClient } from '../../client/RpcClient';
import { NodeEvents } from '../../shared/wire';
import { matchNews, paymentNews, swapNews } from './nodeNews';
import { readOrderMatched } from './orderEvents';
import { readSwapEvent } from './swaps';
import type { ToastInput } from './toasts';

export interface NewsSources {
  client: Pick<RpcClient, 'on'>;
  /** Subscribes to payments that arrived (ActiveCoins.onReceived). */
  onReceived(fn: (ticker: string, amount: string) => void): () => void;
}

/** Starts following; returns the function that stops it. */
export function followNews(src: NewsSources, tell: (news: ToastInput) => void): () => void {
  const onSwap = (data: unknown): void => {
    const e = readSwapEvent(data);
    if (e) tell(swapNews(e));
  };
  const offs = [
    src.onReceived((ticker, amount) => tell(paymentNews(ticker, amount))),
    src.client.on(NodeEvents.orderMatched, (data) => {
      const m = readOrderMatched(data);
      const news = m === null ? null : matchNews(m);
      if (news) tell(news);
    }),
    src.client.on(NodeEvents.swapStarted, onSwap),
    src.client.on(NodeEvents.swapStatus, onSwap),
  ];
  return () => {
    for (const off of offs) off();
  };
}
