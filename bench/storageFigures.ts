/**
 * The headless host's store (SQLite in a dbdir, WAL, synchronous=FULL: every write fsynced):
 * latency of single order and history writes, throughput in batches, and start-up with 10,000
 * history records and 1,000 orders stored: the store alone (open the file, load every order table
 * and one coin's whole history), and the node core on that dbdir, on a seed of its own, from
 * `start` until `my_orders` lists the 1,000 orders (a coin's history is read when the coin is
 * activated, not at start). Records are plain JSON shaped and sized like the domains' own (a maker
 * order with one match, a UTXO transaction with its hex), stored under the bench wallet's key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deriveNodeKeys } from '../src/node/crypto';
import { NodeHost } from '../src/node/nodeHost';
import { HISTORY_ORDERS, MAKER_ORDERS, OrdersStore, TAKER_ORDERS, type StoredOrderRecord } from '../src/node/storage/ordersDb';
import { TxHistoryStore, type StoredTx } from '../src/node/storage';
import { DB_FILE, openDbdir } from '../tools/host/hostDbdir';
import { nodePlatform } from '../tools/host/nodePlatform';
import { SqliteStorage } from '../tools/host/sqliteStorage';
import { startSeedNode } from '../tools/seednode/seed';
import type { Figure } from './run';

const PASSPHRASE = 'bench storage figures passphrase';
/** The records are the bench wallet's, so the node started on the dbdir loads them. */
const WALLET = deriveNodeKeys(PASSPHRASE, { enableHd: false }).rmd160Hex;
const RPC_PASSWORD = 'Bench-Storage-Pa55!';
const COINS_FILE = fileURLToPath(new URL('../public/coins.json', import.meta.url));
const COIN = 'RLTC1';
const SINGLE_WRITES = 300;
const BATCH = 100;
const HISTORY_RECORDS = 10_000;
const ORDER_RECORDS = 1_000;
const STARTS = 5;

const percentile = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
const round = (x: number): number => Math.round(x * 100) / 100;
const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

function orderRecord(i: number): StoredOrderRecord {
  const uuid = `${hex(i, 8)}-0000-4000-8000-${hex(i, 12)}`;
  const num = (numer: number, denom = 1) => ({ numer: String(numer), denom: String(denom) });
  const conf = { baseConfs: 1, baseNota: false, relConfs: 1, relNota: false };
  const party = { senderPubkey: 'aa'.repeat(32), destPubKey: 'bb'.repeat(32), confSettings: conf };
  const match = {
    request: { base: COIN, rel: 'RLTC2', baseAmount: num(1), relAmount: num(3, 2), action: 'Buy', uuid, matchBy: { type: 'Any' }, ...party },
    reserved: { base: COIN, rel: 'RLTC2', baseAmount: num(1), relAmount: num(3, 2), takerOrderUuid: uuid, makerOrderUuid: uuid, ...party },
    lastUpdated: 1_700_000_000_000 + i,
  };
  const order = {
    v: 1,
    uuid,
    base: COIN,
    rel: 'RLTC2',
    price: num(3, 2),
    maxBaseVol: num(10),
    minBaseVol: num(1, 7),
    createdAt: 1_700_000_000_000 + i,
    updatedAt: 1_700_000_000_000 + i,
    matches: [match],
    startedSwaps: [],
    confSettings: conf,
    changesHistory: [],
    saveInHistory: true,
    baseOrderbookTicker: null,
    relOrderbookTicker: null,
  };
  return order as StoredOrderRecord;
}

function historyRecord(i: number): StoredTx<unknown> {
  const txHash = hex(i, 64);
  return {
    coin: COIN,
    internal_id: txHash,
    block_height: 100 + i,
    details: {
      v: 1,
      txHex: '02000000'.padEnd(452, 'ab'),
      txHash,
      from: ['mxosQ4CvQR8ipfWdRktyB3u16tauEdamGc'],
      to: ['mzBc4XEFSdzCDcTxAgf6EZXgsZWpztRhef', 'mxosQ4CvQR8ipfWdRktyB3u16tauEdamGc'],
      totalAmount: '1.23456789',
      spentByMe: '0',
      receivedByMe: '0.5',
      myBalanceChange: '0.5',
      blockHeight: 100 + i,
      timestamp: 1_700_000_000 + i,
      feeDetails: { type: 'Utxo', coin: COIN, amount: '0.0000226' },
      coin: COIN,
      internalId: txHash,
      transactionType: 'StandardTransfer',
    },
  };
}

async function timed(step: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await step();
  return performance.now() - t0;
}

async function latencies(write: (i: number) => Promise<void>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < SINGLE_WRITES; i++) ms.push(await timed(() => write(i)));
  return ms;
}

/** Records per second writing `total` records, `BATCH` per transaction. */
async function throughput(total: number, writeBatch: (from: number, to: number) => Promise<void>): Promise<number> {
  const ms = await timed(async () => {
    for (let i = 0; i < total; i += BATCH) await writeBatch(i, Math.min(total, i + BATCH));
  });
  return Math.round((total / ms) * 1000);
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, k) => from + k);

/**
 * ms from `start` of a node core on the dbdir `dir` (on a local seed, so that it runs its orders
 * service) until `my_orders` answers with every stored order; the host is stopped after.
 */
async function nodeStartMs(dir: string, seed: string): Promise<number> {
  const t0 = performance.now();
  const dbdir = openDbdir(dir);
  const host = new NodeHost(nodePlatform({ coinsPath: COINS_FILE, storage: dbdir.storage, emit: () => undefined }));
  try {
    const started = await host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase: PASSPHRASE, gui: 'bench', seednodes: [seed] } });
    if (started.status !== 200) throw new Error(`node did not start: ${JSON.stringify(started.body)}`);
    const reply = await host.handleRpc({ method: 'my_orders', userpass: RPC_PASSWORD });
    const ms = performance.now() - t0;
    const makers = Object.keys((reply.body as { result?: { maker_orders?: object } }).result?.maker_orders ?? {}).length;
    if (reply.status !== 200 || makers !== ORDER_RECORDS) throw new Error(`my_orders answered ${reply.status} with ${makers} maker orders`);
    return ms;
  } finally {
    await host.handleControl({ op: 'stop' });
    dbdir.close();
  }
}

export async function storageFigures(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-storage-'));
  try {
    const dbdir = openDbdir(dir);
    const orders = await OrdersStore.open(dbdir.storage, WALLET);
    const history = await TxHistoryStore.open<unknown>(dbdir.storage, WALLET);

    const orderMs = await latencies((i) => orders.write({ [MAKER_ORDERS]: { put: [orderRecord(1_000_000 + i)] } }));
    const historyMs = await latencies((i) => history.update([historyRecord(1_000_000 + i)], []));
    // The single-write records are removed again so the start-up figure has exactly the stated counts.
    await orders.write({ [MAKER_ORDERS]: { delete: range(0, SINGLE_WRITES).map((i) => orderRecord(1_000_000 + i).uuid) } });
    await history.update([], range(0, SINGLE_WRITES).map((i) => ({ coin: COIN, internal_id: historyRecord(1_000_000 + i).internal_id })));

    const orderRate = await throughput(ORDER_RECORDS, (from, to) =>
      orders.write({ [MAKER_ORDERS]: { put: range(from, to).map(orderRecord) } }),
    );
    const historyRate = await throughput(HISTORY_RECORDS, (from, to) => history.update(range(from, to).map(historyRecord), []));
    dbdir.close();

    const starts: number[] = [];
    let loaded = 0;
    for (let run = 0; run < STARTS; run++) {
      starts.push(
        await timed(async () => {
          const storage = SqliteStorage.file(join(dir, DB_FILE));
          const o = await OrdersStore.open(storage, WALLET);
          const h = await TxHistoryStore.open<unknown>(storage, WALLET);
          const tables = await Promise.all(([MAKER_ORDERS, TAKER_ORDERS, HISTORY_ORDERS] as const).map((t) => o.all(t)));
          loaded = tables.reduce((n, t) => n + t.length, 0) + (await h.all(COIN)).length;
          storage.close();
        }),
      );
    }
    if (loaded !== ORDER_RECORDS + HISTORY_RECORDS) throw new Error(`start-up loaded ${loaded} records`);

    const seed = await startSeedNode({ port: 0 });
    const nodeStarts: number[] = [];
    try {
      for (let run = 0; run < STARTS; run++) nodeStarts.push(await nodeStartMs(dir, seed.multiaddr));
    } finally {
      await seed.stop();
    }

    return [
      { name: 'host store: single order write p50', value: round(percentile(orderMs, 0.5)), unit: 'ms' },
      { name: 'host store: single order write p95', value: round(percentile(orderMs, 0.95)), unit: 'ms' },
      { name: 'host store: single history write p50', value: round(percentile(historyMs, 0.5)), unit: 'ms' },
      { name: 'host store: single history write p95', value: round(percentile(historyMs, 0.95)), unit: 'ms' },
      { name: `host store: order writes in batches of ${BATCH}`, value: orderRate, unit: 'records/s' },
      { name: `host store: history writes in batches of ${BATCH}`, value: historyRate, unit: 'records/s' },
      {
        name: `host store: start-up load (${ORDER_RECORDS} orders + ${HISTORY_RECORDS} history records), median`,
        value: round(percentile(starts, 0.5)),
        unit: 'ms',
      },
      {
        name: `host start-up until my_orders answers (${ORDER_RECORDS} orders + ${HISTORY_RECORDS} history records stored), median`,
        value: round(percentile(nodeStarts, 0.5)),
        unit: 'ms',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
