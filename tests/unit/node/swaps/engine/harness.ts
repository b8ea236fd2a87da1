/**
 * Two swap engines (a maker and a taker) on the in-process bus, with fake chains for RLTC1 (the
 * maker coin) and RLTC2 (the taker coin), a virtual clock and stores that outlive the engines, so
 * a test can crash a node at any event and start it again from what it stored.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { MmNumber } from '../../../../../src/shared/number';
import type { SwapConfirmationsData } from '../../../../../src/shared/wire';
import { bytesToHex } from '../../../../../src/node/crypto';
import { ActiveSwaps } from '../../../../../src/node/swaps/activeSwaps';
import { SwapEngine } from '../../../../../src/node/swaps/engine/engine';
import type { SavedEvent } from '../../../../../src/node/swaps/engine/events';
import { KDF_TIMING } from '../../../../../src/node/swaps/engine/run';
import type { SavedSwap } from '../../../../../src/node/swaps/engine/savedSwap';
import type { SwapStartParams } from '../../../../../src/node/swaps/engine/started';
import { SwapStore, type SwapsDb } from '../../../../../src/node/swaps/engine/store';
import type { StoredSwapRecord } from '../../../../../src/node/storage/swapsDb';
import { Bus, type BusP2p } from '../../orders/bus';
import { FakeChain, FakeSwapOps, WatchableFakeSwapOps, type FakeOpsOptions } from './fakeChain';
import { VirtualClock } from './virtualClock';

export const MAKER_COIN = 'RLTC1';
export const TAKER_COIN = 'RLTC2';
export const MAKER_AMOUNT = MmNumber.parse('1');
export const TAKER_AMOUNT = MmNumber.parse('2');
/** A short lock so refund paths end in a few hundred virtual polls: taker 600 s, maker 1200 s. */
export const PAYMENT_LOCKTIME = 600;
export const UUID = '6b1f4c2e-9d3a-4f7b-8e21-0c5d9a7b3e10';
const DUST = MmNumber.parse('0.00001');

/** A Map-backed swap database whose writes can be made to fail, as a full disk would. */
export class MemorySwapsDb implements SwapsDb {
  readonly records = new Map<string, StoredSwapRecord>();
  writes = 0;
  /** Fails the write of the event of this type (and every later write). */
  failAtEvent: string | null = null;
  broken = false;

  async get(uuid: string): Promise<unknown> {
    return structuredClone(this.records.get(uuid));
  }

  async all(): Promise<unknown[]> {
    return [...this.records.values()].map((r) => structuredClone(r));
  }

  async unfinished(): Promise<unknown[]> {
    return [...this.records.values()].filter((r) => r.is_finished === 0).map((r) => structuredClone(r));
  }

  async put(record: StoredSwapRecord): Promise<void> {
    const swap = record.saved_swap as SavedSwap;
    if (swap.events.at(-1)?.event.type === this.failAtEvent) this.broken = true;
    if (this.broken) throw new Error('QuotaExceededError: the disk is full');
    this.writes++;
    this.records.set(record.uuid, structuredClone(record));
  }
}

export class SwapNode {
  engine!: SwapEngine;
  p2p!: BusP2p;
  ops = new Map<string, FakeSwapOps>();
  readonly db = new MemorySwapsDb();
  /** Bumped by each crash: writes of an earlier run of the node are refused. */
  private epoch = 0;
  readonly activeSwaps = new ActiveSwaps();
  readonly events: SavedEvent[] = [];
  /** Every `swap_confirmations` the node sent. */
  readonly confirmations: SwapConfirmationsData[] = [];
  readonly started: unknown[] = [];
  /** Called with each stored event; a test crashes the node from here. */
  onEvent: ((event: SavedEvent) => void) | null = null;
  readonly key = secp256k1.utils.randomSecretKey();
  readonly pubkey = secp256k1.getPublicKey(this.key, true);

  constructor(
    readonly net: SwapNet,
    readonly role: 'Maker' | 'Taker',
    readonly options: FakeOpsOptions = {},
  ) {}

  get id(): string {
    return bytesToHex(this.pubkey.subarray(1));
  }

  get hex(): string {
    return bytesToHex(this.pubkey);
  }

  /** Starts (or restarts) the node: fresh ops and p2p, the same store; resumes unfinished swaps. */
  async boot(options: FakeOpsOptions = this.options): Promise<void> {
    const epoch = this.epoch;
    const db = this.db;
    // What this run of the node writes; a crashed run's late writes go nowhere, as a dead process's would.
    const view: SwapsDb = {
      get: (uuid) => db.get(uuid),
      all: () => db.all(),
      unfinished: () => db.unfinished(),
      put: (record) => (this.epoch === epoch ? db.put(record) : Promise.reject(new Error('node crashed'))),
    };
    const ops = new Map(
      [this.net.makerChain, this.net.takerChain].map((c) => {
        const Ops = options.watchable ? WatchableFakeSwapOps : FakeSwapOps;
        return [c.ticker, new Ops(c, this.pubkey, { ...options, onCrash: () => this.crash() })];
      }),
    );
    this.ops = ops;
    this.p2p = this.net.bus.join(this.pubkey, this.key);
    this.engine = new SwapEngine({
      p2p: this.p2p,
      store: new SwapStore(view, () => undefined),
      coins: (ticker) => {
        const coin = ops.get(ticker);
        return coin ? { ops: coin, minTxAmount: DUST } : undefined;
      },
      clock: this.net.clock,
      identity: { pubkey: this.pubkey, privkey: this.key, gui: 'tests', mmVersion: 'test', paymentLocktime: PAYMENT_LOCKTIME },
      activeSwaps: this.activeSwaps,
      timing: options.timing ?? KDF_TIMING,
      useWatchers: options.useWatchers ?? true,
      emit: (event, data) => {
        if (event === 'swap_started') this.started.push(data);
        if (event === 'swap_confirmations') this.confirmations.push(data as SwapConfirmationsData);
        if (event !== 'swap_status') return;
        const saved = (data as { event: SavedEvent }).event;
        this.events.push(saved);
        this.onEvent?.(saved);
      },
      log: () => undefined,
    });
    await this.engine.resumeAll();
  }

  /** The node shuts down in order (as a closed tab's node does): its swaps stop where they are, it leaves the network. */
  async stop(): Promise<void> {
    await this.engine.stop();
    this.net.bus.leave(this.p2p.peerId);
  }

  /** The node stops dead: its coins' calls fail, it leaves the network, its swaps stop. */
  crash(): void {
    for (const ops of this.ops.values()) ops.dead = true;
    this.epoch++;
    this.net.bus.leave(this.p2p.peerId);
    this.p2p.publish = async () => undefined;
    void this.engine.stop();
  }

  params(other: SwapNode): SwapStartParams {
    return {
      uuid: UUID,
      role: this.role,
      makerOrderUuid: '11111111-2222-4333-8444-555555555555',
      otherPubkey: other.id,
      makerCoin: MAKER_COIN,
      takerCoin: TAKER_COIN,
      makerAmount: MAKER_AMOUNT,
      takerAmount: TAKER_AMOUNT,
      makerPaymentConfirmations: 1,
      makerPaymentRequiresNota: false,
      takerPaymentConfirmations: 1,
      takerPaymentRequiresNota: false,
    };
  }

  swap(): SavedSwap | undefined {
    const r = this.db.records.get(UUID);
    return r?.saved_swap as SavedSwap | undefined;
  }

  eventTypes(): string[] {
    return this.swap()?.events.map((e) => e.event.type) ?? [];
  }

  finished(): boolean {
    return this.eventTypes().at(-1) === 'Finished';
  }
}

export class SwapNet {
  readonly bus = new Bus();
  readonly clock = new VirtualClock(Date.UTC(2026, 10, 24, 12, 0, 0));
  readonly makerChain: FakeChain;
  readonly takerChain: FakeChain;
  readonly maker: SwapNode;
  readonly taker: SwapNode;

  /** `blockMs`: both chains' block time (a minute unless given). */
  constructor(opts: { maker?: FakeOpsOptions; taker?: FakeOpsOptions; blockMs?: number } = {}) {
    this.makerChain = new FakeChain(MAKER_COIN, this.clock, opts.blockMs);
    this.takerChain = new FakeChain(TAKER_COIN, this.clock, opts.blockMs);
    this.maker = new SwapNode(this, 'Maker', opts.maker);
    this.taker = new SwapNode(this, 'Taker', opts.taker);
  }

  async boot(): Promise<void> {
    await this.maker.boot();
    await this.taker.boot();
    this.makerChain.credit(this.maker.hex, MmNumber.parse('10'));
    this.takerChain.credit(this.taker.hex, MmNumber.parse('10'));
  }

  /** Both sides start the matched swap in the same second, as connected orders do. */
  async start(): Promise<void> {
    await this.maker.engine.start(this.maker.params(this.taker));
    await this.taker.engine.start(this.taker.params(this.maker));
  }
}

/** What a node holds of both coins now. */
export function holdings(node: SwapNode): { makerCoin: string; takerCoin: string } {
  return {
    makerCoin: node.net.makerChain.balance(node.hex).toDecimalString(),
    takerCoin: node.net.takerChain.balance(node.hex).toDecimalString(),
  };
}
