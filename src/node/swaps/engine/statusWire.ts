/**
 * A saved swap as `my_swap_status`, `my_recent_swaps` and `active_swaps` show it (KDF's
 * `MySwapStatusResponse`: the saved swap flattened with `my_info`, `recoverable`, `is_finished`
 * and, once finished, `is_success`). The maker's secret is hidden as KDF's `hide_secrets` does.
 */
import {
  MAKER_ERROR_EVENTS,
  MAKER_SUCCESS_EVENTS,
  TAKER_ERROR_EVENTS,
  isErrorEvent,
  takerSuccessEvents,
  type SwapEvent,
} from './events';
import { isFinished, startedData, type SavedSwap } from './savedSwap';

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
export function savedSwapToWire(swap: SavedSwap): Record<string, unknown> {
  return { type: swap.type, ...savedSwapBody(swap) };
}

/** mmrpc's `SwapRpcData` of a legacy swap: `{swap_type: MakerV1 | TakerV1, swap_data: <MakerSavedSwap | TakerSavedSwap>}`. */
export function swapRpcData(swap: SavedSwap): Record<string, unknown> {
  return { swap_type: `${swap.type}V1`, swap_data: savedSwapBody(swap) };
}

/**
 * `Option` fields of KDF's `MakerSwapData` / `TakerSwapData` this node does not record (the trade
 * fees KDF keeps to compute locked amounts, a temporary P2P key): KDF writes a `None` as null.
 */
const UNRECORDED_STARTED_FIELDS = {
  Maker: { maker_payment_trade_fee: null, taker_payment_spend_trade_fee: null, p2p_privkey: null },
  Taker: { fee_to_send_taker_fee: null, taker_payment_trade_fee: null, maker_payment_spend_trade_fee: null, p2p_privkey: null },
};

function savedSwapBody(swap: SavedSwap): Record<string, unknown> {
  const events = swap.events.map((e, i) => {
    if (i > 0 || e.event.type !== 'Started') return e;
    const data = { ...UNRECORDED_STARTED_FIELDS[swap.type], ...e.event.data };
    if (swap.type === 'Maker' && 'secret' in data) data.secret = HIDDEN_SECRET;
    return { ...e, event: { type: 'Started', data } };
  });
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
    success_events: swap.type === 'Maker' ? MAKER_SUCCESS_EVENTS : takerSuccessEvents(swap.events),
    error_events: swap.type === 'Maker' ? MAKER_ERROR_EVENTS : TAKER_ERROR_EVENTS,
  };
}

export function swapStatusToWire(swap: SavedSwap): Record<string, unknown> {
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
