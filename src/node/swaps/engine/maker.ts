/**
 * The maker's side of KDF's legacy swap (`maker_swap.rs`): from its last stored event the swap
 * decides its next step, does it, and stores the event that records it, until `Finished`.
 *
 * Order of writes: a payment, spend or refund is broadcast by `SwapOps` and its event stored right
 * after, before the counterparty is told (SwapOps builds, signs and broadcasts in one call, so the
 * transaction cannot be stored first). A crash between the broadcast and the write is healed on
 * resume: the payment step first asks the chain for a payment already made
 * (`checkIfMyPaymentSent`), and the spend and refund steps first look at what became of the
 * payment (`findPaymentOutcome`), so nothing is paid twice.
 */
import { bytesToHex, hexToBytes } from '../../crypto';
import { negotiationLockError, swapDeadlines } from '../protocol/lockTime';
import { dexFee } from '../dexFee';
import { MmNumber } from '../../../shared/number';
import type { MakerSwapEvent, TakerNegotiationData } from './events';
import { errorText, swapTx, txId, type SwapRun } from './run';
import { startedData, type MakerSavedSwap } from './savedSwap';
import { makerSideTerms, type SwapTerms } from './terms';
import { contractHex, negotiationMsg, otherKeysError } from './negotiation';

type Run = SwapRun<MakerSavedSwap>;
type EventType = MakerSwapEvent['type'];

/** Failures after which nothing of the maker's is locked: the swap just ends. */
const ENDS: ReadonlySet<EventType> = new Set([
  'StartFailed',
  'NegotiateFailed',
  'TakerFeeValidateFailed',
  'MakerPaymentTransactionFailed',
  'TakerPaymentSpendConfirmed',
  'MakerPaymentRefundFailed',
  'MakerPaymentRefundFinished',
]);

/** Failures after the maker payment was sent: it comes back by refund. */
const REFUNDS: ReadonlySet<EventType> = new Set([
  'MakerPaymentDataSendFailed',
  'MakerPaymentWaitConfirmFailed',
  'TakerPaymentValidateFailed',
  'TakerPaymentWaitConfirmFailed',
  'TakerPaymentSpendFailed',
  'TakerPaymentSpendConfirmFailed',
]);

/** Runs the maker swap from its last event until it is finished (or stopped: no step starts after a stop). */
export async function runMaker(run: Run): Promise<void> {
  while (run.last.type !== 'Finished') {
    run.checkStop();
    await makerStep(run);
  }
}

async function makerStep(run: Run): Promise<void> {
  const last = run.last;
  if (ENDS.has(last.type)) return run.append({ type: 'Finished' });
  if (REFUNDS.has(last.type)) return run.append({ type: 'MakerPaymentWaitRefundStarted', data: { wait_until: deadlines(run).makerRefundWaitUntil } });
  switch (last.type) {
    case 'Started':
      return negotiate(run);
    case 'Negotiated':
    case 'MakerPaymentInstructionsReceived':
      return waitForTakerFee(run);
    case 'TakerFeeValidated':
      return sendMakerPayment(run);
    case 'MakerPaymentSent':
      return waitForTakerPayment(run);
    case 'TakerPaymentReceived':
      return run.append({ type: 'TakerPaymentWaitConfirmStarted' });
    case 'TakerPaymentWaitConfirmStarted':
      return validateTakerPayment(run);
    case 'TakerPaymentValidatedAndConfirmed':
      return spendTakerPayment(run);
    case 'TakerPaymentSpent':
      return run.append({ type: 'TakerPaymentSpendConfirmStarted' });
    case 'TakerPaymentSpendConfirmStarted':
      return confirmTakerPaymentSpend(run);
    case 'MakerPaymentWaitRefundStarted':
      return waitForRefund(run);
    case 'MakerPaymentRefundStarted':
      return refund(run);
    case 'MakerPaymentRefunded':
      return confirmRefund(run);
    default:
      throw new Error(`maker swap ${run.swap.uuid}: no step after ${last.type}`);
  }
}

const deadlines = (run: Run): ReturnType<typeof swapDeadlines> => {
  const d = startedData(run.swap);
  return swapDeadlines(d.started_at, d.lock_duration);
};

function negotiated(run: Run): TakerNegotiationData {
  const found = run.swap.events.find((e) => e.event.type === 'Negotiated')?.event;
  if (found?.type !== 'Negotiated') throw new Error(`maker swap ${run.swap.uuid} is not negotiated`);
  return found.data;
}

const terms = (run: Run): SwapTerms => makerSideTerms(startedData(run.swap), negotiated(run));

function eventTx(run: Run, type: 'TakerFeeValidated' | 'MakerPaymentSent' | 'TakerPaymentReceived' | 'TakerPaymentSpent'): ReturnType<typeof swapTx> {
  const found = run.swap.events.findLast((e) => e.event.type === type)?.event;
  if (!found || !('data' in found) || found.data === null || !('tx_hash' in found.data)) throw new Error(`maker swap has no ${type}`);
  return swapTx(found.data);
}

async function negotiate(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const [makerCoin, takerCoin] = [await run.coin(d.maker_coin), await run.coin(d.taker_coin)];
  const mine = negotiationMsg(d.started_at, d.maker_payment_lock, hexToBytes(d.secret_hash), d.my_persistent_pub, makerCoin.ops, takerCoin.ops);
  const until = d.started_at * 1000 + run.deps.timing.negotiationWaitMs;
  const reply = await run.channel.recv('NegotiationReply', until, { msg: { type: 'Negotiation', data: mine }, everyMs: run.deps.timing.negotiationResendMs });
  if (!reply) return run.append({ type: 'NegotiateFailed', data: { error: 'Timeout waiting for NegotiationReply' } });
  const other = reply.data;
  const error =
    negotiationLockError({ startedAt: d.started_at }, { startedAt: other.startedAt, paymentLocktime: other.paymentLocktime }, d.lock_duration) ??
    (bytesToHex(other.secretHash) !== d.secret_hash ? 'NegotiationReply secret hash does not match mine' : null) ??
    otherKeysError(other, d.taker, makerCoin.ops, takerCoin.ops);
  if (error) {
    await run.append({ type: 'NegotiateFailed', data: { error } });
    await run.channel.send({ type: 'Negotiated', accepted: false });
    return;
  }
  const pub = bytesToHex(other.persistentPubkey ?? new Uint8Array());
  await run.append({
    type: 'Negotiated',
    data: {
      taker_payment_locktime: other.paymentLocktime,
      taker_pubkey: pub,
      maker_coin_swap_contract_addr: contractHex(other.makerCoinSwapContract),
      taker_coin_swap_contract_addr: contractHex(other.takerCoinSwapContract),
      maker_coin_htlc_pubkey: pub,
      taker_coin_htlc_pubkey: pub,
    },
  });
  // Negotiated(true) goes out from the next step, which also repeats it.
}

async function waitForTakerFee(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { timing } = run.deps;
  const until = run.timeOf('Negotiated') + timing.messageWaitMs;
  const msg = await run.channel.recv('TakerFee', until, { msg: { type: 'Negotiated', accepted: true }, everyMs: timing.shortResendMs });
  if (!msg) return run.append({ type: 'TakerFeeValidateFailed', data: { error: 'Timeout waiting for TakerFee' } });
  const coin = await run.coin(d.taker_coin);
  const fee = dexFee(d.taker_coin, d.maker_coin, MmNumber.parse(d.taker_amount), coin.minTxAmount);
  let lastError: unknown = null;
  for (let attempt = 0; attempt < timing.feeValidationAttempts; attempt++) {
    if (attempt > 0) await run.sleep(timing.feeValidationRetryMs);
    try {
      const tx = coin.ops.txFromBytes(msg.tx.data);
      await coin.ops.validateTakerFee(tx, fee, hexToBytes(negotiated(run).taker_coin_htlc_pubkey), d.taker_coin_start_block);
      // KDF stores the (Lightning-only) payment instructions event, null here, with a valid fee.
      if (run.last.type !== 'MakerPaymentInstructionsReceived') await run.append({ type: 'MakerPaymentInstructionsReceived', data: null });
      return run.append({ type: 'TakerFeeValidated', data: txId(tx) });
    } catch (e) {
      run.stopIfAborted(e);
      lastError = e;
    }
  }
  await run.append({ type: 'TakerFeeValidateFailed', data: { error: errorText(lastError) } });
}

async function sendMakerPayment(run: Run): Promise<void> {
  const d = startedData(run.swap);
  if (run.nowSec() >= deadlines(run).takerPaymentWait) {
    return run.append({ type: 'MakerPaymentTransactionFailed', data: { error: 'Too late to send the maker payment' } });
  }
  const { ops } = await run.coin(d.maker_coin);
  const htlc = terms(run).makerPayment;
  let tx;
  try {
    tx = (await ops.checkIfMyPaymentSent(htlc, d.maker_coin_start_block)) ?? (await run.broadcast(() => ops.sendPayment(htlc)));
  } catch (e) {
    run.stopIfAborted(e);
    // A send that failed after its broadcast must not be taken for one that never left.
    tx = await run.attempt(() => ops.checkIfMyPaymentSent(htlc, d.maker_coin_start_block));
    if (!tx) return run.append({ type: 'MakerPaymentTransactionFailed', data: { error: errorText(e) } });
  }
  // The MakerPayment message goes out from the next step, which also repeats it.
  await run.append({ type: 'MakerPaymentSent', data: txId(tx) });
}

async function waitForTakerPayment(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const payment = eventTx(run, 'MakerPaymentSent');
  const until = deadlines(run).takerPaymentWait * 1000;
  const msg = await run.channel.recv('TakerPayment', until, {
    msg: { type: 'MakerPayment', tx: { data: hexToBytes(payment.txHex) } },
    everyMs: run.deps.timing.makerPaymentResendMs,
  });
  if (!msg) return run.append({ type: 'TakerPaymentValidateFailed', data: { error: 'Timeout waiting for the taker payment' } });
  const { ops } = await run.coin(d.taker_coin);
  try {
    await run.append({ type: 'TakerPaymentReceived', data: txId(ops.txFromBytes(msg.tx)) });
  } catch (e) {
    run.stopIfAborted(e);
    await run.append({ type: 'TakerPaymentValidateFailed', data: { error: errorText(e) } });
  }
}

async function validateTakerPayment(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { ops } = await run.coin(d.taker_coin);
  const payment = eventTx(run, 'TakerPaymentReceived');
  // Confirmed first, then validated, as KDF's `validate_taker_payment`: a contract payment (QRC20)
  // shows its state and receipts only once mined.
  const until = deadlines(run).takerPaymentSpendDeadline * 1000;
  if (!(await run.confirmed({ ticker: d.taker_coin, ops }, payment, d.taker_payment_confirmations, until))) {
    return run.append({ type: 'TakerPaymentWaitConfirmFailed', data: { error: 'Taker payment not confirmed in time' } });
  }
  try {
    await ops.validatePayment(payment, terms(run).takerPayment);
  } catch (e) {
    run.stopIfAborted(e);
    return run.append({ type: 'TakerPaymentValidateFailed', data: { error: errorText(e) } });
  }
  await run.append({ type: 'TakerPaymentValidatedAndConfirmed' });
}

/** Spends the taker payment with the secret, retrying until the taker could refund it. */
async function spendTakerPayment(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { ops } = await run.coin(d.taker_coin);
  const payment = eventTx(run, 'TakerPaymentReceived');
  const htlc = terms(run).takerPayment;
  for (;;) {
    const outcome = await run.attempt(() => ops.findPaymentOutcome(payment, htlc));
    if (outcome?.type === 'Spent') return run.append({ type: 'TakerPaymentSpent', data: txId(outcome.tx) });
    if (outcome?.type === 'Refunded') return run.append({ type: 'TakerPaymentSpendFailed', data: { error: 'The taker refunded its payment' } });
    const spend = await run.attempt(() => run.broadcast(() => ops.spendPayment(payment, htlc, hexToBytes(d.secret))));
    if (spend) return run.append({ type: 'TakerPaymentSpent', data: txId(spend) });
    if (run.nowSec() >= htlc.timeLock) return run.append({ type: 'TakerPaymentSpendFailed', data: { error: 'Could not spend the taker payment before its lock time' } });
    await run.nextPoll(ops);
  }
}

async function confirmTakerPaymentSpend(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { ops } = await run.coin(d.taker_coin);
  const payment = eventTx(run, 'TakerPaymentReceived');
  const htlc = terms(run).takerPayment;
  // A spend the chain dropped is broadcast again while the payment is still unspent.
  const rebroadcast = async (): Promise<ReturnType<typeof swapTx> | null> => {
    const outcome = await ops.findPaymentOutcome(payment, htlc);
    if (outcome?.type === 'Spent') return outcome.tx;
    return outcome ? null : run.broadcast(() => ops.spendPayment(payment, htlc, hexToBytes(d.secret)));
  };
  await run.confirmed({ ticker: d.taker_coin, ops }, eventTx(run, 'TakerPaymentSpent'), d.taker_payment_confirmations, Infinity, rebroadcast);
  await run.append({ type: 'TakerPaymentSpendConfirmed' });
}

/** Waits until the chain lets the maker payment be refunded. */
async function waitForRefund(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { ops } = await run.coin(d.maker_coin);
  const payment = eventTx(run, 'MakerPaymentSent');
  const htlc = terms(run).makerPayment;
  for (;;) {
    const outcome = await run.attempt(() => ops.findPaymentOutcome(payment, htlc));
    if (outcome?.type === 'Refunded') return run.append({ type: 'MakerPaymentRefunded', data: txId(outcome.tx) });
    if (outcome?.type === 'Spent') return run.append({ type: 'MakerPaymentRefundFailed', data: { error: 'The maker payment was spent by the taker' } });
    if (run.nowSec() >= htlc.timeLock && (await run.attempt(() => ops.canRefund(htlc.timeLock)))) {
      return run.append({ type: 'MakerPaymentRefundStarted' });
    }
    await run.nextPoll(ops);
  }
}

/** Refunds the maker payment, retrying until a refund is accepted. */
async function refund(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { ops } = await run.coin(d.maker_coin);
  const payment = eventTx(run, 'MakerPaymentSent');
  const htlc = terms(run).makerPayment;
  for (;;) {
    const outcome = await run.attempt(() => ops.findPaymentOutcome(payment, htlc));
    if (outcome?.type === 'Refunded') return run.append({ type: 'MakerPaymentRefunded', data: txId(outcome.tx) });
    if (outcome?.type === 'Spent') return run.append({ type: 'MakerPaymentRefundFailed', data: { error: 'The maker payment was spent by the taker' } });
    const tx = await run.attempt(() => run.broadcast(() => ops.refundPayment(payment, htlc)));
    if (tx) return run.append({ type: 'MakerPaymentRefunded', data: txId(tx) });
    await run.nextPoll(ops);
  }
}

/** Waits for the refund to confirm, refunding again if the chain dropped it. */
async function confirmRefund(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { ops } = await run.coin(d.maker_coin);
  const last = run.last;
  const payment = eventTx(run, 'MakerPaymentSent');
  const htlc = terms(run).makerPayment;
  if (last.type === 'MakerPaymentRefunded' && last.data) {
    const again = async (): Promise<ReturnType<typeof swapTx> | null> => {
      const outcome = await ops.findPaymentOutcome(payment, htlc);
      if (outcome?.type === 'Refunded') return outcome.tx;
      return outcome ? null : run.broadcast(() => ops.refundPayment(payment, htlc));
    };
    await run.confirmed({ ticker: d.maker_coin, ops }, swapTx(last.data), 1, Infinity, again);
  }
  await run.append({ type: 'MakerPaymentRefundFinished' });
}
