/**
 * The taker's side of KDF's legacy swap (`taker_swap.rs`), stepped from its last stored event as
 * the maker's is (see maker.ts for the order of writes and how a crash between a broadcast and its
 * write is healed). The taker's payment is at stake once sent: from then on the swap only ends
 * with the maker payment spent to the taker (the secret revealed by the maker's spend) or the
 * taker payment refunded, whichever the chain allows; while waiting to refund it keeps watching
 * for the maker's spend, which still gives the taker what it is owed.
 */
import { MmNumber } from '../../../shared/number';
import { bytesToHex, hexToBytes } from '../../crypto';
import { dexFee } from '../dexFee';
import { negotiationLockError, swapDeadlines } from '../protocol/lockTime';
import type { MakerNegotiationData, TakerSwapEvent } from './events';
import { contractHex, negotiationMsg, otherKeysError } from './negotiation';
import { errorText, swapTx, txId, type SwapRun } from './run';
import { startedData, type TakerSavedSwap } from './savedSwap';
import { takerSideTerms, type SwapTerms } from './terms';

type Run = SwapRun<TakerSavedSwap>;
type EventType = TakerSwapEvent['type'];
type Tx = ReturnType<typeof swapTx>;

/** Failures after which nothing of the taker's is locked in an HTLC: the swap just ends. */
const ENDS: ReadonlySet<EventType> = new Set([
  'StartFailed',
  'NegotiateFailed',
  'TakerFeeSendFailed',
  'MakerPaymentValidateFailed',
  'MakerPaymentWaitConfirmFailed',
  'TakerPaymentTransactionFailed',
  'MakerPaymentSpendFailed',
  'MakerPaymentSpendConfirmed',
  'TakerPaymentRefundFailed',
  'TakerPaymentRefundFinished',
]);

/** Failures after the taker payment was sent: it comes back by refund (unless the maker spends it first). */
const REFUNDS: ReadonlySet<EventType> = new Set(['TakerPaymentWaitConfirmFailed', 'TakerPaymentDataSendFailed', 'TakerPaymentWaitForSpendFailed']);

/** Runs the taker swap from its last event until it is finished (or stopped: no step starts after a stop). */
export async function runTaker(run: Run): Promise<void> {
  while (run.last.type !== 'Finished') {
    run.checkStop();
    await takerStep(run);
  }
}

async function takerStep(run: Run): Promise<void> {
  const last = run.last;
  if (ENDS.has(last.type)) return run.append({ type: 'Finished' });
  if (REFUNDS.has(last.type)) return run.append({ type: 'TakerPaymentWaitRefundStarted', data: { wait_until: startedData(run.swap).taker_payment_lock } });
  switch (last.type) {
    case 'Started':
      return negotiate(run);
    case 'Negotiated':
      return sendTakerFee(run);
    case 'TakerFeeSent':
    case 'TakerPaymentInstructionsReceived':
      return waitForMakerPayment(run);
    case 'MakerPaymentReceived':
      return run.append({ type: 'MakerPaymentWaitConfirmStarted' });
    case 'MakerPaymentWaitConfirmStarted':
      return validateMakerPayment(run);
    case 'MakerPaymentValidatedAndConfirmed':
      return sendTakerPayment(run);
    case 'TakerPaymentSent':
      return waitForTakerPaymentSpend(run);
    case 'TakerPaymentSpent':
      return spendMakerPayment(run);
    case 'MakerPaymentSpent':
      return confirmMakerPaymentSpend(run);
    case 'TakerPaymentWaitRefundStarted':
      return waitForRefund(run);
    case 'TakerPaymentRefundStarted':
      return refund(run);
    case 'TakerPaymentRefunded':
      return confirmRefund(run);
    default:
      throw new Error(`taker swap ${run.swap.uuid}: no step after ${last.type}`);
  }
}

function negotiated(run: Run): MakerNegotiationData {
  const found = run.swap.events.find((e) => e.event.type === 'Negotiated')?.event;
  if (found?.type !== 'Negotiated') throw new Error(`taker swap ${run.swap.uuid} is not negotiated`);
  return found.data;
}

const terms = (run: Run): SwapTerms => takerSideTerms(startedData(run.swap), negotiated(run));

function eventTx(run: Run, type: 'TakerFeeSent' | 'MakerPaymentReceived' | 'TakerPaymentSent' | 'MakerPaymentSpent'): Tx {
  const found = run.swap.events.findLast((e) => e.event.type === type)?.event;
  if (!found || !('data' in found) || found.data === null || !('tx_hash' in found.data)) throw new Error(`taker swap has no ${type}`);
  return swapTx(found.data);
}

function revealedSecret(run: Run): Uint8Array {
  const found = run.swap.events.findLast((e) => e.event.type === 'TakerPaymentSpent')?.event;
  if (found?.type !== 'TakerPaymentSpent') throw new Error(`taker swap ${run.swap.uuid} has no secret`);
  return hexToBytes(found.data.secret);
}

async function negotiate(run: Run): Promise<void> {
  const d = startedData(run.swap);
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

async function sendTakerFee(run: Run): Promise<void> {
  const d = startedData(run.swap);
  if (run.nowSec() >= swapDeadlines(d.started_at, d.lock_duration).takerFeeDeadline) {
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

async function waitForMakerPayment(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { timing } = run.deps;
  const fee = eventTx(run, 'TakerFeeSent');
  const until = run.timeOf('TakerFeeSent') + timing.messageWaitMs;
  const msg = await run.channel.recv('MakerPayment', until, { msg: { type: 'TakerFee', tx: { data: hexToBytes(fee.txHex) } }, everyMs: timing.shortResendMs });
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

async function validateMakerPayment(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { ops } = await run.coin(d.maker_coin);
  const payment = eventTx(run, 'MakerPaymentReceived');
  // Confirmed first, then validated, as KDF's `validate_maker_payment`: a contract payment (QRC20)
  // shows its state and receipts only once mined.
  if (!(await run.confirmed({ ticker: d.maker_coin, ops }, payment, d.maker_payment_confirmations, d.maker_payment_wait * 1000))) {
    return run.append({ type: 'MakerPaymentWaitConfirmFailed', data: { error: 'Maker payment not confirmed in time' } });
  }
  try {
    await ops.validatePayment(payment, terms(run).makerPayment);
  } catch (e) {
    run.stopIfAborted(e);
    return run.append({ type: 'MakerPaymentValidateFailed', data: { error: errorText(e) } });
  }
  await run.append({ type: 'MakerPaymentValidatedAndConfirmed' });
}

async function sendTakerPayment(run: Run): Promise<void> {
  const d = startedData(run.swap);
  if (run.nowSec() >= d.maker_payment_wait) {
    return run.append({ type: 'TakerPaymentTransactionFailed', data: { error: 'Too late to send the taker payment' } });
  }
  const { ops } = await run.coin(d.taker_coin);
  const htlc = terms(run).takerPayment;
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

/** Appends `TakerPaymentSpent` with the secret the maker's spend revealed. */
async function recordSpend(run: Run, spend: Tx): Promise<void> {
  const { ops } = await run.coin(startedData(run.swap).taker_coin);
  const secret = ops.extractSecret(spend, terms(run).takerPayment.secretHash);
  await run.append({ type: 'TakerPaymentSpent', data: { transaction: txId(spend), secret: bytesToHex(secret) } });
}

/**
 * Watches the taker payment until the maker spends it or its lock time passes, telling the maker
 * of it again now (a resumed swap may have stopped before it did) and every so often.
 */
async function waitForTakerPaymentSpend(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { ops } = await run.coin(d.taker_coin);
  const payment = eventTx(run, 'TakerPaymentSent');
  const htlc = terms(run).takerPayment;
  let lastSent = -Infinity;
  for (;;) {
    if (run.deps.clock.now() - lastSent >= run.deps.timing.makerPaymentResendMs) {
      lastSent = run.deps.clock.now();
      await run.channel.send({ type: 'TakerPayment', tx: hexToBytes(payment.txHex) });
    }
    const outcome = await run.attempt(() => ops.findPaymentOutcome(payment, htlc));
    if (outcome?.type === 'Spent') return recordSpend(run, outcome.tx);
    if (outcome?.type === 'Refunded') return run.append({ type: 'TakerPaymentRefunded', data: txId(outcome.tx) });
    if (run.nowSec() >= d.taker_payment_lock) {
      return run.append({ type: 'TakerPaymentWaitForSpendFailed', data: { error: 'The maker did not spend the taker payment before its lock time' } });
    }
    await run.nextPoll(ops);
  }
}

/** Spends the maker payment with the revealed secret, retrying as long as the maker has not refunded it. */
async function spendMakerPayment(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { ops } = await run.coin(d.maker_coin);
  const payment = eventTx(run, 'MakerPaymentReceived');
  const htlc = terms(run).makerPayment;
  const secret = revealedSecret(run);
  for (;;) {
    const outcome = await run.attempt(() => ops.findPaymentOutcome(payment, htlc));
    if (outcome?.type === 'Spent') return run.append({ type: 'MakerPaymentSpent', data: txId(outcome.tx) });
    if (outcome?.type === 'Refunded') return run.append({ type: 'MakerPaymentSpendFailed', data: { error: 'The maker refunded its payment' } });
    const spend = await run.attempt(() => run.broadcast(() => ops.spendPayment(payment, htlc, secret)));
    if (spend) return run.append({ type: 'MakerPaymentSpent', data: txId(spend) });
    await run.nextPoll(ops);
  }
}

async function confirmMakerPaymentSpend(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { ops } = await run.coin(d.maker_coin);
  const payment = eventTx(run, 'MakerPaymentReceived');
  const htlc = terms(run).makerPayment;
  const rebroadcast = async (): Promise<Tx | null> => {
    const outcome = await ops.findPaymentOutcome(payment, htlc);
    if (outcome?.type === 'Spent') return outcome.tx;
    return outcome ? null : run.broadcast(() => ops.spendPayment(payment, htlc, revealedSecret(run)));
  };
  await run.confirmed({ ticker: d.maker_coin, ops }, eventTx(run, 'MakerPaymentSpent'), d.maker_payment_confirmations, Infinity, rebroadcast);
  await run.append({ type: 'MakerPaymentSpendConfirmed' });
}

/** Waits until the taker payment can be refunded, taking the maker's spend instead if it comes first. */
async function waitForRefund(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { ops } = await run.coin(d.taker_coin);
  const payment = eventTx(run, 'TakerPaymentSent');
  const htlc = terms(run).takerPayment;
  for (;;) {
    const outcome = await run.attempt(() => ops.findPaymentOutcome(payment, htlc));
    if (outcome?.type === 'Spent') return recordSpend(run, outcome.tx);
    if (outcome?.type === 'Refunded') return run.append({ type: 'TakerPaymentRefunded', data: txId(outcome.tx) });
    if (run.nowSec() >= htlc.timeLock && (await run.attempt(() => ops.canRefund(htlc.timeLock)))) {
      return run.append({ type: 'TakerPaymentRefundStarted' });
    }
    await run.nextPoll(ops);
  }
}

async function refund(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { ops } = await run.coin(d.taker_coin);
  const payment = eventTx(run, 'TakerPaymentSent');
  const htlc = terms(run).takerPayment;
  for (;;) {
    const outcome = await run.attempt(() => ops.findPaymentOutcome(payment, htlc));
    if (outcome?.type === 'Spent') return recordSpend(run, outcome.tx);
    if (outcome?.type === 'Refunded') return run.append({ type: 'TakerPaymentRefunded', data: txId(outcome.tx) });
    const tx = await run.attempt(() => run.broadcast(() => ops.refundPayment(payment, htlc)));
    if (tx) return run.append({ type: 'TakerPaymentRefunded', data: txId(tx) });
    await run.nextPoll(ops);
  }
}

async function confirmRefund(run: Run): Promise<void> {
  const d = startedData(run.swap);
  const { ops } = await run.coin(d.taker_coin);
  const last = run.last;
  const payment = eventTx(run, 'TakerPaymentSent');
  const htlc = terms(run).takerPayment;
  if (last.type === 'TakerPaymentRefunded' && last.data) {
    const again = async (): Promise<Tx | null> => {
      const outcome = await ops.findPaymentOutcome(payment, htlc);
      if (outcome?.type === 'Refunded') return outcome.tx;
      return outcome ? null : run.broadcast(() => ops.refundPayment(payment, htlc));
    };
    await run.confirmed({ ticker: d.taker_coin, ops }, swapTx(last.data), 1, Infinity, again);
  }
  await run.append({ type: 'TakerPaymentRefundFinished' });
}
