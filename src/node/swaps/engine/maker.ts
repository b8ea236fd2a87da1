/**
 * The maker's side of KDF's legacy swap (`maker_swap.rs`) as a transition table (machine.ts): the
 * step after the last stored event runs and stores the event that records it, until `Finished`.
 *
 * Order of writes: a payment, spend or refund is broadcast by `SwapOps` and its event stored right
 * after, before the counterparty is told (SwapOps builds, signs and broadcasts in one call, so the
 * transaction cannot be stored first). A crash between the broadcast and the write is healed on
 * resume: the payment step first asks the chain for a payment already made
 * (`checkIfMyPaymentSent`), and the spend and refund steps first look at what became of the
 * payment (`findPaymentOutcome`), so nothing is paid twice.
 */
import { bytesToHex, hexToBytes } from '../../crypto';
import { negotiationLockError } from '../protocol/lockTime';
import { dexFee } from '../dexFee';
import { MmNumber } from '../../../shared/number';
import type { MakerEventType } from './events';
import { applyMakerEvent, makerFacts, required, type MakerFacts } from './facts';
import { stepsOf, type StepRun, type SwapMachine } from './machine';
import { confirmTaken, takePayment, watchPayment, type OnOutcome, type WatchedPayment } from './payments';
import { errorText, txId } from './run';
import type { MakerSavedSwap } from './savedSwap';
import { makerSideTerms, type SwapTerms } from './terms';
import { contractHex, negotiationMsg, otherKeysError } from './negotiation';

/** A maker step's run: it may append the events `E`. */
type Run<E extends MakerEventType> = StepRun<MakerSavedSwap, MakerFacts, E>;
/** The run of a helper that appends nothing. */
type Reader = Run<never>;

const step = stepsOf<MakerSavedSwap, MakerFacts>();

const terms = (f: MakerFacts): SwapTerms => makerSideTerms(f.started, required(f.negotiated, 'Negotiated', f.started.uuid).value);

/** The maker's payment, as the refund steps watch it. */
async function makerPayment(run: Reader): Promise<WatchedPayment> {
  const f = run.facts;
  const { ops } = await run.coin(f.started.maker_coin);
  return { ticker: f.started.maker_coin, ops, payment: required(f.makerPayment, 'MakerPaymentSent', f.started.uuid), htlc: terms(f).makerPayment };
}

/** The taker's payment, as the spend steps watch it. */
async function takerPayment(run: Reader): Promise<WatchedPayment> {
  const f = run.facts;
  const { ops } = await run.coin(f.started.taker_coin);
  return { ticker: f.started.taker_coin, ops, payment: required(f.takerPayment, 'TakerPaymentReceived', f.started.uuid), htlc: terms(f).takerPayment };
}

async function negotiate(run: Run<'Negotiated' | 'NegotiateFailed'>): Promise<void> {
  const d = run.facts.started;
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

async function waitForTakerFee(run: Run<'MakerPaymentInstructionsReceived' | 'TakerFeeValidated' | 'TakerFeeValidateFailed'>): Promise<void> {
  const d = run.facts.started;
  const negotiated = required(run.facts.negotiated, 'Negotiated', d.uuid);
  const { timing } = run.deps;
  const until = negotiated.at + timing.messageWaitMs;
  const msg = await run.channel.recv('TakerFee', until, { msg: { type: 'Negotiated', accepted: true }, everyMs: timing.shortResendMs });
  if (!msg) return run.append({ type: 'TakerFeeValidateFailed', data: { error: 'Timeout waiting for TakerFee' } });
  const coin = await run.coin(d.taker_coin);
  const fee = dexFee(d.taker_coin, d.maker_coin, MmNumber.parse(d.taker_amount), coin.minTxAmount);
  let lastError: unknown = null;
  for (let attempt = 0; attempt < timing.feeValidationAttempts; attempt++) {
    if (attempt > 0) await run.sleep(timing.feeValidationRetryMs);
    try {
      const tx = coin.ops.txFromBytes(msg.tx.data);
      await coin.ops.validateTakerFee(tx, fee, hexToBytes(negotiated.value.taker_coin_htlc_pubkey), d.taker_coin_start_block);
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

async function sendMakerPayment(run: Run<'MakerPaymentSent' | 'MakerPaymentTransactionFailed'>): Promise<void> {
  const f = run.facts;
  const d = f.started;
  if (run.nowSec() >= f.deadlines.takerPaymentWait) {
    return run.append({ type: 'MakerPaymentTransactionFailed', data: { error: 'Too late to send the maker payment' } });
  }
  const { ops } = await run.coin(d.maker_coin);
  const htlc = terms(f).makerPayment;
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

async function waitForTakerPayment(run: Run<'TakerPaymentReceived' | 'TakerPaymentValidateFailed'>): Promise<void> {
  const f = run.facts;
  const payment = required(f.makerPayment, 'MakerPaymentSent', f.started.uuid);
  const until = f.deadlines.takerPaymentWait * 1000;
  const msg = await run.channel.recv('TakerPayment', until, {
    msg: { type: 'MakerPayment', tx: { data: hexToBytes(payment.txHex) } },
    everyMs: run.deps.timing.makerPaymentResendMs,
  });
  if (!msg) return run.append({ type: 'TakerPaymentValidateFailed', data: { error: 'Timeout waiting for the taker payment' } });
  const { ops } = await run.coin(f.started.taker_coin);
  try {
    await run.append({ type: 'TakerPaymentReceived', data: txId(ops.txFromBytes(msg.tx)) });
  } catch (e) {
    run.stopIfAborted(e);
    await run.append({ type: 'TakerPaymentValidateFailed', data: { error: errorText(e) } });
  }
}

async function validateTakerPayment(run: Run<'TakerPaymentValidatedAndConfirmed' | 'TakerPaymentWaitConfirmFailed' | 'TakerPaymentValidateFailed'>): Promise<void> {
  const f = run.facts;
  const w = await takerPayment(run);
  // Confirmed first, then validated, as KDF's `validate_taker_payment`: a contract payment (QRC20)
  // shows its state and receipts only once mined.
  const until = f.deadlines.takerPaymentSpendDeadline * 1000;
  if (!(await run.confirmed(w, w.payment, f.started.taker_payment_confirmations, until))) {
    return run.append({ type: 'TakerPaymentWaitConfirmFailed', data: { error: 'Taker payment not confirmed in time' } });
  }
  try {
    await w.ops.validatePayment(w.payment, w.htlc);
  } catch (e) {
    run.stopIfAborted(e);
    return run.append({ type: 'TakerPaymentValidateFailed', data: { error: errorText(e) } });
  }
  await run.append({ type: 'TakerPaymentValidatedAndConfirmed' });
}

/** Spends the taker payment with the secret, retrying until the taker could refund it. */
async function spendTakerPayment(run: Run<'TakerPaymentSpent' | 'TakerPaymentSpendFailed'>): Promise<void> {
  const w = await takerPayment(run);
  const secret = hexToBytes(run.facts.started.secret);
  await takePayment(run, w, {
    take: 'Spent',
    send: () => w.ops.spendPayment(w.payment, w.htlc, secret),
    on: {
      Spent: (tx) => run.append({ type: 'TakerPaymentSpent', data: txId(tx) }),
      Refunded: () => run.append({ type: 'TakerPaymentSpendFailed', data: { error: 'The taker refunded its payment' } }),
    },
    giveUp: async () => {
      if (run.nowSec() < w.htlc.timeLock) return false;
      await run.append({ type: 'TakerPaymentSpendFailed', data: { error: 'Could not spend the taker payment before its lock time' } });
      return true;
    },
  });
}

async function confirmTakerPaymentSpend(run: Run<'TakerPaymentSpendConfirmed'>): Promise<void> {
  const f = run.facts;
  const w = await takerPayment(run);
  const spend = required(f.takerPaymentSpend, 'TakerPaymentSpent', f.started.uuid);
  // A spend the chain dropped is broadcast again while the payment is still unspent.
  const secret = hexToBytes(f.started.secret);
  await confirmTaken(run, w, 'Spent', spend, f.started.taker_payment_confirmations, () => w.ops.spendPayment(w.payment, w.htlc, secret));
  await run.append({ type: 'TakerPaymentSpendConfirmed' });
}

/** What the chain can show of the maker payment while the maker waits to refund it: a refund, or the taker's spend. */
const makerPaymentOutcome = (run: Run<'MakerPaymentRefunded' | 'MakerPaymentRefundFailed'>): OnOutcome => ({
  Refunded: (tx) => run.append({ type: 'MakerPaymentRefunded', data: txId(tx) }),
  Spent: () => run.append({ type: 'MakerPaymentRefundFailed', data: { error: 'The maker payment was spent by the taker' } }),
});

/** Waits until the chain lets the maker payment be refunded. */
async function waitForRefund(run: Run<'MakerPaymentRefunded' | 'MakerPaymentRefundFailed' | 'MakerPaymentRefundStarted'>): Promise<void> {
  const w = await makerPayment(run);
  await watchPayment(run, w, {
    on: makerPaymentOutcome(run),
    unsettled: async () => {
      if (run.nowSec() < w.htlc.timeLock || !(await run.attempt(() => w.ops.canRefund(w.htlc.timeLock)))) return false;
      await run.append({ type: 'MakerPaymentRefundStarted' });
      return true;
    },
  });
}

/** Refunds the maker payment, retrying until a refund is accepted. */
async function refund(run: Run<'MakerPaymentRefunded' | 'MakerPaymentRefundFailed'>): Promise<void> {
  const w = await makerPayment(run);
  await takePayment(run, w, {
    take: 'Refunded',
    send: () => w.ops.refundPayment(w.payment, w.htlc),
    on: makerPaymentOutcome(run),
  });
}

/** Waits for the refund to confirm, refunding again if the chain dropped it. */
async function confirmRefund(run: Run<'MakerPaymentRefundFinished'>): Promise<void> {
  const w = await makerPayment(run);
  const refunded = run.facts.refund?.tx;
  if (refunded) await confirmTaken(run, w, 'Refunded', refunded, 1, () => w.ops.refundPayment(w.payment, w.htlc));
  await run.append({ type: 'MakerPaymentRefundFinished' });
}

/** The maker's steps and what each may append. */
const STEPS = {
  negotiate: step(['Negotiated', 'NegotiateFailed'], negotiate),
  waitForTakerFee: step(['MakerPaymentInstructionsReceived', 'TakerFeeValidated', 'TakerFeeValidateFailed'], waitForTakerFee),
  sendMakerPayment: step(['MakerPaymentSent', 'MakerPaymentTransactionFailed'], sendMakerPayment),
  waitForTakerPayment: step(['TakerPaymentReceived', 'TakerPaymentValidateFailed'], waitForTakerPayment),
  startTakerPaymentConfirm: step(['TakerPaymentWaitConfirmStarted'], (run) => run.append({ type: 'TakerPaymentWaitConfirmStarted' })),
  validateTakerPayment: step(['TakerPaymentValidatedAndConfirmed', 'TakerPaymentWaitConfirmFailed', 'TakerPaymentValidateFailed'], validateTakerPayment),
  spendTakerPayment: step(['TakerPaymentSpent', 'TakerPaymentSpendFailed'], spendTakerPayment),
  startSpendConfirm: step(['TakerPaymentSpendConfirmStarted'], (run) => run.append({ type: 'TakerPaymentSpendConfirmStarted' })),
  confirmTakerPaymentSpend: step(['TakerPaymentSpendConfirmed'], confirmTakerPaymentSpend),
  startRefundWait: step(['MakerPaymentWaitRefundStarted'], (run) =>
    run.append({ type: 'MakerPaymentWaitRefundStarted', data: { wait_until: run.facts.deadlines.makerRefundWaitUntil } }),
  ),
  waitForRefund: step(['MakerPaymentRefunded', 'MakerPaymentRefundFailed', 'MakerPaymentRefundStarted'], waitForRefund),
  refund: step(['MakerPaymentRefunded', 'MakerPaymentRefundFailed'], refund),
  confirmRefund: step(['MakerPaymentRefundFinished'], confirmRefund),
  finish: step(['Finished'], (run) => run.append({ type: 'Finished' })),
};

/**
 * After each event, the maker's next step (KDF's `MakerSavedEvent::get_command`). A failure before
 * the maker payment is sent, and the end of a spend or refund, finish the swap; a failure after it
 * waits to refund it.
 */
export const MAKER_MACHINE: SwapMachine<MakerSavedSwap, MakerFacts, keyof typeof STEPS> = {
  steps: STEPS,
  next: {
    Started: 'negotiate',
    StartFailed: 'finish',
    Negotiated: 'waitForTakerFee',
    NegotiateFailed: 'finish',
    MakerPaymentInstructionsReceived: 'waitForTakerFee',
    TakerFeeValidated: 'sendMakerPayment',
    TakerFeeValidateFailed: 'finish',
    MakerPaymentSent: 'waitForTakerPayment',
    MakerPaymentTransactionFailed: 'finish',
    MakerPaymentDataSendFailed: 'startRefundWait',
    MakerPaymentWaitConfirmFailed: 'startRefundWait',
    TakerPaymentReceived: 'startTakerPaymentConfirm',
    TakerPaymentWaitConfirmStarted: 'validateTakerPayment',
    TakerPaymentValidatedAndConfirmed: 'spendTakerPayment',
    TakerPaymentValidateFailed: 'startRefundWait',
    TakerPaymentWaitConfirmFailed: 'startRefundWait',
    TakerPaymentSpent: 'startSpendConfirm',
    TakerPaymentSpendFailed: 'startRefundWait',
    TakerPaymentSpendConfirmStarted: 'confirmTakerPaymentSpend',
    TakerPaymentSpendConfirmed: 'finish',
    TakerPaymentSpendConfirmFailed: 'startRefundWait',
    MakerPaymentWaitRefundStarted: 'waitForRefund',
    MakerPaymentRefundStarted: 'refund',
    MakerPaymentRefunded: 'confirmRefund',
    MakerPaymentRefundFailed: 'finish',
    MakerPaymentRefundFinished: 'finish',
    Finished: null,
  },
  facts: makerFacts,
  apply: applyMakerEvent,
};
