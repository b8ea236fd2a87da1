/**
 * `watcher_status` (ours, mmrpc; KDF has no such method and keeps its watches in memory): whether
 * the node watches, the topics it listens on, what it did with the messages it received, and each
 * stored watch with its state and the swap's identifiers.
 */
import { bytesToHex, hexToBytes } from '../../crypto';
import type { HandlerTable } from '../../core/handler';
import type { MmRpcResult } from '../../../shared/contract';
import { decodeWatcherMsg } from './message';
import type { WatchedSwapRecord } from './store';

type WatchWire = MmRpcResult<'watcher_status'>['swaps'][number];

function watchToWire(r: WatchedSwapRecord): WatchWire {
  const d = decodeWatcherMsg(hexToBytes(r.message));
  const { type, ...rest } = r.state;
  return {
    uuid: r.uuid,
    state: type,
    ...rest,
    taker_coin: d.takerCoin,
    maker_coin: d.makerCoin,
    swap_started_at: d.swapStartedAt,
    lock_duration: d.lockDuration,
    taker_pub: r.taker_pub,
    taker_fee_hash: r.fee_hash,
    taker_payment_hash: bytesToHex(d.takerPaymentHash),
    maker_payment_hash: bytesToHex(d.makerPaymentHash),
    received_at: r.received_at,
    history: r.history,
  };
}

export const watcherHandlers: HandlerTable = {
  watcher_status: {
    mmrpc: async (ctx) => {
      const watcher = ctx.watcher;
      if (!watcher) return { is_watcher: false, listening: [], intake: null, swaps: [] };
      return { is_watcher: true, listening: watcher.listening, intake: watcher.intake, swaps: (await watcher.watched()).map(watchToWire) };
    },
  },
};
