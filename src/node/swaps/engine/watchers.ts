/**
 * The taker's side of KDF's swap watchers (`taker_swap.rs` `process_watcher_logic`,
 * `create_watcher_data`): once its payment is sent, a taker whose two coins can be watched (and
 * whose conf leaves `use_watchers` on) signs the maker-payment spend and its own refund in advance
 * and hands them, with the swap's ids, to any watcher on `swpwtchr/<taker coin>`. A watcher then
 * finishes the swap for a taker that has gone away: it spends the maker payment once the maker's
 * spend reveals the secret, or broadcasts the refund after the lock time; either pays the taker only.
 */
import type { SwapTx } from '../../coins/swapOps';
import { takerPreimageOpsOf } from '../../coins/watcherOps';
import { hexToBytes } from '../../crypto';
import { encodeWatcherMsg } from '../watcher/message';
import type { WatcherMessageSentData } from './events';
import { required, type TakerFacts, type WatcherPreimages } from './facts';
import type { SwapCoin } from './run';
import { takerSideTerms } from './terms';

/**
 * The two preimages of the swap (maker-payment spend on the maker coin, taker-payment refund on the
 * taker coin), or null when either coin cannot make them: KDF's `is_supported_by_watchers` on both.
 */
export async function buildWatcherPreimages(f: TakerFacts, makerCoin: SwapCoin, takerCoin: SwapCoin): Promise<WatcherPreimages | null> {
  const makerOps = takerPreimageOpsOf(makerCoin.ops);
  const takerOps = takerPreimageOpsOf(takerCoin.ops);
  if (!makerOps || !takerOps) return null;
  const uuid = f.started.uuid;
  const terms = takerSideTerms(f.started, required(f.negotiated, 'Negotiated', uuid));
  const spend = await makerOps.makerPaymentSpendPreimage(required(f.makerPayment, 'MakerPaymentReceived', uuid), terms.makerPayment);
  const refund = await takerOps.takerPaymentRefundPreimage(required(f.takerPayment, 'TakerPaymentSent', uuid), terms.takerPayment);
  return { makerPaymentSpend: bytesOf(spend), takerPaymentRefund: bytesOf(refund) };
}

const bytesOf = (tx: SwapTx): Uint8Array => hexToBytes(tx.txHex);

/** `WatcherMessageSent`'s data as KDF stores it: each preimage a JSON array of bytes. */
export function watcherMessageSentData(p: WatcherPreimages): WatcherMessageSentData {
  return [Array.from(p.makerPaymentSpend), Array.from(p.takerPaymentRefund)];
}

/** KDF's `SwapWatcherMsg::TakerSwapWatcherMsg(create_watcher_data(..))` of the swap, encoded. */
export function takerWatcherMessage(f: TakerFacts, p: WatcherPreimages): Uint8Array {
  const d = f.started;
  const n = required(f.negotiated, 'Negotiated', d.uuid);
  return encodeWatcherMsg({
    uuid: d.uuid,
    secretHash: hexToBytes(n.secret_hash),
    makerPaymentSpendPreimage: p.makerPaymentSpend,
    takerPaymentRefundPreimage: p.takerPaymentRefund,
    swapStartedAt: d.started_at,
    lockDuration: d.lock_duration,
    takerCoin: d.taker_coin,
    takerFeeHash: hexToBytes(required(f.takerFee, 'TakerFeeSent', d.uuid).value.txHash),
    takerPaymentHash: hexToBytes(required(f.takerPayment, 'TakerPaymentSent', d.uuid).txHash),
    takerCoinStartBlock: d.taker_coin_start_block,
    takerPaymentConfirmations: d.taker_payment_confirmations,
    takerPaymentRequiresNota: d.taker_payment_requires_nota,
    makerCoin: d.maker_coin,
    makerPub: hexToBytes(n.maker_coin_htlc_pubkey),
    makerPaymentHash: hexToBytes(required(f.makerPayment, 'MakerPaymentReceived', d.uuid).txHash),
    makerCoinStartBlock: d.maker_coin_start_block,
  });
}
