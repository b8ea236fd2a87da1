/**
 * KDF's `WatcherConf` (conf key `watcher_conf`) and the deadlines it gives a watched swap. Every
 * deadline is a function of the message's `swap_started_at` and `lock_duration`, so a watcher
 * restarted mid-watch computes the same ones.
 */
import type { NodeConf } from '../../../shared/wire';

export interface WatcherConf {
  /** Seconds to wait after a message before looking for the taker payment (KDF: 60). */
  waitTakerPayment: number;
  /** Once the maker spent the taker payment, the taker may spend the maker payment itself until `started + factor × lock` (KDF: 1). */
  waitMakerPaymentSpendFactor: number;
  /** The taker payment is refunded when still unspent at `started + factor × lock` (KDF: 1.5). */
  refundStartFactor: number;
  /** Seconds between chain searches (KDF: 300); beyond KDF the watcher also looks on each new block. */
  searchInterval: number;
}

export const KDF_WATCHER_CONF: WatcherConf = {
  waitTakerPayment: 60,
  waitMakerPaymentSpendFactor: 1,
  refundStartFactor: 1.5,
  searchInterval: 300,
};

export function watcherConfOf(conf: Pick<NodeConf, 'watcher_conf'>): WatcherConf {
  const c = conf.watcher_conf ?? {};
  return {
    waitTakerPayment: c.wait_taker_payment ?? KDF_WATCHER_CONF.waitTakerPayment,
    waitMakerPaymentSpendFactor: c.wait_maker_payment_spend_factor ?? KDF_WATCHER_CONF.waitMakerPaymentSpendFactor,
    refundStartFactor: c.refund_start_factor ?? KDF_WATCHER_CONF.refundStartFactor,
    searchInterval: c.search_interval ?? KDF_WATCHER_CONF.searchInterval,
  };
}

/** The times one watched swap works by, in unix seconds (KDF's `WatcherStateMachine` methods). */
export interface WatchDeadlines {
  /** The taker payment's lock: its refund is valid after it. */
  takerLock: number;
  /** The maker payment's lock is twice the duration (each side's `started_at` may differ by up to a minute). */
  makerLock: number;
  /** KDF's `taker_payment_spend_deadline`: the taker payment must be confirmed by then. */
  takerPaymentConfirmedBy: number;
  /** KDF's `wait_for_maker_payment_spend_deadline`: the taker's own chance to spend the maker payment ends. */
  takerSpendsUntil: number;
  /** KDF's `refund_start_time`. */
  refundFrom: number;
}

export function watchDeadlines(startedAt: number, lockDuration: number, conf: WatcherConf): WatchDeadlines {
  return {
    takerLock: startedAt + lockDuration,
    makerLock: startedAt + lockDuration * 2,
    takerPaymentConfirmedBy: startedAt + Math.floor((lockDuration * 4) / 5),
    takerSpendsUntil: startedAt + Math.floor(conf.waitMakerPaymentSpendFactor * lockDuration),
    refundFrom: startedAt + Math.floor(conf.refundStartFactor * lockDuration),
  };
}
