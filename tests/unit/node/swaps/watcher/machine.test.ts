/**
 * The watcher's state machine and service over a fake chain and a virtual clock (KDF's timing:
 * 60 s before the taker payment is looked at, refund at 1.5 × the lock duration, the taker's own
 * chance to spend until 1 × it): the maker's spend of the taker payment makes the watcher broadcast
 * the taker's spend of the maker payment with the secret; a maker that vanishes makes it broadcast
 * the taker's refund once the chain's median time passes the lock; a taker that spends for itself is
 * left alone; a state is stored before anything is broadcast, and a watcher restarted mid-watch
 * finishes from its stored state. Duplicates, replays and floods are refused.
 */
import { Transaction } from 'bitcoinjs-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesToHex, hash160 } from '../../../../../src/node/crypto';
import { KDF_WATCHER_CONF } from '../../../../../src/node/swaps/watcher/conf';
import { PeerRateLimit } from '../../../../../src/node/swaps/watcher/limits';
import { watcherTopic } from '../../../../../src/node/swaps/watcher/message';
import { SwapWatcher } from '../../../../../src/node/swaps/watcher/service';
import type { WatchedSwapRecord, WatchedSwapsDb } from '../../../../../src/node/swaps/watcher/store';
import { p2pkhScript } from '../../../../../src/node/coins/utxo/tx';
import { runUntil, settle, VirtualClock } from '../engine/virtualClock';
import { FakeChain, kdfTakerSwap, LOCK, makerSpendsTakerPayment, PAYMENT_SAT, SECRET, STARTED_AT, TAKER, type SwapParts } from './fixtures';

/** A database in memory that also records the state stored before each broadcast. */
class MemoryDb implements WatchedSwapsDb {
  readonly rows = new Map<string, WatchedSwapRecord>();
  async get(uuid: string) {
    return this.rows.get(uuid);
  }
  async byFeeHash(fee: string) {
    return [...this.rows.values()].filter((r) => r.fee_hash === fee);
  }
  async active() {
    return [...this.rows.values()].filter((r) => r.active === 1);
  }
  async all() {
    return [...this.rows.values()];
  }
  async put(r: WatchedSwapRecord) {
    this.rows.set(r.uuid, structuredClone(r));
  }
  async delete(uuids: readonly string[]) {
    for (const u of uuids) this.rows.delete(u);
  }
  close() {}
}

const stopping: SwapWatcher[] = [];
afterEach(async () => {
  await Promise.all(stopping.splice(0).map((w) => w.stop()));
});

function watcherOn(chain: FakeChain, db: MemoryDb, clock: VirtualClock, over: Partial<ConstructorParameters<typeof SwapWatcher>[0]> = {}): SwapWatcher {
  const ops = { RLTC1: chain.ops('RLTC1'), RLTC2: chain.ops('RLTC2') } as Record<string, ReturnType<FakeChain['ops']>>;
  const w = new SwapWatcher({
    p2p: { subscribe: () => () => undefined },
    db,
    opsFor: (t) => ops[t],
    activeTickers: () => Object.keys(ops),
    isOwnSwap: () => false,
    clock,
    conf: KDF_WATCHER_CONF,
    paymentLocktime: LOCK,
    log: () => undefined,
    reconcileMs: 3_600_000,
    ...over,
  });
  stopping.push(w);
  return w;
}

const message = (parts: SwapParts, author = 'peer-a') => ({ topic: watcherTopic('RLTC1'), payload: parts.payload, from: TAKER.publicKey, author });

/** The fake chain holds what a KDF swap put there before the taker sent its watcher message. */
function chainAfterTakerPayment(parts: SwapParts): FakeChain {
  const chain = new FakeChain();
  chain.add(parts.fee, 2);
  chain.add(parts.makerPayment, 2);
  chain.add(parts.takerPayment, 1);
  return chain;
}

const stateOf = (db: MemoryDb, uuid: string) => db.rows.get(uuid)?.state;
const historyOf = (db: MemoryDb, uuid: string) => db.rows.get(uuid)?.history.map((h) => h.state);

describe('the swap watcher', () => {
  it("spends the maker payment to the taker with the secret the maker's spend revealed, once the taker's own chance has passed", async () => {
    const parts = await kdfTakerSwap();
    const chain = chainAfterTakerPayment(parts);
    const db = new MemoryDb();
    const clock = new VirtualClock((STARTED_AT + 100) * 1000);
    const w = watcherOn(chain, db, clock);
    await w.start();
    w.onMessage(message(parts));
    await runUntil(clock, () => stateOf(db, parts.data.uuid)?.type === 'WaitForTakerPaymentSpend');
    expect(chain.broadcasts).toEqual([]);

    clock.advanceTo((STARTED_AT + 1000) * 1000);
    chain.add(makerSpendsTakerPayment(parts), 0);
    chain.mine();
    await runUntil(clock, () => stateOf(db, parts.data.uuid)?.type === 'WaitForTakerToSpendMakerPayment');
    expect(stateOf(db, parts.data.uuid)).toEqual({ type: 'WaitForTakerToSpendMakerPayment', secret: bytesToHex(SECRET) });
    expect(chain.broadcasts).toEqual([]);

    await runUntil(clock, () => stateOf(db, parts.data.uuid)?.type === 'Stopped');
    expect(clock.now() / 1000).toBeGreaterThan(STARTED_AT + LOCK);
    expect(historyOf(db, parts.data.uuid)).toEqual([
      'ValidateTakerFee',
      'ValidateTakerPayment',
      'WaitForTakerPaymentSpend',
      'WaitForTakerToSpendMakerPayment',
      'SpendMakerPayment',
      'Stopped',
    ]);
    expect(chain.broadcasts).toHaveLength(1);
    const spend = Transaction.fromHex(chain.broadcasts[0]!);
    // The taker's preimage, byte for byte, with the secret pushed between its signature and redeem script.
    expect(spend.outs).toEqual(parts.spendPreimage.outs);
    expect(bytesToHex(spend.outs[0]!.script)).toBe(bytesToHex(p2pkhScript(hash160(TAKER.publicKey))));
    expect(spend.outs[0]!.value).toBe(PAYMENT_SAT - 1000n);
    expect(bytesToHex(spend.ins[0]!.script)).toContain(bytesToHex(SECRET));
    expect(stateOf(db, parts.data.uuid)).toEqual({ type: 'Stopped', finished: 'MakerPaymentSpent', tx_hash: spend.getId() });
  });

  it("refunds the taker payment when the maker vanished, once the chain's median time is past the lock", async () => {
    const parts = await kdfTakerSwap();
    const chain = chainAfterTakerPayment(parts);
    const db = new MemoryDb();
    const clock = new VirtualClock((STARTED_AT + 100) * 1000);
    const w = watcherOn(chain, db, clock);
    await w.start();
    w.onMessage(message(parts));
    await runUntil(clock, () => stateOf(db, parts.data.uuid)?.type === 'RefundTakerPayment');
    expect(clock.now() / 1000).toBeGreaterThan(STARTED_AT + 1.5 * LOCK);
    // The chain's median time lags: not refundable yet, nothing is sent.
    chain.mtp = STARTED_AT + LOCK;
    await runUntil(clock, () => clock.now() / 1000 > STARTED_AT + 1.5 * LOCK + 120);
    expect(chain.broadcasts).toEqual([]);
    chain.mtp = STARTED_AT + LOCK + 1;
    chain.mine();
    await runUntil(clock, () => stateOf(db, parts.data.uuid)?.type === 'Stopped');
    expect(chain.broadcasts).toEqual([parts.refundPreimage.toHex()]);
    expect(stateOf(db, parts.data.uuid)).toEqual({ type: 'Stopped', finished: 'TakerPaymentRefunded', tx_hash: parts.refundPreimage.getId() });
  });

  it('leaves the maker payment to a taker that spends it itself', async () => {
    const parts = await kdfTakerSwap();
    const chain = chainAfterTakerPayment(parts);
    const db = new MemoryDb();
    const clock = new VirtualClock((STARTED_AT + 100) * 1000);
    const w = watcherOn(chain, db, clock);
    await w.start();
    w.onMessage(message(parts));
    chain.add(makerSpendsTakerPayment(parts), 0);
    await runUntil(clock, () => stateOf(db, parts.data.uuid)?.type === 'WaitForTakerToSpendMakerPayment');
    const makerCoin = chain.ops('RLTC2');
    const takerSpend = Transaction.fromHex(makerCoin.completeSpend(makerCoin.checkSpendPreimage(parts.spendPreimage.toBuffer(), {
      paymentTxid: parts.makerPayment.getId(),
      takerPub: TAKER.publicKey,
      makerPub: parts.data.makerPub,
      secretHash: parts.data.secretHash,
      minTimeLock: 0,
      maxTimeLock: 0xffffffff,
    }), SECRET).txHex);
    chain.add(takerSpend, 0);
    chain.mine();
    await runUntil(clock, () => stateOf(db, parts.data.uuid)?.type === 'Stopped');
    expect(stateOf(db, parts.data.uuid)).toEqual({ type: 'Stopped', finished: 'MakerPaymentSpentByTaker', tx_hash: takerSpend.getId() });
    expect(chain.broadcasts).toEqual([]);
  });

  it('stores each state before it runs: the spend is broadcast only once SpendMakerPayment is on disk', async () => {
    const parts = await kdfTakerSwap();
    const chain = chainAfterTakerPayment(parts);
    const db = new MemoryDb();
    const statesAtBroadcast: string[] = [];
    const send = chain.view('RLTC2').sendRawTransaction;
    const clock = new VirtualClock((STARTED_AT + 100) * 1000);
    const ops = chain.ops('RLTC2');
    (ops as unknown as { coin: { sendRawTransaction: typeof send } }).coin.sendRawTransaction = async (hex) => {
      statesAtBroadcast.push(stateOf(db, parts.data.uuid)!.type);
      return send(hex);
    };
    const w = watcherOn(chain, db, clock, { opsFor: (t) => (t === 'RLTC2' ? ops : chain.ops(t)) });
    await w.start();
    w.onMessage(message(parts));
    await runUntil(clock, () => stateOf(db, parts.data.uuid)?.type === 'WaitForTakerPaymentSpend');
    clock.advanceTo((STARTED_AT + LOCK + 10) * 1000);
    chain.add(makerSpendsTakerPayment(parts), 0);
    chain.mine();
    await runUntil(clock, () => stateOf(db, parts.data.uuid)?.type === 'Stopped');
    // Past the taker's lock the watcher spends at once (KDF), and only after storing that it does.
    expect(historyOf(db, parts.data.uuid)).toEqual(['ValidateTakerFee', 'ValidateTakerPayment', 'WaitForTakerPaymentSpend', 'SpendMakerPayment', 'Stopped']);
    expect(statesAtBroadcast).toEqual(['SpendMakerPayment']);
  });

  it('a watcher restarted mid-watch resumes from its stored state and finishes the spend', async () => {
    const parts = await kdfTakerSwap();
    const chain = chainAfterTakerPayment(parts);
    const db = new MemoryDb();
    const clock = new VirtualClock((STARTED_AT + 100) * 1000);
    const first = watcherOn(chain, db, clock);
    await first.start();
    first.onMessage(message(parts));
    await runUntil(clock, () => stateOf(db, parts.data.uuid)?.type === 'WaitForTakerPaymentSpend');
    await first.stop();
    chain.add(makerSpendsTakerPayment(parts), 0);

    const second = watcherOn(chain, db, clock);
    await second.start();
    await runUntil(clock, () => stateOf(db, parts.data.uuid)?.type === 'Stopped');
    expect(stateOf(db, parts.data.uuid)?.type === 'Stopped' && stateOf(db, parts.data.uuid)).toMatchObject({ finished: 'MakerPaymentSpent' });
    expect(chain.broadcasts).toHaveLength(1);
    // The same message again (the taker re-sends it every 600 s) is a replay: refused.
    second.onMessage(message(parts));
    await settle();
    expect(second.intake.refused.duplicate).toBe(1);
  });

  it('stops cleanly when a block and the stop come together (the stop, not the block, is the reason)', async () => {
    const parts = await kdfTakerSwap();
    const chain = chainAfterTakerPayment(parts);
    const db = new MemoryDb();
    const clock = new VirtualClock((STARTED_AT + 100) * 1000);
    const logs: string[] = [];
    const w = watcherOn(chain, db, clock, { log: (level, line) => logs.push(`${level} ${line}`) });
    await w.start();
    w.onMessage(message(parts));
    await runUntil(clock, () => stateOf(db, parts.data.uuid)?.type === 'WaitForTakerPaymentSpend');
    await settle();
    chain.mine();
    await w.stop();
    expect(logs.filter((l) => l.startsWith('error'))).toEqual([]);
    expect(logs.at(-1)).toMatch(/^info watcher .*: stopped at WaitForTakerPaymentSpend: the watcher stopped$/);
    expect(stateOf(db, parts.data.uuid)?.type).toBe('WaitForTakerPaymentSpend');
  });

  it('refuses a second message for the same taker fee under another uuid (KDF: one watcher per fee hash)', async () => {
    const parts = await kdfTakerSwap();
    const chain = chainAfterTakerPayment(parts);
    const db = new MemoryDb();
    const clock = new VirtualClock((STARTED_AT + 100) * 1000);
    const w = watcherOn(chain, db, clock);
    await w.start();
    w.onMessage(message(parts));
    const other = await kdfTakerSwap();
    const { encodeWatcherMsg } = await import('../../../../../src/node/swaps/watcher/message');
    w.onMessage({ ...message(parts), payload: encodeWatcherMsg({ ...other.data, uuid: '0f0e0d0c-0b0a-4908-8706-050403020100' }) });
    await settle();
    expect(w.intake).toMatchObject({ received: 2, accepted: 1, refused: { duplicate: 1 } });
    expect(db.rows.size).toBe(1);
  });

  it('refuses a second swap under a uuid being stored, and forgets watches past their expiry at start', async () => {
    const parts = await kdfTakerSwap();
    const other = await kdfTakerSwap({ startedAt: STARTED_AT + 1 });
    const chain = chainAfterTakerPayment(parts);
    const db = new MemoryDb();
    const clock = new VirtualClock((STARTED_AT + 100) * 1000);
    const w = watcherOn(chain, db, clock);
    await w.start();
    // Same uuid, another fee: both arrive before the first is stored.
    w.onMessage(message(parts));
    w.onMessage({ ...message(other), author: 'peer-b' });
    await settle();
    expect(w.intake).toMatchObject({ accepted: 1, refused: { duplicate: 1 } });
    await w.stop();

    db.rows.get(parts.data.uuid)!.expires_at = STARTED_AT + 99;
    const later = watcherOn(chain, db, clock);
    await later.start();
    expect(db.rows.size).toBe(0);
  });

  it('drops a flood from one peer unread past its share, and refuses messages beyond its capacity', async () => {
    const parts = await kdfTakerSwap();
    const chain = new FakeChain();
    const clock = new VirtualClock((STARTED_AT + 100) * 1000);
    const w = watcherOn(chain, new MemoryDb(), clock, { rateLimit: new PeerRateLimit(() => clock.now(), 3), maxWatched: 0 });
    await w.start();
    for (let i = 0; i < 10; i++) w.onMessage(message(parts, 'flooder'));
    await settle();
    expect(w.intake.refused).toEqual({ rate_limited: 7, at_capacity: 3 });
    expect(chain.calls).toBe(0);
  });
});
