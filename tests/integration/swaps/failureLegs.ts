/**
 * The pieces of the swap failure legs: two fresh nodes per leg, kills and restarts fired by stored
 * swap events (the hook runs inside the event's store, so the killed side stops before its next
 * step), and the end state a leg must reach: both sides' exact event sequences, `is_success`, no
 * swap left active, and every balance to the satoshi/wei against the chain.
 */
import { expect } from 'vitest';
import { expectSettledSoon, holding, type Holding } from './ledger';
import { coinsFor, eventTypes, finished, fundsFor, matchSwap, startSwapNode, type Json, type SwapNode } from './swapNode';

/** A pair and a trade whose taker amount (volume × price = 0.777) makes the dex fee exactly 0.001. */
export interface Pair {
  makerCoin: string;
  takerCoin: string;
  price: string;
  volume: string;
}

export const UTXO_PAIR: Pair = { makerCoin: 'RLTC1', takerCoin: 'RLTC2', price: '1.554', volume: '0.5' };
/** The maker pays in ETHDEV: its refund goes through the EtomicSwap contract. */
export const EVM_PAIR: Pair = { makerCoin: 'ETHDEV', takerCoin: 'RLTC1', price: '3.108', volume: '0.25' };

export interface Leg {
  name: string;
  pair: Pair;
  maker: SwapNode;
  taker: SwapNode;
  /** Maker then taker, each on the maker coin then the taker coin, read before the match. */
  before: Holding[];
}

/** Every node the legs started, for the file's teardown. */
export const legNodes: SwapNode[] = [];

export async function openLeg(name: string, pair: Pair, lock: number): Promise<Leg> {
  const { makerCoin, takerCoin } = pair;
  const [maker, taker] = await Promise.all([
    startSwapNode(`${name} maker`, coinsFor(makerCoin, takerCoin), fundsFor(makerCoin, takerCoin), lock),
    startSwapNode(`${name} taker`, coinsFor(takerCoin, makerCoin), fundsFor(takerCoin, makerCoin), lock),
  ]);
  legNodes.push(maker, taker);
  const before = await Promise.all([maker, taker].flatMap((n) => [makerCoin, takerCoin].map((c) => holding(n, c))));
  return { name, pair, maker, taker, before };
}

export const startSwap = (leg: Leg): Promise<string> => matchSwap(leg.maker, leg.taker, leg.pair.makerCoin, leg.pair.takerCoin, leg.pair.price, leg.pair.volume);

/** Resolves when `node` stores an event of `type`; arm it before the swap starts. */
export const stored = (node: SwapNode, type: string): Promise<void> => new Promise((resolve) => node.onSwapEvent(type, resolve));

/**
 * Stops `victim` as soon as `witness` stores `type` (synchronously, inside the store's event
 * hook: the victim's engine is aborted before any of its swaps takes another step). Resolves
 * once the victim is fully stopped.
 */
export const killOn = (witness: SwapNode, type: string, victim: SwapNode): Promise<void> =>
  new Promise((resolve, reject) => witness.onSwapEvent(type, () => void victim.kill().then(resolve, reject)));

/** `promise`, or a failure naming `what` after `ms`. */
export async function within<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** KDF's full event sequences of the outcomes the legs reach. */
export const MAKER = {
  success: [
    'Started',
    'Negotiated',
    'MakerPaymentInstructionsReceived',
    'TakerFeeValidated',
    'MakerPaymentSent',
    'TakerPaymentReceived',
    'TakerPaymentWaitConfirmStarted',
    'TakerPaymentValidatedAndConfirmed',
    'TakerPaymentSpent',
    'TakerPaymentSpendConfirmStarted',
    'TakerPaymentSpendConfirmed',
    'Finished',
  ],
  refundTail: ['MakerPaymentWaitRefundStarted', 'MakerPaymentRefundStarted', 'MakerPaymentRefunded', 'MakerPaymentRefundFinished', 'Finished'],
};

/**
 * The taker's: on a UTXO pair both coins can be watched and `use_watchers` is KDF's default (on), so
 * the taker hands its swap to watchers right after its payment (`WatcherMessageSent`).
 */
export const TAKER = {
  success: [
    'Started',
    'Negotiated',
    'TakerFeeSent',
    'TakerPaymentInstructionsReceived',
    'MakerPaymentReceived',
    'MakerPaymentWaitConfirmStarted',
    'MakerPaymentValidatedAndConfirmed',
    'TakerPaymentSent',
    'WatcherMessageSent',
    'TakerPaymentSpent',
    'MakerPaymentSpent',
    'MakerPaymentSpendConfirmed',
    'Finished',
  ],
  refundTail: ['TakerPaymentWaitRefundStarted', 'TakerPaymentRefundStarted', 'TakerPaymentRefunded', 'TakerPaymentRefundFinished', 'Finished'],
};

/** The maker paid and the taker never sent its payment: the maker refunds after its lock. */
export const MAKER_REFUNDED_UNPAID = [...MAKER.success.slice(0, 5), 'TakerPaymentValidateFailed', ...MAKER.refundTail];
/** The taker paid and the maker never spent: the taker refunds after its lock. */
export const TAKER_REFUNDED = [...TAKER.success.slice(0, 9), 'TakerPaymentWaitForSpendFailed', ...TAKER.refundTail];

export interface EndState {
  maker: string[];
  taker: string[];
  makerSuccess: boolean;
  takerSuccess: boolean;
}

/** Each side's events as `type@seconds since started_at`, for the log of a leg. */
function timeline(swap: Json): string {
  const events = swap.events as { timestamp: number; event: { type: string } }[];
  const t0 = events[0]?.timestamp ?? 0;
  return events.map((e) => `${e.event.type}@${Math.round((e.timestamp - t0) / 1000)}`).join(' ');
}

/** Waits for both sides to finish and checks the end state exactly, balances included. */
export async function expectEnd(leg: Leg, uuid: string, end: EndState, ms = 360_000): Promise<void> {
  const [makerSwap, takerSwap] = await Promise.all([finished(leg.maker, uuid, ms), finished(leg.taker, uuid, ms)]);
  console.info(`${leg.name}\n  maker: ${timeline(makerSwap)}\n  taker: ${timeline(takerSwap)}`);
  expect(eventTypes(makerSwap), `${leg.name} maker events`).toEqual(end.maker);
  expect(eventTypes(takerSwap), `${leg.name} taker events`).toEqual(end.taker);
  expect(makerSwap.is_success, `${leg.name} maker is_success`).toBe(end.makerSuccess);
  expect(takerSwap.is_success, `${leg.name} taker is_success`).toBe(end.takerSuccess);
  for (const node of [leg.maker, leg.taker]) expect((await node.legacy('active_swaps')).body.uuids, `${node.label} active swaps`).toEqual([]);
  const { makerCoin, takerCoin } = leg.pair;
  const checks = [leg.maker, leg.taker].flatMap((node, i) =>
    [makerCoin, takerCoin].map((_, j) => ({ node, swap: i === 0 ? makerSwap : takerSwap, before: leg.before[i * 2 + j]! })),
  );
  await Promise.all(checks.map((c) => expectSettledSoon(c.node, c.swap, c.before)));
}
