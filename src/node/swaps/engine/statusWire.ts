/**
 * A saved swap as `my_swap_status`, `my_recent_swaps` and `active_swaps` show it (KDF's
 * `MySwapStatusResponse`: the saved swap flattened with `my_info`, `recoverable`, `is_finished`
 * and, once finished, `is_success`). The maker's secret is hidden as KDF's `hide_secrets` does.
 */
import type { Def } from '../../../shared/contract';
import {
  MAKER_ERROR_EVENTS,
  MAKER_SUCCESS_EVENTS,
  TAKER_ERROR_EVENTS,
  isErrorEvent,
  takerSuccessEvents,
  type MakerSwapEvent,
  type SavedEvent,
  type SwapEvent,
  type TakerSwapEvent,
} from './events';
import { isFinished, startedData, type MakerSavedSwap, type SavedSwap, type TakerSavedSwap } from './savedSwap';

const HIDDEN_SECRET = '0'.repeat(64);

/** Events after which KDF's `is_recoverable` says there is nothing left to recover. */
const NOT_RECOVERABLE: ReadonlySet<SwapEvent['type']> = new Set<SwapEvent['type']>([
  'StartFailed',
  'NegotiateFailed',
  'TakerFeeValidateFailed',
  'TakerPaymentSpendConfirmed',
  'MakerPaymentRefunded',
  'TakerFeeSendFailed',
  'MakerPaymentValidateFailed',
  'MakerPaymentWaitConfirmFailed',
  'TakerPaymentTransactionFailed',
  'MakerPaymentSpendConfirmed',
  'TakerPaymentRefunded',
  'TakerPaymentRefundedByWatcher',
]);

/** The saved swap as KDF serializes `SavedSwap` (tagged by `type`), secrets hidden. */
export function savedSwapToWire(swap: SavedSwap): Def<'SavedSwap'> {
  return swap.type === 'Maker' ? { type: swap.type, ...makerSwapBody(swap) } : { type: swap.type, ...takerSwapBody(swap) };
}

/** mmrpc's `SwapRpcData` of a legacy swap: `{swap_type: MakerV1 | TakerV1, swap_data: <MakerSavedSwap | TakerSavedSwap>}`. */
export function swapRpcData(swap: SavedSwap): Def<'SwapRpcData'> {
  return swap.type === 'Maker' ? { swap_type: 'MakerV1', swap_data: makerSwapBody(swap) } : { swap_type: 'TakerV1', swap_data: takerSwapBody(swap) };
}

/**
 * `Option` fields of KDF's `MakerSwapData` / `TakerSwapData` this node does not record (the trade
 * fees KDF keeps to compute locked amounts, a temporary P2P key): KDF writes a `None` as null.
 */
const UNRECORDED_MAKER_FIELDS = { maker_payment_trade_fee: null, taker_payment_spend_trade_fee: null, p2p_privkey: null };
const UNRECORDED_TAKER_FIELDS = { fee_to_send_taker_fee: null, taker_payment_trade_fee: null, maker_payment_spend_trade_fee: null, p2p_privkey: null };

/** A maker's event; `Started` with the unrecorded fields and the secret hidden. */
function makerEventToWire({ timestamp, event }: SavedEvent<MakerSwapEvent>): Def<'MakerSavedEvent'> {
  if (event.type !== 'Started') return { timestamp, event };
  return { timestamp, event: { type: 'Started', data: { ...UNRECORDED_MAKER_FIELDS, ...event.data, secret: HIDDEN_SECRET } } };
}

/** A taker's event; `Started` with the unrecorded fields. */
function takerEventToWire({ timestamp, event }: SavedEvent<TakerSwapEvent>): Def<'TakerSavedEvent'> {
  if (event.type !== 'Started') return { timestamp, event };
  return { timestamp, event: { type: 'Started', data: { ...UNRECORDED_TAKER_FIELDS, ...event.data } } };
}

/** KDF's `MakerSavedSwap` / `TakerSavedSwap` fields around the side's events, in KDF's order. */
function swapBody<E>(swap: SavedSwap, events: E[], success: readonly string[], errors: readonly string[]) {
  return {
    uuid: swap.uuid,
    my_order_uuid: swap.my_order_uuid,
    events,
    maker_amount: swap.maker_amount,
    maker_coin: swap.maker_coin,
    maker_coin_usd_price: null,
    taker_amount: swap.taker_amount,
    taker_coin: swap.taker_coin,
    taker_coin_usd_price: null,
    gui: swap.gui,
    mm_version: swap.mm_version,
    success_events: [...success],
    error_events: [...errors],
  };
}

function makerSwapBody(swap: MakerSavedSwap): Def<'MakerSavedSwap'> {
  return swapBody(swap, swap.events.map(makerEventToWire), MAKER_SUCCESS_EVENTS, MAKER_ERROR_EVENTS);
}

function takerSwapBody(swap: TakerSavedSwap): Def<'TakerSavedSwap'> {
  return swapBody(swap, swap.events.map(takerEventToWire), takerSuccessEvents(swap.events), TAKER_ERROR_EVENTS);
}

export function swapStatusToWire(swap: SavedSwap): Def<'MySwapStatusResponse'> {
  const d = startedData(swap);
  const finished = isFinished(swap);
  const maker = swap.type === 'Maker';
  const failed = swap.events.some((e) => isErrorEvent(swap.type, e.event.type));
  return {
    ...savedSwapToWire(swap),
    my_info: {
      my_coin: maker ? d.maker_coin : d.taker_coin,
      other_coin: maker ? d.taker_coin : d.maker_coin,
      my_amount: maker ? d.maker_amount : d.taker_amount,
      other_amount: maker ? d.taker_amount : d.maker_amount,
      started_at: d.started_at,
    },
    recoverable: finished && !swap.events.some((e) => NOT_RECOVERABLE.has(e.event.type)),
    is_finished: finished,
    ...(finished ? { is_success: !failed } : {}),
  };
}
