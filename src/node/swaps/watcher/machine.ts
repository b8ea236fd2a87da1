/**
 * One watched swap's state machine (KDF's `WatcherStateMachine`): ValidateTakerFee →
 * ValidateTakerPayment → WaitForTakerPaymentSpend → (WaitForTakerToSpendMakerPayment →)
 * SpendMakerPayment | RefundTakerPayment → Stopped. Each new state is stored (awaited) before it
 * runs, so nothing is broadcast before the state that broadcasts it is on disk, and a restarted
 * watcher runs the stored state again: its broadcasts are the taker's own signed transactions,
 * which the chain takes once.
 *
 * Waits look at the chain on each new block of the coin and at least every KDF interval; every
 * deadline is computed from the message's times, compared with the clock's `now`.
 */
import { bytesToHex, hexToBytes } from '../../crypto';
import { SwapValidationError, type HtlcOutcome } from '../../coins/swapOps';
import { WatchedTxNotFound, type WatcherOps } from '../../coins/watcherOps';
import type { SwapClock } from '../engine/clock';
import type { AdmittedSwap } from './admission';
import { watchDeadlines, type WatchDeadlines, type WatcherConf } from './conf';
import { TRANSITIONS, type WatcherErrorKind, type WatcherState, type WatcherSuccess } from './states';
import { errorMessage } from '../../../shared/errorChain';

/** KDF's TAKER_FEE_VALIDATION_ATTEMPTS and _RETRY_DELAY_SECS. */
const FEE_ATTEMPTS = 6;
const FEE_RETRY_MS = 10_000;
/** KDF's WAIT_CONFIRM_INTERVAL_SEC: how often the taker payment's confirmations are looked at. */
const CONFIRM_INTERVAL_MS = 15_000;
/** KDF's wait between `can_refund_htlc` attempts after an error. */
const REFUND_RETRY_MS = 30_000;
/** KDF's TAKER_SWAP_CONFIRMATIONS: the watcher waits for at most one confirmation. */
const TAKER_SWAP_CONFIRMATIONS = 1;
/** KDF's TAKER_SWAP_ENTRY_TIMEOUT_SEC: how long a fee hash stays locked; here also how long past the maker's lock a watch may run. */
export const TAKER_SWAP_ENTRY_TIMEOUT_SEC = 21_600;

export interface MachineDeps {
  clock: SwapClock;
  conf: WatcherConf;
  /** Stores the swap in its new state; resolves once written. */
  save(state: WatcherState): Promise<void>;
  log(level: 'debug' | 'info' | 'warn' | 'error', line: string): void;
  signal: AbortSignal;
}

/** Until when a watch may run at all: past it, the stored record is forgotten. */
export function watchExpiry(swap: Pick<AdmittedSwap, 'data'>): number {
  return swap.data.swapStartedAt + swap.data.lockDuration * 2 + TAKER_SWAP_ENTRY_TIMEOUT_SEC;
}

/** Runs from `state` (as stored) to Stopped; rejects only when aborted or a write fails (the swap resumes from its last stored state). */
export async function runWatch(swap: AdmittedSwap, state: WatcherState, receivedAt: number, deps: MachineDeps): Promise<WatcherState> {
  const machine = new Machine(swap, receivedAt, deps);
  let current = state;
  while (current.type !== 'Stopped') {
    const next = await machine.step(current);
    if (!TRANSITIONS[current.type].includes(next.type)) throw new Error(`watcher ${swap.data.uuid}: no transition ${current.type} → ${next.type}`);
    await deps.save(next);
    deps.log('info', `watcher ${swap.data.uuid}: ${current.type} → ${describe(next)}`);
    current = next;
  }
  return current;
}

function describe(s: WatcherState): string {
  if (s.type !== 'Stopped') return s.type;
  return s.finished ? `Stopped(${s.finished}${s.tx_hash ? ` ${s.tx_hash}` : ''})` : `Stopped(${s.error?.kind}: ${s.error?.message})`;
}

const finished = (finished: WatcherSuccess, txHash?: string): WatcherState => (txHash ? { type: 'Stopped', finished, tx_hash: txHash } : { type: 'Stopped', finished });
const failed = (kind: WatcherErrorKind, e: unknown): WatcherState => ({ type: 'Stopped', error: { kind, message: errorMessage(e) } });

/** A definite refusal of what the chain holds, as opposed to a transaction not there yet or a server that did not answer. */
const isRefusal = (e: unknown): boolean => e instanceof SwapValidationError && !(e instanceof WatchedTxNotFound);

class Machine {
  private readonly at: WatchDeadlines;
  private readonly expiry: number;

  constructor(
    private readonly swap: AdmittedSwap,
    private readonly receivedAt: number,
    private readonly deps: MachineDeps,
  ) {
    this.at = watchDeadlines(swap.data.swapStartedAt, swap.data.lockDuration, deps.conf);
    this.expiry = watchExpiry(swap);
  }

  step(state: WatcherState): Promise<WatcherState> {
    switch (state.type) {
      case 'ValidateTakerFee':
        return this.validateTakerFee();
      case 'ValidateTakerPayment':
        return this.validateTakerPayment();
      case 'WaitForTakerPaymentSpend':
        return this.waitForTakerPaymentSpend();
      case 'WaitForTakerToSpendMakerPayment':
        return this.waitForTakerToSpend(state.secret);
      case 'SpendMakerPayment':
        return this.spendMakerPayment(state.secret);
      case 'RefundTakerPayment':
        return this.refundTakerPayment();
      case 'Stopped':
        return Promise.resolve(state);
    }
  }

  private get now(): number {
    return Math.floor(this.deps.clock.now() / 1000);
  }

  private async validateTakerFee(): Promise<WatcherState> {
    const { data, takerPub, takerOps } = this.swap;
    let last: unknown;
    for (let attempt = 1; attempt <= FEE_ATTEMPTS; attempt++) {
      try {
        await takerOps.validateTakerFee(bytesToHex(data.takerFeeHash), takerPub, data.takerCoinStartBlock, data.lockDuration, this.now);
        return { type: 'ValidateTakerPayment' };
      } catch (e) {
        last = e;
        if (isRefusal(e)) break;
        this.deps.log('warn', `watcher ${data.uuid}: taker fee not validated yet (attempt ${attempt}): ${(e as Error).message}`);
        if (attempt < FEE_ATTEMPTS) await this.deps.clock.sleep(FEE_RETRY_MS, this.deps.signal);
      }
    }
    return failed('InvalidTakerFee', last);
  }

  private async validateTakerPayment(): Promise<WatcherState> {
    const { data, takerOps, makerOps, refund, refundTerms, spend, spendTerms } = this.swap;
    await this.sleepUntil(this.receivedAt + this.deps.conf.waitTakerPayment);
    const needed = Math.min(data.takerPaymentConfirmations, TAKER_SWAP_CONFIRMATIONS);
    let makerPaymentChecked = false;
    for (;;) {
      try {
        const { confirmations } = await takerOps.validateTakerPayment(refund, refundTerms);
        if (!makerPaymentChecked) {
          try {
            await makerOps.validateMakerPayment(spend, spendTerms);
            makerPaymentChecked = true;
          } catch (e) {
            if (isRefusal(e) || this.now > this.at.takerPaymentConfirmedBy) return failed('InvalidMakerPayment', e);
            throw e;
          }
        }
        if (confirmations >= needed) return { type: 'WaitForTakerPaymentSpend' };
      } catch (e) {
        if (isRefusal(e)) return failed('InvalidTakerPayment', e);
        this.deps.log('debug', `watcher ${data.uuid}: taker payment: ${(e as Error).message}`);
      }
      if (this.now > this.at.takerPaymentConfirmedBy) {
        return failed('TakerPaymentNotConfirmed', new Error(`the taker payment has no ${needed} confirmation by ${this.at.takerPaymentConfirmedBy}`));
      }
      await this.nextBlockOr(takerOps, CONFIRM_INTERVAL_MS);
    }
  }

  private async waitForTakerPaymentSpend(): Promise<WatcherState> {
    const { takerOps, refund, refundTerms, data } = this.swap;
    for (;;) {
      if (this.now > this.at.refundFrom) {
        this.deps.log('info', `watcher ${data.uuid}: waited until ${this.at.refundFrom} for the taker payment to be spent`);
        return { type: 'RefundTakerPayment' };
      }
      const outcome = await this.ask(() => takerOps.takerPaymentOutcome(refund, refundTerms), 'the taker payment');
      if (outcome?.type === 'Spent') return this.secretOut(outcome);
      if (outcome?.type === 'Refunded') return finished('TakerPaymentRefundedByTaker', outcome.tx.txHash);
      await this.nextBlockOr(takerOps, this.deps.conf.searchInterval * 1000);
    }
  }

  /** The maker revealed the secret: before the taker's lock the taker gets its own chance to spend (KDF), after it the watcher spends at once. */
  private secretOut(outcome: Extract<HtlcOutcome, { type: 'Spent' }>): WatcherState {
    const secret = bytesToHex(outcome.secret);
    return this.now < this.at.takerLock ? { type: 'WaitForTakerToSpendMakerPayment', secret } : { type: 'SpendMakerPayment', secret };
  }

  private async waitForTakerToSpend(secret: string): Promise<WatcherState> {
    const { makerOps, spend, spendTerms } = this.swap;
    for (;;) {
      const outcome = await this.ask(() => makerOps.makerPaymentOutcome(spend, spendTerms), 'the maker payment');
      if (outcome?.type === 'Spent') return finished('MakerPaymentSpentByTaker', outcome.tx.txHash);
      if (outcome?.type === 'Refunded') return failed('MakerPaymentRefunded', new Error(`the maker refunded its payment in ${outcome.tx.txHash}`));
      if (this.now > this.at.takerSpendsUntil) return { type: 'SpendMakerPayment', secret };
      await this.nextBlockOr(makerOps, this.deps.conf.searchInterval * 1000);
    }
  }

  private async spendMakerPayment(secret: string): Promise<WatcherState> {
    const { makerOps, spend, spendTerms, data } = this.swap;
    const tx = makerOps.completeSpend(spend, hexToBytes(secret));
    for (;;) {
      try {
        await makerOps.broadcast(tx);
        this.deps.log('info', `watcher ${data.uuid}: Maker payment spend sent: ${tx.txHash}`);
        return finished('MakerPaymentSpent', tx.txHash);
      } catch (e) {
        this.deps.log('warn', `watcher ${data.uuid}: the maker payment spend ${tx.txHash} was not accepted: ${(e as Error).message}`);
      }
      const outcome = await this.ask(() => makerOps.makerPaymentOutcome(spend, spendTerms), 'the maker payment');
      if (outcome?.type === 'Spent') return outcome.tx.txHash === tx.txHash ? finished('MakerPaymentSpent', tx.txHash) : finished('MakerPaymentSpentByTaker', outcome.tx.txHash);
      if (outcome?.type === 'Refunded') return failed('MakerPaymentRefunded', new Error(`the maker refunded its payment in ${outcome.tx.txHash}`));
      if (this.now > this.at.makerLock + TAKER_SWAP_ENTRY_TIMEOUT_SEC) return failed('MakerPaymentSpendFailed', new Error(`${tx.txHash} was never accepted`));
      await this.nextBlockOr(makerOps, REFUND_RETRY_MS);
    }
  }

  private async refundTakerPayment(): Promise<WatcherState> {
    const { takerOps, refund, refundTerms, data } = this.swap;
    for (;;) {
      const outcome = await this.ask(() => takerOps.takerPaymentOutcome(refund, refundTerms), 'the taker payment');
      if (outcome?.type === 'Spent') return this.secretOut(outcome);
      if (outcome?.type === 'Refunded') {
        return outcome.tx.txHash === refund.tx.txHash ? finished('TakerPaymentRefunded', refund.tx.txHash) : finished('TakerPaymentRefundedByTaker', outcome.tx.txHash);
      }
      try {
        if (await takerOps.canRefund(refundTerms.timeLock)) {
          await takerOps.broadcast(refund.tx);
          this.deps.log('info', `watcher ${data.uuid}: Taker payment refund sent: ${refund.tx.txHash}`);
          return finished('TakerPaymentRefunded', refund.tx.txHash);
        }
      } catch (e) {
        this.deps.log('warn', `watcher ${data.uuid}: the taker payment refund ${refund.tx.txHash} was not accepted: ${(e as Error).message}`);
      }
      if (this.now > this.expiry) return failed('TakerPaymentRefundFailed', new Error(`${refund.tx.txHash} was never accepted`));
      await this.nextBlockOr(takerOps, REFUND_RETRY_MS);
    }
  }

  /** A chain question whose failure only means asking again later. */
  private async ask(question: () => Promise<HtlcOutcome | null>, what: string): Promise<HtlcOutcome | null> {
    try {
      return await question();
    } catch (e) {
      this.deps.log('warn', `watcher ${this.swap.data.uuid}: cannot tell how ${what} ended: ${(e as Error).message}`);
      return null;
    }
  }

  private async sleepUntil(sec: number): Promise<void> {
    const ms = sec * 1000 - this.deps.clock.now();
    if (ms > 0) await this.deps.clock.sleep(ms, this.deps.signal);
  }

  /** Resolves on the coin's next block or after `ms`, whichever is first; rejects once aborted. */
  private async nextBlockOr(ops: WatcherOps, ms: number): Promise<void> {
    const wake = new AbortController();
    const onAbort = (): void => wake.abort(this.deps.signal.reason);
    this.deps.signal.addEventListener('abort', onAbort, { once: true });
    const unsubscribe = ops.onNewBlock(() => wake.abort(null));
    try {
      await this.deps.clock.sleep(ms, wake.signal);
    } catch {
      // A block woke it (reason null), or the watch stops: then with the stop's own reason, whichever came first.
      if (this.deps.signal.aborted) throw this.deps.signal.reason;
    } finally {
      unsubscribe();
      this.deps.signal.removeEventListener('abort', onAbort);
    }
  }
}
