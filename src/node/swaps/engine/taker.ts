/**
 * The taker's side of KDF's legacy swap (`taker_swap.rs`) as a transition table, stepped from its
 * last stored event as the maker's is (see maker.ts for the order of writes and how a crash between
 * a broadcast and its write is healed). The taker's payment is at stake once sent: from then on the
 * swap only ends with the maker payment spent to the taker (the secret revealed by the maker's
 * spend) or the taker payment refunded, whichever the chain allows; while waiting to refund it keeps
 * watching for the maker's spend, which still gives the taker what it is owed.
 */
import { MmNumber } from '../../../shared/number';
import type { SwapTx } from '../../coins/swapOps';
import { bytesToHex, hexToBytes } from '../../crypto';
import { dexFee } from '../dexFee';
import { negotiationLockError } from '../protocol/lockTime';
import type { TakerEventType } from './events';
import { applyTakerEvent, required, takerFacts, type TakerFacts } from './facts';
import { stepsOf, type StepRun, type SwapMachine } from './machine';
import { contractHex, negotiationMsg, otherKeysError } from './negotiation';
import { confirmTaken, takePayment, watchPayment, type OnOutcome, type WatchedPayment } from './payments';
import { errorText, txId } from './run';
import type { TakerSavedSwap } from './savedSwap';
import { takerSideTerms, type SwapTerms } from './terms';
import { buildWatcherPreimages, takerWatcherMessage, watcherMessageSentData } from './watchers';

/** A taker step's run: it may append the events `E`. */
type Run<E extends TakerEventType> = StepRun<TakerSavedSwap, TakerFacts, E>;
/** The run of a helper that appends nothing. */
type Reader = Run<never>;

const step = stepsOf<TakerSavedSwap, TakerFacts>();

const terms = (f: TakerFacts): SwapTerms => takerSideTerms(f.started, required(f.negotiated, 'Negotiated', f.started.uuid));

/** The maker's payment, as the spend steps watch it. */
async function makerPayment(run: Reader): Promise<WatchedPayment> {
  const f = run.facts;
  const { ops } = await run.coin(f.started.maker_coin);
  return { ticker: f.started.maker_coin, ops, payment: required(f.makerPayment, 'MakerPaymentReceived', f.started.uuid), htlc: terms(f).makerPayment };
}

/** The taker's payment, as the refund steps watch it. */
async function takerPayment(run: Reader): Promise<WatchedPayment> {
  const f = run.facts;
  const { ops } = await run.coin(f.started.taker_coin);
  return { ticker: f.started.taker_coin, ops, payment: required(f.takerPayment, 'TakerPaymentSent', f.started.uuid), htlc: terms(f).takerPayment };
}

/** The secret the maker's spend of the taker payment revealed. */
function revealedSecret(f: TakerFacts): Uint8Array {
  return hexToBytes(required(f.takerPaymentSpend, 'TakerPaymentSpent', f.started.uuid).secret);
}

async function negotiate(run: Run<'Negotiated' | 'NegotiateFailed'>): Promise<void> {
  const d = run.facts.started;
  const { timing } = run.deps;
  const [makerCoin, takerCoin] = [await run.coin(d.maker_coin), await run.coin(d.taker_coin)];
  const until = d.started_at * 1000 + timing.negotiationWaitMs;
  const msg = await run.channel.recv('Negotiation', until);
  if (!msg) return run.append({ type: 'NegotiateFailed', data: { error: 'Timeout waiting for Negotiation' } });
  const other = msg.data;
  const makerLockDuration = Math.ceil(d.lock_duration * 2);
  const error =
    negotiationLockError({ startedAt: d.started_at }, { startedAt: other.startedAt, paymentLocktime: other.paymentLocktime }, makerLockDuration) ??
    (other.secretHash.length !== 20 ? 'secret hash must be 20 bytes (dhash160)' : null) ??
    otherKeysError(other, d.maker, makerCoin.ops, takerCoin.ops);
  if (error) return run.append({ type: 'NegotiateFailed', data: { error } });
  const reply = negotiationMsg(d.started_at, d.taker_payment_lock, other.secretHash, d.my_persistent_pub, makerCoin.ops, takerCoin.ops);
  const answer = await run.channel.recv('Negotiated', run.deps.clock.now() + timing.negotiationWaitMs, {
    msg: { type: 'NegotiationReply', data: reply },
    everyMs: timing.negotiationResendMs,
  });
  if (!answer) return run.append({ type: 'NegotiateFailed', data: { error: 'Timeout waiting for Negotiated' } });
  if (!answer.accepted) return run.append({ type: 'NegotiateFailed', data: { error: 'The maker did not accept the negotiation' } });
  const pub = bytesToHex(other.persistentPubkey ?? new Uint8Array());
  await run.append({
    type: 'Negotiated',
    data: {
      maker_payment_locktime: other.paymentLocktime,
      maker_pubkey: pub,
      secret_hash: bytesToHex(other.secretHash),
      maker_coin_swap_contract_addr: contractHex(other.makerCoinSwapContract),
      taker_coin_swap_contract_addr: contractHex(other.takerCoinSwapContract),
      maker_coin_htlc_pubkey: pub,
      taker_coin_htlc_pubkey: pub,
    },
  });
}

async function sendTakerFee(run: Run<'TakerFeeSent' | 'TakerFeeSendFailed'>): Promise<void> {
  const f = run.facts;
  const d = f.started;
  if (run.nowSec() >= f.deadlines.takerFeeDeadline) {
    return run.append({ type: 'TakerFeeSendFailed', data: { error: 'Too late to send the taker fee' } });
  }
  const coin = await run.coin(d.taker_coin);
  const fee = dexFee(d.taker_coin, d.maker_coin, MmNumber.parse(d.taker_amount), coin.minTxAmount);
  let tx;
  try {
    tx = await run.broadcast(() => coin.ops.sendTakerFee(fee, d.uuid));
  } catch (e) {
    run.stopIfAborted(e);
    return run.append({ type: 'TakerFeeSendFailed', data: { error: errorText(e) } });
  }
  // The TakerFee message goes out from the next step, which also repeats it.
  await run.append({ type: 'TakerFeeSent', data: txId(tx) });
}

async function waitForMakerPayment(run: Run<'TakerPaymentInstructionsReceived' | 'MakerPaymentReceived' | 'MakerPaymentValidateFailed'>): Promise<void> {
  const d = run.facts.started;
  const { timing } = run.deps;
  const fee = required(run.facts.takerFee, 'TakerFeeSent', d.uuid);
  const until = fee.at + timing.messageWaitMs;
  const msg = await run.channel.recv('MakerPayment', until, { msg: { type: 'TakerFee', tx: { data: hexToBytes(fee.value.txHex) } }, everyMs: timing.shortResendMs });
  if (!msg) return run.append({ type: 'MakerPaymentValidateFailed', data: { error: 'Timeout waiting for the maker payment' } });
  const { ops } = await run.coin(d.maker_coin);
  let payment;
  try {
    payment = ops.txFromBytes(msg.tx.data);
  } catch (e) {
    return run.append({ type: 'MakerPaymentValidateFailed', data: { error: errorText(e) } });
  }
  // KDF stores the (Lightning-only) payment instructions event, null here, with a payment that reads.
  if (run.last.type !== 'TakerPaymentInstructionsReceived') await run.append({ type: 'TakerPaymentInstructionsReceived', data: null });
  await run.append({ type: 'MakerPaymentReceived', data: txId(payment) });
}

async function validateMakerPayment(run: Run<'MakerPaymentValidatedAndConfirmed' | 'MakerPaymentWaitConfirmFailed' | 'MakerPaymentValidateFailed'>): Promise<void> {
  const d = run.facts.started;
  const w = await makerPayment(run);
  // Confirmed first, then validated, as KDF's `validate_maker_payment`: a contract payment (QRC20)
  // shows its state and receipts only once mined.
  if (!(await run.confirmed(w, w.payment, d.maker_payment_confirmations, d.maker_payment_wait * 1000))) {
    return run.append({ type: 'MakerPaymentWaitConfirmFailed', data: { error: 'Maker payment not confirmed in time' } });
  }
  try {
    await w.ops.validatePayment(w.payment, w.htlc);
  } catch (e) {
    run.stopIfAborted(e);
    return run.append({ type: 'MakerPaymentValidateFailed', data: { error: errorText(e) } });
  }
  await run.append({ type: 'MakerPaymentValidatedAndConfirmed' });
}

async function sendTakerPayment(run: Run<'TakerPaymentSent' | 'TakerPaymentTransactionFailed'>): Promise<void> {
  const f = run.facts;
  const d = f.started;
  if (run.nowSec() >= d.maker_payment_wait) {
    return run.append({ type: 'TakerPaymentTransactionFailed', data: { error: 'Too late to send the taker payment' } });
  }
  const { ops } = await run.coin(d.taker_coin);
  const htlc = terms(f).takerPayment;
  let tx;
  try {
    tx = (await ops.checkIfMyPaymentSent(htlc, d.taker_coin_start_block)) ?? (await run.broadcast(() => ops.sendPayment(htlc)));
  } catch (e) {
    run.stopIfAborted(e);
    // A send that failed after its broadcast must not be taken for one that never left.
    tx = await run.attempt(() => ops.checkIfMyPaymentSent(htlc, d.taker_coin_start_block));
    if (!tx) return run.append({ type: 'TakerPaymentTransactionFailed', data: { error: errorText(e) } });
  }
  // The TakerPayment message goes out from the next step, which also repeats it.
  await run.append({ type: 'TakerPaymentSent', data: txId(tx) });
}

/** Appends `TakerPaymentSpent` with the secret the maker's spend (`spend`, of the taker payment `w`) revealed. */
async function recordSpend(run: Run<'TakerPaymentSpent'>, w: WatchedPayment, spend: SwapTx): Promise<void> {
  const secret = w.ops.extractSecret(spend, w.htlc.secretHash);
  await run.append({ type: 'TakerPaymentSpent', data: { transaction: txId(spend), secret: bytesToHex(secret) } });
}

/**
 * Records a refund of the taker payment: one the chain shows that is the refund preimage handed to
 * watchers was broadcast by a watcher (KDF's `TakerPaymentRefundedByWatcher`, which ends the swap).
 */
function recordRefund(run: Run<'TakerPaymentRefunded' | 'TakerPaymentRefundedByWatcher'>, w: WatchedPayment, tx: SwapTx): Promise<void> {
  const preimage = run.facts.watcherPreimages?.takerPaymentRefund;
  const byWatcher = ((): boolean => {
    try {
      return preimage !== undefined && w.ops.txFromBytes(preimage).txHash === tx.txHash;
    } catch {
      // A stored preimage that does not read (an imported record) is not the transaction found.
      return false;
    }
  })();
  return run.append({ type: byWatcher ? 'TakerPaymentRefundedByWatcher' : 'TakerPaymentRefunded', data: txId(tx) });
}

/** What the chain can show of the taker payment while the taker waits: the maker's spend, or a refund (its own or a watcher's). */
const takerPaymentOutcome = (run: Run<'TakerPaymentSpent' | 'TakerPaymentRefunded' | 'TakerPaymentRefundedByWatcher'>, w: WatchedPayment): OnOutcome => ({
  Spent: (tx) => recordSpend(run, w, tx),
  Refunded: (tx) => recordRefund(run, w, tx),
});

/**
 * KDF's `process_watcher_logic`, right after the taker payment: with `use_watchers` and both coins
 * able to make them, the two preimages are built and stored in `WatcherMessageSent` (true); the
 * next step publishes them. A preimage that cannot be built leaves the swap without watchers, as KDF
 * logs and goes on.
 */
async function handToWatchers(run: Run<'WatcherMessageSent'>): Promise<boolean> {
  const f = run.facts;
  if (!run.deps.watchers) return false;
  let preimages;
  try {
    preimages = await buildWatcherPreimages(f, await run.coin(f.started.maker_coin), await run.coin(f.started.taker_coin));
  } catch (e) {
    run.stopIfAborted(e);
    run.deps.log('error', `swap ${f.started.uuid}: The watcher message could not be sent, error creating at least one of the preimages: ${errorText(e)}`);
    return false;
  }
  if (!preimages) return false;
  await run.append({ type: 'WatcherMessageSent', data: watcherMessageSentData(preimages) });
  return true;
}

/**
 * Watches the taker payment until the maker spends it or its lock time passes, telling the maker
 * of it again now (a resumed swap may have stopped before it did) and every so often; the watchers
 * too, once their message is stored (KDF re-sends it every 600 s while it waits; this node also at
 * once, so a resumed taker's watchers hear of it again).
 */
async function waitForTakerPaymentSpend(
  run: Run<'WatcherMessageSent' | 'TakerPaymentSpent' | 'TakerPaymentRefunded' | 'TakerPaymentRefundedByWatcher' | 'TakerPaymentWaitForSpendFailed'>,
): Promise<void> {
  if (run.last.type === 'TakerPaymentSent' && (await handToWatchers(run))) return;
  const d = run.facts.started;
  const w = await takerPayment(run);
  const { clock, timing, watchers } = run.deps;
  let lastSent = -Infinity;
  let lastToWatchers = -Infinity;
  await watchPayment(run, w, {
    on: takerPaymentOutcome(run, w),
    beforeLook: async () => {
      const preimages = run.facts.watcherPreimages;
      if (watchers && preimages && clock.now() - lastToWatchers >= timing.watcherMsgResendMs) {
        lastToWatchers = clock.now();
        await run.attempt(() => watchers.publish(d.taker_coin, takerWatcherMessage(run.facts, preimages)));
      }
      if (clock.now() - lastSent < timing.makerPaymentResendMs) return;
      lastSent = clock.now();
      await run.channel.send({ type: 'TakerPayment', tx: hexToBytes(w.payment.txHex) });
    },
    unsettled: async () => {
      if (run.nowSec() < d.taker_payment_lock) return false;
      await run.append({ type: 'TakerPaymentWaitForSpendFailed', data: { error: 'The maker did not spend the taker payment before its lock time' } });
      return true;
    },
  });
}

/**
 * Spends the maker payment with the revealed secret, retrying as long as the maker has not refunded
 * it. A spend found on chain once watchers hold the preimage is theirs (KDF's
 * `MakerPaymentSpentByWatcher`, as its restart records any spend it finds then): only the taker's
 * key signs a spend of it, here or in the preimage.
 */
async function spendMakerPayment(run: Run<'MakerPaymentSpent' | 'MakerPaymentSpentByWatcher' | 'MakerPaymentSpendFailed'>): Promise<void> {
  const w = await makerPayment(run);
  const secret = revealedSecret(run.facts);
  const refunded = (): Promise<void> => run.append({ type: 'MakerPaymentSpendFailed', data: { error: 'The maker refunded its payment' } });
  const found = run.facts.watcherPreimages ? 'MakerPaymentSpentByWatcher' : 'MakerPaymentSpent';
  await takePayment(run, w, {
    take: 'Spent',
    send: () => w.ops.spendPayment(w.payment, w.htlc, secret),
    on: { Spent: (tx) => run.append({ type: 'MakerPaymentSpent', data: txId(tx) }), Refunded: refunded },
    found: { Spent: (tx) => run.append({ type: found, data: txId(tx) }), Refunded: refunded },
  });
}

async function confirmMakerPaymentSpend(run: Run<'MakerPaymentSpendConfirmed'>): Promise<void> {
  const f = run.facts;
  const w = await makerPayment(run);
  const spend = required(f.makerPaymentSpend, 'MakerPaymentSpent', f.started.uuid);
  await confirmTaken(run, w, 'Spent', spend, f.started.maker_payment_confirmations, () => w.ops.spendPayment(w.payment, w.htlc, revealedSecret(run.facts)));
  await run.append({ type: 'MakerPaymentSpendConfirmed' });
}

/** Waits until the taker payment can be refunded, taking the maker's spend instead if it comes first. */
async function waitForRefund(run: Run<'TakerPaymentSpent' | 'TakerPaymentRefunded' | 'TakerPaymentRefundedByWatcher' | 'TakerPaymentRefundStarted'>): Promise<void> {
  const w = await takerPayment(run);
  await watchPayment(run, w, {
    on: takerPaymentOutcome(run, w),
    unsettled: async () => {
      if (run.nowSec() < w.htlc.timeLock || !(await run.attempt(() => w.ops.canRefund(w.htlc.timeLock)))) return false;
      await run.append({ type: 'TakerPaymentRefundStarted' });
      return true;
    },
  });
}

/**
 * Refunds the taker payment. Its own broadcast is `TakerPaymentRefunded` even when its bytes are the
 * refund preimage's (a fixed fee rate and the HTLC's lock time make the same transaction): only a
 * refund found on chain can be a watcher's.
 */
async function refund(run: Run<'TakerPaymentSpent' | 'TakerPaymentRefunded' | 'TakerPaymentRefundedByWatcher'>): Promise<void> {
  const w = await takerPayment(run);
  const found = takerPaymentOutcome(run, w);
  await takePayment(run, w, {
    take: 'Refunded',
    send: () => w.ops.refundPayment(w.payment, w.htlc),
    on: { ...found, Refunded: (tx) => run.append({ type: 'TakerPaymentRefunded', data: txId(tx) }) },
    found,
  });
}

async function confirmRefund(run: Run<'TakerPaymentRefundFinished'>): Promise<void> {
  const w = await takerPayment(run);
  const refunded = run.facts.refund?.tx;
  if (refunded) await confirmTaken(run, w, 'Refunded', refunded, 1, () => w.ops.refundPayment(w.payment, w.htlc));
  await run.append({ type: 'TakerPaymentRefundFinished' });
}

/** The taker's steps and what each may append. */
const STEPS = {
  negotiate: step(['Negotiated', 'NegotiateFailed'], negotiate),
  sendTakerFee: step(['TakerFeeSent', 'TakerFeeSendFailed'], sendTakerFee),
  waitForMakerPayment: step(['TakerPaymentInstructionsReceived', 'MakerPaymentReceived', 'MakerPaymentValidateFailed'], waitForMakerPayment),
  startMakerPaymentConfirm: step(['MakerPaymentWaitConfirmStarted'], (run) => run.append({ type: 'MakerPaymentWaitConfirmStarted' })),
  validateMakerPayment: step(['MakerPaymentValidatedAndConfirmed', 'MakerPaymentWaitConfirmFailed', 'MakerPaymentValidateFailed'], validateMakerPayment),
  sendTakerPayment: step(['TakerPaymentSent', 'TakerPaymentTransactionFailed'], sendTakerPayment),
  waitForTakerPaymentSpend: step(
    ['WatcherMessageSent', 'TakerPaymentSpent', 'TakerPaymentRefunded', 'TakerPaymentRefundedByWatcher', 'TakerPaymentWaitForSpendFailed'],
    waitForTakerPaymentSpend,
  ),
  spendMakerPayment: step(['MakerPaymentSpent', 'MakerPaymentSpentByWatcher', 'MakerPaymentSpendFailed'], spendMakerPayment),
  confirmMakerPaymentSpend: step(['MakerPaymentSpendConfirmed'], confirmMakerPaymentSpend),
  startRefundWait: step(['TakerPaymentWaitRefundStarted'], (run) =>
    run.append({ type: 'TakerPaymentWaitRefundStarted', data: { wait_until: run.facts.started.taker_payment_lock } }),
  ),
  waitForRefund: step(['TakerPaymentSpent', 'TakerPaymentRefunded', 'TakerPaymentRefundedByWatcher', 'TakerPaymentRefundStarted'], waitForRefund),
  refund: step(['TakerPaymentSpent', 'TakerPaymentRefunded', 'TakerPaymentRefundedByWatcher'], refund),
  confirmRefund: step(['TakerPaymentRefundFinished'], confirmRefund),
  finish: step(['Finished'], (run) => run.append({ type: 'Finished' })),
};

/**
 * After each event, the taker's next step (KDF's `TakerSavedEvent::get_command`). A failure while
 * nothing of the taker's is in an HTLC, and the end of a spend or refund, finish the swap; a failure
 * after the taker payment is sent waits to refund it.
 */
export const TAKER_MACHINE: SwapMachine<TakerSavedSwap, TakerFacts, keyof typeof STEPS> = {
  steps: STEPS,
  next: {
    Started: 'negotiate',
    StartFailed: 'finish',
    Negotiated: 'sendTakerFee',
    NegotiateFailed: 'finish',
    TakerFeeSent: 'waitForMakerPayment',
    TakerFeeSendFailed: 'finish',
    TakerPaymentInstructionsReceived: 'waitForMakerPayment',
    MakerPaymentReceived: 'startMakerPaymentConfirm',
    MakerPaymentWaitConfirmStarted: 'validateMakerPayment',
    MakerPaymentValidatedAndConfirmed: 'sendTakerPayment',
    MakerPaymentValidateFailed: 'finish',
    MakerPaymentWaitConfirmFailed: 'finish',
    TakerPaymentSent: 'waitForTakerPaymentSpend',
    WatcherMessageSent: 'waitForTakerPaymentSpend',
    TakerPaymentTransactionFailed: 'finish',
    TakerPaymentDataSendFailed: 'startRefundWait',
    TakerPaymentWaitConfirmFailed: 'startRefundWait',
    TakerPaymentSpent: 'spendMakerPayment',
    TakerPaymentWaitForSpendFailed: 'startRefundWait',
    MakerPaymentSpent: 'confirmMakerPaymentSpend',
    MakerPaymentSpentByWatcher: 'confirmMakerPaymentSpend',
    MakerPaymentSpendConfirmed: 'finish',
    // Written by KDF only; its next command is the refund path too.
    MakerPaymentSpendConfirmFailed: 'startRefundWait',
    MakerPaymentSpendFailed: 'finish',
    TakerPaymentWaitRefundStarted: 'waitForRefund',
    TakerPaymentRefundStarted: 'refund',
    TakerPaymentRefunded: 'confirmRefund',
    TakerPaymentRefundedByWatcher: 'finish',
    TakerPaymentRefundFailed: 'finish',
    TakerPaymentRefundFinished: 'finish',
    Finished: null,
  },
  facts: takerFacts,
  apply: applyTakerEvent,
};
