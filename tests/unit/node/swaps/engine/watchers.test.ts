/**
 * The taker's side of KDF's swap watchers in the engine: after its payment, a taker whose coins can
 * be watched stores `WatcherMessageSent` (the two preimages), then publishes KDF's
 * `TakerSwapWatcherMsg` on `swpwtchr/<taker coin>`; a taker that comes back after a watcher spent
 * the maker payment or refunded its payment records KDF's `MakerPaymentSpentByWatcher` /
 * `TakerPaymentRefundedByWatcher`. The watcher here is the test: it reads the published message and
 * broadcasts the preimages on the fake chains as a watcher node would.
 */
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../../src/shared/number';
import { bytesToHex, sha256 } from '../../../../../src/node/crypto';
import { TAKER_SUCCESS_EVENTS, TAKER_USING_WATCHERS_SUCCESS_EVENTS, type TakerSwapEvent } from '../../../../../src/node/swaps/engine/events';
import { parseStoredSwap, SavedSwapError, type TakerSavedSwap } from '../../../../../src/node/swaps/engine/savedSwap';
import { swapStatusToWire } from '../../../../../src/node/swaps/engine/statusWire';
import { decodeWatcherMsg, watcherTopic, type TakerSwapWatcherData } from '../../../../../src/node/swaps/watcher/message';
import { KDF_TIMING } from '../../../../../src/node/swaps/engine/run';
import type { FakeOpsOptions } from './fakeChain';
import { holdings, SwapNet, TAKER_COIN, UUID } from './harness';
import { runUntil } from './virtualClock';

const TOPIC = watcherTopic(TAKER_COIN);
/** The dex fee of 2 RLTC2 (1/777), which the taker pays whatever happens after it. */
const FEE = MmNumber.parse('2').div(MmNumber.parse('777'));

interface Published {
  data: TakerSwapWatcherData;
  from: string;
  /** The taker's stored events when it published. */
  storedThen: string[];
}

/** A net whose nodes' coins can be watched, recording each watcher message the taker publishes. */
async function watchedNet(taker: FakeOpsOptions = {}): Promise<{ net: SwapNet; published: Published[] }> {
  const net = new SwapNet({ taker: { watchable: true, ...taker }, maker: { watchable: true } });
  await net.boot();
  const published: Published[] = [];
  const p2p = net.taker.p2p;
  const publish = p2p.publish.bind(p2p);
  p2p.publish = async (topic, payload) => {
    if (topic === TOPIC) published.push({ data: decodeWatcherMsg(payload), from: bytesToHex(p2p.pubkey), storedThen: net.taker.eventTypes() });
    return publish(topic, payload);
  };
  return { net, published };
}

const takerSwap = (net: SwapNet): TakerSavedSwap => net.taker.swap() as TakerSavedSwap;
const eventOf = <T extends TakerSwapEvent['type']>(net: SwapNet, type: T) =>
  takerSwap(net).events.find((e) => e.event.type === type)?.event as Extract<TakerSwapEvent, { type: T }> | undefined;
const asTx = (raw: Uint8Array) => ({ txHex: bytesToHex(raw), txHash: bytesToHex(sha256(raw)) });

describe('the taker hands its swap to watchers', () => {
  it('stores WatcherMessageSent right after TakerPaymentSent, then publishes KDF’s message on swpwtchr/<taker coin>', async () => {
    const { net, published } = await watchedNet();
    await net.start();
    await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());

    const types = net.taker.eventTypes();
    expect(types.slice(types.indexOf('TakerPaymentSent'))).toEqual([
      'TakerPaymentSent',
      'WatcherMessageSent',
      'TakerPaymentSpent',
      'MakerPaymentSpent',
      'MakerPaymentSpendConfirmed',
      'Finished',
    ]);
    expect(published.length).toBeGreaterThan(0);
    const first = published[0]!;
    // Written before it was said.
    expect(first.storedThen.at(-1)).toBe('WatcherMessageSent');
    expect(first.from).toBe(net.taker.hex);

    // The message names this swap as KDF's `create_watcher_data` does, with the stored preimages.
    const started = eventOf(net, 'Started')!.data;
    const negotiated = eventOf(net, 'Negotiated')!.data;
    const [spend, refund] = eventOf(net, 'WatcherMessageSent')!.data;
    const d = first.data;
    expect(d.uuid).toBe(UUID);
    expect(bytesToHex(d.secretHash)).toBe(negotiated.secret_hash);
    expect(Array.from(d.makerPaymentSpendPreimage)).toEqual(spend);
    expect(Array.from(d.takerPaymentRefundPreimage)).toEqual(refund);
    expect([d.swapStartedAt, d.lockDuration, d.takerCoin, d.makerCoin]).toEqual([started.started_at, started.lock_duration, 'RLTC2', 'RLTC1']);
    expect(bytesToHex(d.takerFeeHash)).toBe(eventOf(net, 'TakerFeeSent')!.data.tx_hash);
    expect(bytesToHex(d.takerPaymentHash)).toBe(eventOf(net, 'TakerPaymentSent')!.data.tx_hash);
    expect(bytesToHex(d.makerPaymentHash)).toBe(eventOf(net, 'MakerPaymentReceived')!.data.tx_hash);
    expect(bytesToHex(d.makerPub)).toBe(net.maker.hex);
    expect([d.takerCoinStartBlock, d.makerCoinStartBlock]).toEqual([started.taker_coin_start_block, started.maker_coin_start_block]);
    expect([d.takerPaymentConfirmations, d.takerPaymentRequiresNota]).toEqual([1, false]);

    // my_swap_status shows KDF's list for a taker using watchers.
    expect(swapStatusToWire(takerSwap(net)).success_events).toEqual(TAKER_USING_WATCHERS_SUCCESS_EVENTS);
  });

  it('sends nothing to watchers with use_watchers false, nor when a coin cannot be watched', async () => {
    for (const taker of [{ useWatchers: false }, { watchable: false }]) {
      const { net, published } = await watchedNet(taker);
      await net.start();
      await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());
      expect(net.taker.eventTypes()).not.toContain('WatcherMessageSent');
      expect(published).toEqual([]);
      expect(net.bus.log.filter((m) => m.topic === TOPIC)).toEqual([]);
      expect(swapStatusToWire(takerSwap(net)).success_events).toEqual(TAKER_SUCCESS_EVENTS);
    }
  });

  it('re-sends the message at its period while it waits for the maker’s spend', async () => {
    // KDF's period is 600 s, this swap's whole lock here: a shorter one shows the repeats.
    const { net, published } = await watchedNet({ timing: { ...KDF_TIMING, watcherMsgResendMs: 120_000 } });
    // The maker pays, then never spends the taker payment: the taker waits until its lock time (600 s here).
    net.maker.onEvent = (e) => e.event.type === 'TakerPaymentValidatedAndConfirmed' && net.maker.crash();
    await net.start();
    await runUntil(net.clock, () => net.taker.eventTypes().includes('TakerPaymentWaitForSpendFailed'));
    const sentAt = takerSwap(net).events.find((e) => e.event.type === 'WatcherMessageSent')!.timestamp;
    const failedAt = takerSwap(net).events.find((e) => e.event.type === 'TakerPaymentWaitForSpendFailed')!.timestamp;
    // Once at once, then once per period of the wait.
    expect(published.length).toBeGreaterThanOrEqual(3);
    expect(published.length).toBe(1 + Math.floor((failedAt - sentAt) / 120_000));
    expect(published.every((p) => p.data.uuid === UUID)).toBe(true);
  });
});

describe('a taker that comes back after a watcher did the work', () => {
  it('records MakerPaymentSpentByWatcher when a watcher spent the maker payment while it was gone, holding the maker payment', async () => {
    const { net, published } = await watchedNet();
    // The taker goes away once the maker has its payment (so after its watcher message went out).
    net.maker.onEvent = (e) => e.event.type === 'TakerPaymentReceived' && net.taker.crash();
    await net.start();
    await runUntil(net.clock, () => net.maker.finished());
    expect(published).toHaveLength(1);

    // The watcher: the maker's spend revealed the secret; it completes the taker's spend preimage.
    const msg = published[0]!.data;
    const takerPayment = net.takerChain.htlcs.get(bytesToHex(msg.takerPaymentHash))!;
    expect(takerPayment.outcome?.type).toBe('Spent');
    const secret = takerPayment.outcome!.type === 'Spent' ? takerPayment.outcome!.secret : new Uint8Array();
    net.makerChain.broadcastPreimage(asTx(msg.makerPaymentSpendPreimage), secret);

    await net.taker.boot();
    await runUntil(net.clock, () => net.taker.finished());
    const types = net.taker.eventTypes();
    expect(types.slice(types.indexOf('WatcherMessageSent'))).toEqual([
      'WatcherMessageSent',
      'TakerPaymentSpent',
      'MakerPaymentSpentByWatcher',
      'MakerPaymentSpendConfirmed',
      'Finished',
    ]);
    // The watcher's transaction is the one recorded, and the taker holds the maker payment.
    const byWatcher = eventOf(net, 'MakerPaymentSpentByWatcher')!.data;
    expect(net.makerChain.broadcasts.filter((b) => b.kind === 'spend')).toEqual([{ kind: 'spend', by: 'watcher', hash: byWatcher.tx_hash }]);
    expect(holdings(net.taker)).toEqual({ makerCoin: '1', takerCoin: MmNumber.parse('8').sub(FEE).toDecimalString() });
    const wire = swapStatusToWire(takerSwap(net));
    expect([wire.is_success, wire.recoverable]).toEqual([true, false]);
  });

  it('records TakerPaymentRefundedByWatcher when a watcher refunded its payment, holding all but the dex fee', async () => {
    const { net, published } = await watchedNet();
    net.maker.onEvent = (e) => {
      if (e.event.type !== 'TakerPaymentValidatedAndConfirmed') return;
      net.maker.crash();
      net.taker.crash();
    };
    await net.start();
    await runUntil(net.clock, () => published.length > 0 && net.taker.ops.get(TAKER_COIN)!.dead);

    // The watcher broadcasts the refund preimage once the lock time has passed.
    const lock = eventOf(net, 'Started')!.data.taker_payment_lock;
    net.clock.advanceTo(lock * 1000 + 1);
    const refund = asTx(published[0]!.data.takerPaymentRefundPreimage);
    net.takerChain.broadcastPreimage(refund);

    await net.taker.boot();
    await runUntil(net.clock, () => net.taker.finished());
    const types = net.taker.eventTypes();
    expect(types.slice(types.indexOf('WatcherMessageSent'))).toEqual(['WatcherMessageSent', 'TakerPaymentRefundedByWatcher', 'Finished']);
    expect(eventOf(net, 'TakerPaymentRefundedByWatcher')!.data).toEqual({ tx_hex: refund.txHex, tx_hash: refund.txHash });
    expect(holdings(net.taker)).toEqual({ makerCoin: '0', takerCoin: MmNumber.parse('10').sub(FEE).toDecimalString() });
    const wire = swapStatusToWire(takerSwap(net));
    expect([wire.is_success, wire.recoverable]).toEqual([false, false]);
  });

  it('records its own refund as TakerPaymentRefunded even when its bytes are the preimage handed to watchers', async () => {
    const { net } = await watchedNet();
    net.maker.onEvent = (e) => e.event.type === 'TakerPaymentValidatedAndConfirmed' && net.maker.crash();
    await net.start();
    await runUntil(net.clock, () => net.taker.finished());
    const types = net.taker.eventTypes();
    expect(types).toContain('TakerPaymentRefunded');
    expect(types).not.toContain('TakerPaymentRefundedByWatcher');
    // The same transaction as the preimage (see WatchableFakeSwapOps), broadcast by the taker itself.
    const [, preimage] = eventOf(net, 'WatcherMessageSent')!.data;
    expect(eventOf(net, 'TakerPaymentRefunded')!.data!.tx_hex).toBe(bytesToHex(Uint8Array.from(preimage!)));
    expect(net.takerChain.broadcasts.filter((b) => b.kind === 'refund').map((b) => b.by)).toEqual([net.taker.hex]);
  });
});

describe('the stored watcher events', () => {
  it('read back as stored, and a WatcherMessageSent that is not two byte arrays (or nulls) is a corrupt record', async () => {
    const { net } = await watchedNet();
    await net.start();
    await runUntil(net.clock, () => net.taker.finished());
    const swap = takerSwap(net);
    expect(parseStoredSwap({ saved_swap: swap })).toEqual(swap);
    const index = swap.events.findIndex((e) => e.event.type === 'WatcherMessageSent');
    const withData = (data: unknown) => ({ saved_swap: { ...swap, events: swap.events.map((e, i) => (i === index ? { ...e, event: { type: 'WatcherMessageSent', data } } : e)) } });
    // KDF's `None`s read (a KDF record whose preimages were not kept).
    expect(() => parseStoredSwap(withData([null, null]))).not.toThrow();
    for (const bad of ['00ff', [[1, 2]], [[256], [1]], [[1.5], [1]], [[], [1]], [Array(1025).fill(1), [1]], [[1], [1], [1]]]) {
      expect(() => parseStoredSwap(withData(bad)), JSON.stringify(bad).slice(0, 40)).toThrow(SavedSwapError);
    }
  });
});
