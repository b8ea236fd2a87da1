/**
 * KDF's `recover_funds_of_swap` (`MakerSwap::recover_funds` / `TakerSwap::recover_funds`): for a
 * finished swap that left coins in an HTLC, refund my payment once its lock allows, or spend the
 * other side's payment when the secret is known. The chain is asked first what became of each
 * payment, so nothing already spent or refunded is tried again. Everything goes through SwapOps.
 * Failures carry KDF's texts (its legacy RPC answers them as plain `ERR!` strings).
 */
import type { SwapOps, SwapTx } from '../../coins/swapOps';
import { MmError } from '../../core/errors';
import { hexToBytes } from '../../crypto';
import { makerFacts, takerFacts } from './facts';
import type { SwapCoins } from './run';
import { isFinished, type MakerSavedSwap, type SavedSwap, type TakerSavedSwap } from './savedSwap';
import { makerSideTerms, takerSideTerms, type SwapTerms } from './terms';

/** KDF's `RecoveredSwapAction`. */
export type RecoverAction = 'RefundedMyPayment' | 'SpentOtherPayment';

/** KDF's `RecoveredSwap`: what was done, in which coin, by which transaction. */
export interface RecoveredSwap {
  action: RecoverAction;
  coin: string;
  transaction: SwapTx;
}

/** A swap whose funds cannot be recovered now; the message is KDF's. */
export class RecoverFundsError extends MmError {
  constructor(message: string, cause?: unknown) {
    super({ errorType: 'RecoverFundsError', message, errorData: message, httpStatus: 500, cause });
  }
}

const fail = (message: string): never => {
  throw new RecoverFundsError(message);
};

/** Runs a chain call, turning its failure into KDF's recover error text. */
async function chain<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof RecoverFundsError) throw e;
    throw new RecoverFundsError(`${what}: ${(e as Error).message}`, e);
  }
}

function coinOps(coins: SwapCoins, ticker: string): SwapOps {
  const coin = coins(ticker);
  if (!coin) return fail(`Coin ${ticker} is not activated`);
  return coin.ops;
}

/** Refunds my payment, or fails with KDF's wait text while the chain does not allow it yet. */
async function refundMine(ops: SwapOps, payment: SwapTx, terms: SwapTerms['makerPayment'], coin: string): Promise<RecoveredSwap> {
  if (!(await chain('Error checking the refund lock', () => ops.canRefund(terms.timeLock)))) {
    fail(`Too early to refund, wait until ${terms.timeLock}`);
  }
  const transaction = await chain('Error refunding the payment', () => ops.refundPayment(payment, terms));
  return { action: 'RefundedMyPayment', coin, transaction };
}

async function recoverMaker(swap: MakerSavedSwap, coins: SwapCoins): Promise<RecoveredSwap> {
  const f = makerFacts(swap.events);
  if (f.refund) fail('Maker payment is refunded, swap is not recoverable');
  if (f.takerPaymentSpend && f.takerPaymentSpendConfirmed) fail('Taker payment spend transaction has been sent and confirmed');
  const d = f.started;
  if (!f.negotiated) return fail('Maker payment transaction was not found');
  const terms = makerSideTerms(d, f.negotiated.value);
  const makerOps = coinOps(coins, d.maker_coin);
  const takerOps = coinOps(coins, d.taker_coin);
  const makerPayment =
    f.makerPayment ??
    (await chain('Error looking for the maker payment', () => makerOps.checkIfMyPaymentSent(terms.makerPayment, d.maker_coin_start_block))) ??
    fail('Maker payment transaction was not found');
  const outcome = await chain('Error when trying to find maker payment spend', () => makerOps.findPaymentOutcome(makerPayment, terms.makerPayment));
  if (outcome?.type === 'Refunded') fail(`Maker payment was already refunded by ${d.maker_coin} tx ${outcome.tx.txHash}`);
  if (!outcome) return refundMine(makerOps, makerPayment, terms.makerPayment, d.maker_coin);
  // The taker took my payment, so the secret is public: the taker payment is mine to spend.
  const takerPayment = f.takerPayment ?? fail('No info about taker payment, swap is not recoverable');
  const spent = await chain('Error when trying to find taker payment spend', () => takerOps.findPaymentOutcome(takerPayment, terms.takerPayment));
  if (spent?.type === 'Spent') fail(`Taker payment was already spent by ${d.taker_coin} tx ${spent.tx.txHash}`);
  if (spent?.type === 'Refunded') fail(`Taker payment was already refunded by ${d.taker_coin} tx ${spent.tx.txHash}`);
  const transaction = await chain('Error spending the taker payment', () => takerOps.spendPayment(takerPayment, terms.takerPayment, hexToBytes(d.secret)));
  return { action: 'SpentOtherPayment', coin: d.taker_coin, transaction };
}

async function recoverTaker(swap: TakerSavedSwap, coins: SwapCoins): Promise<RecoveredSwap> {
  const f = takerFacts(swap.events);
  if (f.refund) fail('Taker payment is refunded, swap is not recoverable');
  if (f.makerPaymentSpend && f.makerPaymentSpendConfirmed) fail('Maker payment is spent and confirmed, swap is not recoverable');
  const d = f.started;
  const makerPayment = f.makerPayment ?? fail('No info about maker payment, swap is not recoverable');
  const n = f.negotiated ?? fail('No info about maker payment, swap is not recoverable');
  const terms = takerSideTerms(d, n);
  const makerOps = coinOps(coins, d.maker_coin);
  const takerOps = coinOps(coins, d.taker_coin);
  const takerPayment =
    f.takerPayment ??
    (await chain('Error looking for the taker payment', () => takerOps.checkIfMyPaymentSent(terms.takerPayment, d.taker_coin_start_block))) ??
    fail('Taker payment is not found, swap is not recoverable');

  const spendMakerPayment = async (secret: Uint8Array): Promise<RecoveredSwap> => {
    const found = await chain('Error when trying to find maker payment spend', () => makerOps.findPaymentOutcome(makerPayment, terms.makerPayment));
    if (found?.type === 'Spent') fail(`Maker payment was already spent by ${d.maker_coin} tx ${found.tx.txHash}`);
    if (found?.type === 'Refunded') fail(`Maker payment was already refunded by ${d.maker_coin} tx ${found.tx.txHash}`);
    const transaction = await chain('Error spending the maker payment', () => makerOps.spendPayment(makerPayment, terms.makerPayment, secret));
    return { action: 'SpentOtherPayment', coin: d.maker_coin, transaction };
  };

  if (f.takerPaymentSpend) return spendMakerPayment(hexToBytes(f.takerPaymentSpend.secret));
  const outcome = await chain('Error when trying to find taker payment spend', () => takerOps.findPaymentOutcome(takerPayment, terms.takerPayment));
  if (outcome?.type === 'Refunded') fail(`Taker payment has been refunded already by transaction ${outcome.tx.txHash}`);
  if (outcome?.type === 'Spent') return spendMakerPayment(takerOps.extractSecret(outcome.tx, terms.takerPayment.secretHash));
  return refundMine(takerOps, takerPayment, terms.takerPayment, d.taker_coin);
}

/** Recovers what a finished swap left locked; throws RecoverFundsError with KDF's reason otherwise. */
export async function recoverFundsOfSwap(swap: SavedSwap, coins: SwapCoins): Promise<RecoveredSwap> {
  coinOps(coins, swap.maker_coin);
  coinOps(coins, swap.taker_coin);
  if (!isFinished(swap)) fail('Swap must be finished before recover funds attempt');
  return swap.type === 'Maker' ? recoverMaker(swap, coins) : recoverTaker(swap, coins);
}
