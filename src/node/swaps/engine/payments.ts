/**
 * The loops both roles run over an HTLC payment: each poll asks the chain first what became of the
 * payment (spent, refunded, or still locked), so nothing is broadcast over a settled payment and an
 * outcome reached by the other side (or by a run that crashed before storing it) is taken as it is;
 * a spend or refund of one's own is broadcast again while the chain has dropped it and the payment
 * is still locked.
 */
import type { HtlcOutcome, HtlcTerms, SwapOps, SwapTx } from '../../coins/swapOps';
import type { SwapRun } from './run';
import type { SavedSwap } from './savedSwap';

/** A payment being watched on the chain of `ticker`. */
export interface WatchedPayment {
  ticker: string;
  ops: SwapOps;
  payment: SwapTx;
  htlc: HtlcTerms;
}

/** What the step records once the chain shows the payment spent or refunded (by the transaction given). */
export type OnOutcome = { readonly [K in HtlcOutcome['type']]: (tx: SwapTx) => Promise<void> };

/** The run services the loops use, whichever the role. */
type PollingRun = Pick<SwapRun<SavedSwap, unknown>, 'attempt' | 'broadcast' | 'nextPoll' | 'confirmed'>;

export interface Watch {
  on: OnOutcome;
  /** Before each look at the chain (a message repeated to the counterparty). */
  beforeLook?: () => Promise<void>;
  /** After a look that found the payment still locked (or failed): true ends the loop (the step recorded why). */
  unsettled: () => Promise<boolean>;
}

/** Polls the payment until it is settled on chain (`on`) or `unsettled` ends the wait. */
export async function watchPayment(run: PollingRun, w: WatchedPayment, watch: Watch): Promise<void> {
  for (;;) {
    await watch.beforeLook?.();
    const outcome = await run.attempt(() => w.ops.findPaymentOutcome(w.payment, w.htlc));
    if (outcome) return watch.on[outcome.type](outcome.tx);
    if (await watch.unsettled()) return;
    await run.nextPoll(w.ops);
  }
}

export interface Take {
  /** The outcome `send` brings about: a spend, or a refund. */
  take: HtlcOutcome['type'];
  /** Builds, signs and broadcasts the spend or refund. */
  send: () => Promise<SwapTx>;
  /** A broadcast of one's own ends in `on[take]`, as the same outcome found on chain does (unless `found` is given). */
  on: OnOutcome;
  /** What an outcome found on chain (not broadcast by this loop) records, when it differs from `on`. */
  found?: OnOutcome;
  /** After a broadcast that failed: true ends the loop (the step recorded why). */
  giveUp?: () => Promise<boolean>;
}

/** Spends or refunds the payment, trying again each poll while it is still locked. */
export function takePayment(run: PollingRun, w: WatchedPayment, t: Take): Promise<void> {
  return watchPayment(run, w, {
    on: t.found ?? t.on,
    unsettled: async () => {
      const tx = await run.attempt(() => run.broadcast(t.send));
      if (tx) {
        await t.on[t.take](tx);
        return true;
      }
      return t.giveUp ? t.giveUp() : false;
    },
  });
}

/**
 * Waits until `tx`, which settled the payment as `take`, has `required` confirmations. If the chain
 * no longer knows it: the transaction the chain shows settling it so is waited for instead, or, while
 * the payment is still locked, `send` broadcasts it again; another outcome leaves the wait on `tx`.
 */
export async function confirmTaken(run: PollingRun, w: WatchedPayment, take: HtlcOutcome['type'], tx: SwapTx, required: number, send: () => Promise<SwapTx>): Promise<void> {
  const again = async (): Promise<SwapTx | null> => {
    const outcome = await w.ops.findPaymentOutcome(w.payment, w.htlc);
    if (outcome?.type === take) return outcome.tx;
    return outcome ? null : run.broadcast(send);
  };
  await run.confirmed({ ticker: w.ticker, ops: w.ops }, tx, required, Infinity, again);
}
