/**
 * Order figures: `orderbook` response time with 10,000 orders on one pair (the RPC's work past the
 * dispatcher: selecting the pair, sorting, aggregating, three number forms per volume), `best_orders`
 * over 100 pairs, codec throughput of KDF's OrdermatchMessage, and gossip propagation maker → peers
 * through a seed node.
 */
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import { MmNumber } from '../src/shared/number';
import { parseCoinsConfig } from '../src/node/coins/config';
import { keyPairFromPrivkey, bytesToHex } from '../src/node/crypto';
import { decodeOrdermatchMessage, encodeOrdermatchMessage } from '../src/node/orders/messages/codec';
import type { OrdermatchMessage } from '../src/node/orders/messages/types';
import { Orderbook } from '../src/node/orders/orderbook';
import { orderbookResponse } from '../src/node/orders/orderbookWire';
import { bestOrders } from '../src/node/orders/sync';
import { bestOrdersLegacy, bestOrdersV2 } from '../src/node/orders/bestOrdersWire';
import type { OrderbookItem } from '../src/node/orders/types';
import { createP2p, type Libp2pP2p } from '../src/node/p2p/libp2pNode';
import { startSeedNode } from '../tools/seednode/seed';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Figure } from './run';

const ORDERS = 10_000;
const BEST_PAIRS = 100;
const BEST_ORDERS = 1_000;
const RUNS = 5;
/**
 * Unchanged and changed answers of the 10,000-order book: a few milliseconds each, so a collection
 * of the ~60 MB heap falling in one swings a median of five by 2×.
 */
const BOOK_RUNS = 21;
const CODEC_MESSAGES = 20_000;
const PEERS = 4;
const PROPAGATIONS = 60;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const percentile = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
const round = (x: number): number => Math.round(x * 10) / 10;

function pubkeyOf(i: number): string {
  const key = new Uint8Array(32);
  key[31] = (i % 250) + 1;
  key[0] = 1;
  return bytesToHex(keyPairFromPrivkey(key).publicKey);
}

function orderbookFigures(): Figure[] {
  const coins = parseCoinsConfig(JSON.parse(readFileSync('public/coins.json', 'utf8'))).coins;
  const [baseConfig, relConfig] = [coins.get('RLTC1'), coins.get('RLTC2')];
  if (!baseConfig || !relConfig) throw new Error('no RLTC1/RLTC2 in the coins file');
  const book = new Orderbook();
  const now = Date.now();
  const pubkeys = Array.from({ length: 50 }, (_, i) => pubkeyOf(i));
  for (let i = 0; i < ORDERS; i++) {
    const ask = i % 2 === 0;
    const item: OrderbookItem = {
      pubkey: pubkeys[i % pubkeys.length] ?? '',
      base: ask ? 'RLTC1' : 'RLTC2',
      rel: ask ? 'RLTC2' : 'RLTC1',
      price: MmNumber.of(BigInt(900 + (i % 200)), 1000n),
      maxVolume: MmNumber.of(BigInt(1 + (i % 97)), 10n),
      minVolume: MmNumber.of(1n, 1000n),
      uuid: crypto.randomUUID(),
      createdAt: Math.floor(now / 1000) - (i % 600),
      baseProtocolInfo: new Uint8Array(),
      relProtocolInfo: new Uint8Array(),
      confSettings: null,
    };
    book.upsert(item, now);
  }
  const respond = () => {
    const all = book.all();
    const asks = all.filter((o) => o.base === 'RLTC1' && o.rel === 'RLTC2');
    const bids = all.filter((o) => o.base === 'RLTC2' && o.rel === 'RLTC1');
    return orderbookResponse({ base: 'RLTC1', rel: 'RLTC2', asks, bids, baseConfig, relConfig, myPubkey: pubkeys[0] ?? '', netid: 7777, nowMs: Date.now() });
  };
  let t0 = performance.now();
  respond();
  const cold = performance.now() - t0;
  // Unchanged and changed answers alternate, so both see the same load. The JSON text is timed apart.
  const warm: number[] = [];
  const changed: number[] = [];
  for (let r = 0; r < BOOK_RUNS; r++) {
    t0 = performance.now();
    respond();
    warm.push(performance.now() - t0);
    // One of the first orders made: near the best prices, so most running totals after it move.
    const some = book.all()[r * 7];
    if (some) book.upsert({ ...some, price: some.price.add(MmNumber.of(1n, 1000n)) }, now);
    t0 = performance.now();
    respond();
    changed.push(performance.now() - t0);
  }
  const serialized: number[] = [];
  let bytes = 0;
  for (let r = 0; r < RUNS; r++) {
    const body = respond();
    t0 = performance.now();
    bytes = JSON.stringify(body).length;
    serialized.push(performance.now() - t0);
  }
  const unchanged = median(warm);
  const ratio = (x: number): number => Math.round((x / unchanged) * 10) / 10;
  // What a kept answer holds: the other way round is a pair not asked yet, rendered and kept whole.
  const heapBefore = heapAfterGc();
  const all = book.all();
  orderbookResponse({
    base: 'RLTC2', rel: 'RLTC1', asks: all.filter((o) => o.base === 'RLTC2'), bids: all.filter((o) => o.base === 'RLTC1'),
    baseConfig: relConfig, relConfig: baseConfig, myPubkey: pubkeys[0] ?? '', netid: 7777, nowMs: Date.now(),
  });
  const keptBytes = heapAfterGc() - heapBefore;
  return [
    { name: `orderbook response, ${ORDERS} orders on one pair, first call (every entry rendered)`, value: round(cold), unit: 'ms' },
    { name: `orderbook response, ${ORDERS} orders on one pair, after one order changed (median of ${BOOK_RUNS})`, value: round(median(changed)), unit: 'ms' },
    { name: `orderbook response, ${ORDERS} orders on one pair, book unchanged (median of ${BOOK_RUNS})`, value: round(unchanged), unit: 'ms' },
    { name: `orderbook response, ${ORDERS} orders on one pair, first call ÷ book unchanged, same run (target ≤ 50)`, value: ratio(cold), unit: '×' },
    { name: `orderbook response, ${ORDERS} orders on one pair, after one order changed ÷ book unchanged, same run (target ≤ 5)`, value: ratio(median(changed)), unit: '×' },
    { name: `JSON text of that response (${Math.round(bytes / 1e6)} MB), median of ${RUNS}`, value: round(median(serialized)), unit: 'ms' },
    { name: `heap held by the kept answer of a ${ORDERS}-order pair (rendered entries, views, totals), per entry`, value: Math.round(keptBytes / ORDERS), unit: 'B' },
  ];
}

/** The heap in use after full collections (the flag is set here: the bench runs under tsx, not with --expose-gc). */
function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/**
 * `best_orders` past the dispatcher and the peer request: picking each pair's best orders from the
 * book and building the answer, over BEST_PAIRS pairs of one coin with BEST_ORDERS orders each
 * (half selling it, half buying it). The coins are copies of RLTC1 under other tickers.
 */
function bestOrdersFigures(): Figure[] {
  const raw = (JSON.parse(readFileSync('public/coins.json', 'utf8')) as Record<string, unknown>[]).find((c) => c.coin === 'RLTC1');
  const tickers = Array.from({ length: BEST_PAIRS + 1 }, (_, i) => `BENCH${i}`);
  const coins = parseCoinsConfig(tickers.map((coin) => ({ ...raw, coin }))).coins;
  const [coin, ...others] = tickers as [string, ...string[]];
  const pubkeys = Array.from({ length: 50 }, (_, i) => pubkeyOf(i));
  const now = Date.now();
  const orders: OrderbookItem[] = others.flatMap((other) =>
    Array.from({ length: BEST_ORDERS }, (_, i) => ({
      pubkey: pubkeys[i % pubkeys.length] ?? '',
      base: i % 2 === 0 ? coin : other,
      rel: i % 2 === 0 ? other : coin,
      price: MmNumber.of(BigInt(900 + ((i * 37) % 200)), 1000n),
      maxVolume: MmNumber.of(BigInt(1 + (i % 97)), 10n),
      minVolume: MmNumber.of(1n, 1000n),
      uuid: crypto.randomUUID(),
      createdAt: Math.floor(now / 1000),
      baseProtocolInfo: new Uint8Array(),
      relProtocolInfo: new Uint8Array(),
      confSettings: null,
    })),
  );
  const time = (answer: () => unknown): number[] =>
    Array.from({ length: RUNS }, () => {
      const t0 = performance.now();
      answer();
      return performance.now() - t0;
    });
  const byVolume = time(() => bestOrdersLegacy(bestOrders(orders, coin, 'buy', MmNumber.of(5n)) ?? new Map(), 'buy', coins, pubkeys[0] ?? '', now));
  const byNumber = time(() => bestOrdersV2(bestOrders(orders, coin, 'sell', 10) ?? new Map(), 'sell', coins, pubkeys[0] ?? '', false));
  const label = `best_orders over ${BEST_PAIRS} pairs × ${BEST_ORDERS} orders`;
  return [
    { name: `${label}, legacy, buy by volume 5 (median of ${RUNS}; target ≤ 50 ms)`, value: round(median(byVolume)), unit: 'ms' },
    { name: `${label}, mmrpc 2.0, sell by number 10 (median of ${RUNS}; target ≤ 50 ms)`, value: round(median(byNumber)), unit: 'ms' },
  ];
}

function sampleMessage(i: number): OrdermatchMessage {
  return {
    type: 'MakerOrderCreated',
    msg: {
      uuid: crypto.randomUUID(),
      base: 'RLTC1',
      rel: 'RLTC2',
      price: MmNumber.of(BigInt(900 + i), 1000n),
      maxVolume: MmNumber.of(BigInt(10 + i), 10n),
      minVolume: MmNumber.of(1n, 1000n),
      createdAt: 1_700_000_000 + i,
      confSettings: { baseConfs: 1, baseNota: false, relConfs: 1, relNota: false },
      timestamp: 1_700_000_000 + i,
      pairTrieRoot: new Uint8Array(8),
      baseProtocolInfo: new Uint8Array(),
      relProtocolInfo: new Uint8Array(),
    },
  };
}

function codecFigures(): Figure[] {
  const messages = Array.from({ length: CODEC_MESSAGES }, (_, i) => sampleMessage(i));
  let t0 = performance.now();
  const encoded = messages.map(encodeOrdermatchMessage);
  const encodeS = (performance.now() - t0) / 1000;
  t0 = performance.now();
  for (const bytes of encoded) decodeOrdermatchMessage(bytes);
  const decodeS = (performance.now() - t0) / 1000;
  return [
    { name: 'OrdermatchMessage encode (MakerOrderCreated)', value: Math.round(CODEC_MESSAGES / encodeS), unit: 'msg/s' },
    { name: 'OrdermatchMessage decode (MakerOrderCreated)', value: Math.round(CODEC_MESSAGES / decodeS), unit: 'msg/s' },
  ];
}

async function propagationFigures(): Promise<Figure[]> {
  const seed = await startSeedNode({ port: 0 });
  const peers: Libp2pP2p[] = [];
  try {
    for (let i = 0; i <= PEERS; i++) {
      peers.push(await createP2p({ signingKey: randomBytes(32), seednodes: [seed.multiaddr], allowLoopback: true, webSocket: (url) => new WebSocket(url) as never }));
    }
    const [maker, ...takers] = peers;
    if (!maker) throw new Error('no maker');
    const topic = 'orbk/RLTC1:RLTC2';
    const sentAt = new Map<number, number>();
    const delays: number[] = [];
    for (const t of takers) {
      t.subscribe(topic, (m) => {
        const n = new DataView(m.payload.buffer, m.payload.byteOffset).getUint32(0);
        const start = sentAt.get(n);
        if (start !== undefined) delays.push(performance.now() - start);
      });
    }
    maker.subscribe(topic, () => undefined);
    const deadline = Date.now() + 15_000;
    while (takers.some((t) => t.meshPeers(topic).length === 0) || maker.meshPeers(topic).length === 0) {
      if (Date.now() > deadline) throw new Error('the gossip mesh did not form');
      await new Promise((r) => setTimeout(r, 100));
    }
    for (let n = 0; n < PROPAGATIONS; n++) {
      const payload = new Uint8Array(64);
      new DataView(payload.buffer).setUint32(0, n);
      sentAt.set(n, performance.now());
      await maker.publish(topic, payload);
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 500));
    return [
      { name: `gossip propagation maker → ${takers.length} peers via a seed, p50 (${delays.length} deliveries)`, value: round(percentile(delays, 0.5)), unit: 'ms' },
      { name: `gossip propagation maker → ${takers.length} peers via a seed, p95`, value: round(percentile(delays, 0.95)), unit: 'ms' },
    ];
  } finally {
    await Promise.all(peers.map((p) => p.stop()));
    await seed.stop();
  }
}

export async function ordersFigures(): Promise<Figure[]> {
  return [...bookFigures(), ...codecFigures(), ...(await propagationFigures())];
}

/** The figures of the orderbook and best_orders answers alone (`npx tsx bench/run.ts orderbook`). */
export function bookFigures(): Figure[] {
  return [...orderbookFigures(), ...bestOrdersFigures()];
}
