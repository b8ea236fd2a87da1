/**
 * The swap failure matrix on the devnet, every leg on its own fresh wallets and all legs at once:
 *
 * - a side disappears (its node stops) after a step, the other ends with its coins back or with
 *   what it is owed, and the vanished side, started again later, ends correctly too;
 * - a side is killed and started again right after one of its events, and the swap still ends in
 *   success on both sides.
 *
 * Kills fire inside the hook of a stored event, so each leg's course is fixed by its events, never
 * by a race with the clock. Every leg ends with both sides' exact event sequences, `is_success` as
 * KDF sets it, no active swap, and every balance checked to the satoshi/wei against the chain.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  EVM_PAIR,
  expectEnd,
  killOn,
  legNodes,
  MAKER,
  MAKER_REFUNDED_UNPAID,
  openLeg,
  startSwap,
  stored,
  TAKER,
  TAKER_REFUNDED,
  UTXO_PAIR,
  within,
  type Pair,
} from './failureLegs';
import { finished, SHORT_LOCKTIME, type SwapNode } from './swapNode';

/**
 * The disappearance legs use the short lock, so refunds come within the file's budget (the taker
 * refunds 120 s after the start, the maker 240 s). The restart legs end in success, which no lock
 * shortens; a longer one keeps their early deadlines (the taker fee by 1/3 of the lock, the maker
 * payment confirmed by 2/5) clear of what a restart costs: a resumed swap waits up to a poll for
 * its coins, and a message it sends as its node starts goes out before the node has reached the
 * seed, so the other side hears it only at the next re-send, up to 100 s later.
 */
const RESTART_LOCKTIME = 600;
/** How long the last legs may take from their start: setup, the maker's lock, its refund's confirmation. */
const LEG_MS = 420_000;
/** The vanished taker of the first leg comes back this much later than it really does (see the leg). */
const AWAY_MS = 600_000;

const MAKER_REFUNDED_AFTER_CONFIRM_FAILED = [...MAKER.success.slice(0, 7), 'TakerPaymentWaitConfirmFailed', ...MAKER.refundTail];
const TAKER_GAVE_UP_UNPAID = [...TAKER.success.slice(0, 6), 'MakerPaymentWaitConfirmFailed', 'Finished'];

/** A disappearance leg: the taker vanishes once it has the maker payment and comes back after the maker gave up on it. */
async function takerGoneBeforePaying(name: string, pair: Pair): Promise<void> {
  const leg = await openLeg(name, pair, SHORT_LOCKTIME);
  const { maker, taker } = leg;
  const gone = killOn(taker, 'MakerPaymentReceived', taker);
  const makerGaveUp = stored(maker, 'TakerPaymentValidateFailed');
  const uuid = await startSwap(leg);
  await within(`${name}: the taker's kill`, LEG_MS, gone);
  await within(`${name}: the maker giving up`, LEG_MS, makerGaveUp);
  // Past the 2/5 of the lock by which the taker had to see the maker payment confirmed: it must not pay now.
  await taker.restart();
  await expectEnd(leg, uuid, { maker: MAKER_REFUNDED_UNPAID, taker: TAKER_GAVE_UP_UNPAID, makerSuccess: false, takerSuccess: false });
}

/** A restart leg: each side killed and started again right after each of its events listed. */
function restartLeg(name: string, makerAfter: string[], takerAfter: string[]): () => Promise<void> {
  return async () => {
    const leg = await openLeg(name, UTXO_PAIR, RESTART_LOCKTIME);
    const restarts = (node: SwapNode, types: string[]): Promise<void> => {
      const kills = types.map((type) => killOn(node, type, node));
      return (async () => {
        for (const [i, kill] of kills.entries()) {
          await within(`${node.label}: its kill after ${types[i]}`, LEG_MS, kill);
          await node.restart();
        }
      })();
    };
    const both = Promise.all([restarts(leg.maker, makerAfter), restarts(leg.taker, takerAfter)]);
    const uuid = await startSwap(leg);
    await both;
    await expectEnd(leg, uuid, { maker: MAKER.success, taker: TAKER.success, makerSuccess: true, takerSuccess: true });
  };
}

const LEGS: Record<string, () => Promise<void>> = {
  async 'the taker vanishes after its fee: the maker refunds; the taker, back 10 minutes later, gives up waiting for the maker payment'() {
    const name = 'gone after fee';
    const leg = await openLeg(name, UTXO_PAIR, SHORT_LOCKTIME);
    const { maker, taker } = leg;
    // On the maker's event, so the maker surely has the fee: the taker's last event is TakerFeeSent.
    const gone = killOn(maker, 'TakerFeeValidated', taker);
    const uuid = await startSwap(leg);
    await within(`${name}: the taker's kill`, LEG_MS, gone);
    await finished(maker, uuid, LEG_MS);
    // The taker waits 600 s + BASIC_COMM_TIMEOUT for the maker payment from its TakerFeeSent, as
    // KDF does: longer than the file may take, so its clock says it comes back 10 minutes later.
    const realNow = taker.platform.now.bind(taker.platform);
    taker.platform.now = () => realNow() + AWAY_MS;
    await taker.restart();
    await expectEnd(leg, uuid, {
      maker: MAKER_REFUNDED_UNPAID,
      taker: [...TAKER.success.slice(0, 3), 'MakerPaymentValidateFailed', 'Finished'],
      makerSuccess: false,
      takerSuccess: false,
    });
  },

  'the taker vanishes with the maker payment, before paying: the maker refunds; the taker comes back and does not pay': () =>
    takerGoneBeforePaying('gone before paying', UTXO_PAIR),

  'ETHDEV maker, RLTC1 taker: the taker vanishes before paying: the maker refunds through the contract': () =>
    takerGoneBeforePaying('EVM gone before paying', EVM_PAIR),

  async 'the taker vanishes once its payment reached the maker: the maker spends it; the taker comes back and spends the maker payment'() {
    const name = 'gone after paying';
    const leg = await openLeg(name, UTXO_PAIR, SHORT_LOCKTIME);
    const { maker, taker } = leg;
    const gone = killOn(maker, 'TakerPaymentReceived', taker);
    const uuid = await startSwap(leg);
    await within(`${name}: the taker's kill`, LEG_MS, gone);
    await finished(maker, uuid, LEG_MS);
    await taker.restart();
    await expectEnd(leg, uuid, { maker: MAKER.success, taker: TAKER.success, makerSuccess: true, takerSuccess: true });
  },

  async 'the maker vanishes after paying: the taker pays, then refunds; the maker comes back and refunds'() {
    const name = 'maker gone after paying';
    const leg = await openLeg(name, UTXO_PAIR, SHORT_LOCKTIME);
    const { maker, taker } = leg;
    // On the taker's event, so the taker surely has the maker payment.
    const gone = killOn(taker, 'MakerPaymentReceived', maker);
    const uuid = await startSwap(leg);
    await within(`${name}: the maker's kill`, LEG_MS, gone);
    await finished(taker, uuid, LEG_MS);
    await maker.restart();
    await expectEnd(leg, uuid, { maker: MAKER_REFUNDED_UNPAID, taker: TAKER_REFUNDED, makerSuccess: false, takerSuccess: false });
  },

  async 'the maker vanishes with the taker payment: the taker refunds; the maker comes back past its deadline and refunds'() {
    const name = 'maker gone with taker payment';
    const leg = await openLeg(name, UTXO_PAIR, SHORT_LOCKTIME);
    const { maker, taker } = leg;
    const gone = killOn(maker, 'TakerPaymentReceived', maker);
    const uuid = await startSwap(leg);
    await within(`${name}: the maker's kill`, LEG_MS, gone);
    await finished(taker, uuid, LEG_MS);
    await maker.restart();
    await expectEnd(leg, uuid, { maker: MAKER_REFUNDED_AFTER_CONFIRM_FAILED, taker: TAKER_REFUNDED, makerSuccess: false, takerSuccess: false });
  },

  'restarts: the taker after Negotiated, TakerPaymentSent and MakerPaymentSpent': restartLeg('restart taker 1', [], ['Negotiated', 'TakerPaymentSent', 'MakerPaymentSpent']),
  'restarts: the taker after TakerFeeSent and TakerPaymentSpent': restartLeg('restart taker 2', [], ['TakerFeeSent', 'TakerPaymentSpent']),
  'restarts: the maker after Negotiated and TakerPaymentSpent': restartLeg('restart maker 1', ['Negotiated', 'TakerPaymentSpent'], []),
  'restarts: the maker after TakerFeeValidated and TakerPaymentReceived': restartLeg('restart maker 2', ['TakerFeeValidated', 'TakerPaymentReceived'], []),
  'restarts: the maker after MakerPaymentSent, the taker after MakerPaymentReceived': restartLeg('restart both', ['MakerPaymentSent'], ['MakerPaymentReceived']),
};

describe('swap failures on the devnet: a side disappears, or restarts, after each step', () => {
  const running = new Map<string, Promise<void>>();

  // Every leg starts here and runs side by side; each test below waits for its own.
  beforeAll(() => {
    for (const [title, run] of Object.entries(LEGS)) {
      const leg = run();
      leg.catch(() => undefined);
      running.set(title, leg);
    }
  });

  afterAll(async () => {
    await Promise.all(legNodes.map((n) => n.stop().catch(() => undefined)));
  });

  for (const title of Object.keys(LEGS)) it(title, () => running.get(title), LEG_MS + 60_000);
});
