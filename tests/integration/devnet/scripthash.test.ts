/**
 * Script-hash methods of the devnet's Electrum server against litecoind: funded wallets, a payment
 * seen from subscription to confirmation, and history/mempool ordering with chained unconfirmed
 * transactions (kept out of blocks by a negative `prioritisetransaction`: the devnet mines every second).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshKey, signSpend, type Spendable } from './bitcoin';
import { daemon, type Daemon, devnet, sats } from './daemon';
import { TestClient } from './electrumClient';

interface Unspent {
  tx_hash: string;
  tx_pos: number;
  height: number;
  value: number;
}
interface HistoryItem {
  tx_hash: string;
  height: number;
  fee?: number;
}
type Balance = { confirmed: number; unconfirmed: number };

const info = devnet();
const WAIT = { timeout: 10_000, interval: 200 };
/** Fee delta that keeps a transaction (and its descendants) out of every block. */
const STUCK = 100_000_000;

const statusOf = (items: HistoryItem[]): string | null =>
  items.length ? createHash('sha256').update(items.map((h) => `${h.tx_hash}:${h.height}:`).join('')).digest('hex') : null;

/** The confirmed UTXOs of an address per the daemon's UTXO set, in listunspent's shape. */
async function scan(d: Daemon, address: string): Promise<{ utxos: Unspent[]; total: number }> {
  const r = await d.call<{ unspents: { txid: string; vout: number; amount: number; height: number }[]; total_amount: number }>(
    'scantxoutset',
    ['start', [`addr(${address})`]],
  );
  const utxos = r.unspents.map((u) => ({ tx_hash: u.txid, tx_pos: u.vout, height: u.height, value: sats(u.amount) }));
  return { utxos, total: sats(r.total_amount) };
}

const byOutpoint = (a: Unspent, b: Unspent): number => (a.tx_hash + a.tx_pos < b.tx_hash + b.tx_pos ? -1 : 1);

/** The output of `txid` paying `script`, as an input for signSpend, with its block height (0 in mempool). */
async function outputOf(d: Daemon, txid: string, script: Uint8Array): Promise<Spendable & { height: number }> {
  const tx = await d.call<{ hex: string; blockhash?: string; vout: { n: number; value: number; scriptPubKey: { hex: string } }[] }>(
    'getrawtransaction',
    [txid, true],
  );
  const out = tx.vout.find((o) => o.scriptPubKey.hex === Buffer.from(script).toString('hex'));
  if (!out) throw new Error(`${txid} does not pay that script`);
  const height = tx.blockhash ? (await d.call<{ height: number }>('getblockheader', [tx.blockhash])).height : 0;
  return { txid, vout: out.n, value: BigInt(sats(out.value)), script, prevTxHex: tx.hex, height };
}

for (const chain of info.chains) {
  describe(`funded wallets on ${chain.name}`, () => {
    const d = daemon(chain.name);
    let c: TestClient;
    beforeAll(async () => (c = await TestClient.connect(chain.electrum[1]!.url)));
    afterAll(() => c.close());

    for (const wallet of ['alice', 'bob', 'many']) {
      for (const coin of chain.coins) {
        const address = info.wallets[wallet]!.addresses[coin]!;
        const manyHere = wallet === 'many' && coin === chain.coins[0] && chain === info.chains[0];
        it(`${wallet} ${coin}: listunspent and balance match the UTXO set`, async () => {
          const sh = await d.scriptHashOf(address);
          await vi.waitFor(async () => {
            const [listed, balance, scanned] = await Promise.all([
              c.request<Unspent[]>('blockchain.scripthash.listunspent', [sh]),
              c.request<Balance>('blockchain.scripthash.get_balance', [sh]),
              scan(d, address),
            ]);
            expect([...listed].sort(byOutpoint)).toEqual(scanned.utxos.sort(byOutpoint));
            expect(balance).toEqual({ confirmed: scanned.total, unconfirmed: 0 });
          }, WAIT);
          const listed = await c.request<Unspent[]>('blockchain.scripthash.listunspent', [sh]);
          if (manyHere) expect(listed.length).toBeGreaterThan(1_000);
          else if (wallet !== 'many') expect(listed.length).toBeGreaterThan(0);
        });
      }
    }

    it('empty: no balance, history, UTXOs or status', async () => {
      const sh = await d.scriptHashOf(info.wallets.empty!.addresses[chain.coins[0]!]!);
      expect(await c.request('blockchain.scripthash.get_balance', [sh])).toEqual({ confirmed: 0, unconfirmed: 0 });
      expect(await c.request('blockchain.scripthash.get_history', [sh])).toEqual([]);
      expect(await c.request('blockchain.scripthash.get_mempool', [sh])).toEqual([]);
      expect(await c.request('blockchain.scripthash.listunspent', [sh])).toEqual([]);
      expect(await c.request('blockchain.scripthash.subscribe', [sh])).toBeNull();
    });
  });
}

describe('a payment, from mempool to block', () => {
  const d = daemon('chain1');
  let c: TestClient;
  beforeAll(async () => (c = await TestClient.connect(info.chains[0]!.electrum[0]!.url)));
  afterAll(() => c.close());

  it('notifies the subscriber and moves the amount from unconfirmed to confirmed', async () => {
    const key = freshKey();
    const sh = await d.scriptHashOf(key.p2pkh.address);
    expect(await c.request('blockchain.scripthash.subscribe', [sh])).toBeNull();

    const txid = await d.call<string>('sendtoaddress', [key.p2pkh.address, 1.25], info.chains[0]!.minerWallet);
    const [, firstStatus] = await c.notification<[string, string | null]>('blockchain.scripthash.subscribe', ([s]) => s === sh);
    expect(firstStatus).not.toBeNull();
    await vi.waitFor(async () => {
      const b = await c.request<Balance>('blockchain.scripthash.get_balance', [sh]);
      expect(b.confirmed + b.unconfirmed).toBe(125_000_000); // unconfirmed, unless a block came first
    }, WAIT);

    await d.mine(1);
    await vi.waitFor(async () => {
      expect(await c.request('blockchain.scripthash.get_balance', [sh])).toEqual({ confirmed: 125_000_000, unconfirmed: 0 });
    }, WAIT);
    expect((await scan(d, key.p2pkh.address)).total).toBe(125_000_000);

    const out = await outputOf(d, txid, key.p2pkh.script);
    expect(await c.request('blockchain.scripthash.listunspent', [sh])).toEqual([
      { tx_hash: txid, tx_pos: out.vout, height: out.height, value: 125_000_000 },
    ]);
    const history = [{ tx_hash: txid, height: out.height }];
    expect(await c.request('blockchain.scripthash.get_history', [sh])).toEqual(history);
    // Unless the first notification already had it (mined before the server saw the mempool).
    if (firstStatus !== statusOf(history)) {
      await c.notification('blockchain.scripthash.subscribe', ([s, st]) => s === sh && st === statusOf(history));
    }
    expect(await c.request('blockchain.scripthash.subscribe', [sh])).toBe(statusOf(history));

    expect(await c.request('blockchain.scripthash.unsubscribe', [sh])).toBe(true);
    expect(await c.request('blockchain.scripthash.unsubscribe', [sh])).toBe(false);
  });
});

describe('history order, mempool heights and fees', () => {
  const d = daemon('chain1');
  const wallet = info.chains[0]!.minerWallet;
  const key = freshKey();
  const payer = freshKey();
  const fee = 10_000n;
  let c: TestClient;
  let sh: string;
  let confirmed: HistoryItem[];
  let mempool: HistoryItem[];
  const stuck: string[] = [];
  let m: { hex: string; txid: string };
  let p: { hex: string; txid: string };
  let child: { hex: string; txid: string };

  /** Position of a confirmed tx in its block, for the expected order. */
  const positionOf = async (txid: string): Promise<[number, number]> => {
    const { blockhash } = await d.call<{ blockhash: string }>('getrawtransaction', [txid, true]);
    const block = await d.call<{ height: number; tx: string[] }>('getblock', [blockhash, 1]);
    return [block.height, block.tx.indexOf(txid)];
  };

  beforeAll(async () => {
    c = await TestClient.connect(info.chains[0]!.electrum[0]!.url);
    sh = await d.scriptHashOf(key.p2wpkh.address);
    // Confirmed: three payments over at least two blocks, the last two possibly in one block.
    const tx1 = await d.call<string>('sendtoaddress', [key.p2wpkh.address, 1], wallet);
    const funding = await d.call<string>('sendtoaddress', [payer.p2wpkh.address, 2], wallet);
    await d.mine(1);
    const tx2 = await d.call<string>('sendtoaddress', [key.p2wpkh.address, 0.5], wallet);
    const tx3 = await d.call<string>('sendtoaddress', [key.p2wpkh.address, 0.7], wallet);
    await d.mine(1);
    const placed = await Promise.all([tx1, tx2, tx3].map(async (txid) => ({ txid, at: await positionOf(txid) })));
    placed.sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1]);
    confirmed = placed.map(({ txid, at }) => ({ tx_hash: txid, height: at[0] }));
    await vi.waitFor(async () => {
      expect(await c.request('blockchain.scripthash.get_history', [sh])).toEqual(confirmed);
    }, WAIT);
    expect(await c.request('blockchain.scripthash.subscribe', [sh])).toBe(statusOf(confirmed));

    // Mempool: M (payer → key) and P (key → key) spend confirmed coins: height 0; C spends P: -1.
    const payerCoin = await outputOf(d, funding, payer.p2wpkh.script);
    m = signSpend(payer, [payerCoin], [
      { script: key.p2wpkh.script, value: 30_000_000n },
      { script: payer.p2wpkh.script, value: payerCoin.value - 30_000_000n - fee },
    ]);
    const coin1 = await outputOf(d, tx1, key.p2wpkh.script);
    p = signSpend(key, [coin1], [{ script: key.p2wpkh.script, value: coin1.value - fee }]);
    child = signSpend(key, [{ txid: p.txid, vout: 0, value: coin1.value - fee, script: key.p2wpkh.script, prevTxHex: p.hex }], [
      { script: key.p2wpkh.script, value: coin1.value - 2n * fee },
    ]);
    // Mempool acceptance uses the modified fee, so the delta comes right after acceptance, in the
    // same batch: no block can be assembled in between.
    await d.batch([m, p].flatMap((tx): [string, unknown[]][] => [['sendrawtransaction', [tx.hex]], ['prioritisetransaction', [tx.txid, 0, -STUCK]]]));
    stuck.push(m.txid, p.txid);
    expect(await c.request('blockchain.transaction.broadcast', [child.hex])).toBe(child.txid);
    mempool = [
      ...[m.txid, p.txid].sort().map((txid) => ({ tx_hash: txid, height: 0, fee: Number(fee) })),
      { tx_hash: child.txid, height: -1, fee: Number(fee) },
    ];
  });

  afterAll(async () => {
    for (const txid of stuck) await d.call('prioritisetransaction', [txid, 0, STUCK]);
    await d.mine(1);
    c?.close();
  });

  it('get_history: confirmed by height and block position, then mempool 0 before -1, by hash', async () => {
    expect(await c.request('blockchain.scripthash.get_history', [sh])).toEqual([...confirmed, ...mempool]);
  });

  it('get_mempool: the mempool part, with the fees the daemon reports', async () => {
    expect(await c.request('blockchain.scripthash.get_mempool', [sh])).toEqual(mempool);
    for (const { tx_hash, fee: f } of mempool) {
      const entry = await d.call<{ fees: { base: number } }>('getmempoolentry', [tx_hash]);
      expect(sats(entry.fees.base)).toBe(f);
    }
  });

  it('status: recomputed independently, and pushed to the subscriber', async () => {
    const expected = statusOf([...confirmed, ...mempool.map(({ tx_hash, height }) => ({ tx_hash, height }))]);
    await c.notification('blockchain.scripthash.subscribe', ([s, st]) => s === sh && st === expected);
    expect(await c.request('blockchain.scripthash.subscribe', [sh])).toBe(expected);
  });

  it('get_balance: mempool effect as unconfirmed; listunspent without the outputs spent in the mempool', async () => {
    // +0.3 from M, −fee for P, −fee for C
    expect(await c.request('blockchain.scripthash.get_balance', [sh])).toEqual({
      confirmed: 220_000_000,
      unconfirmed: 30_000_000 - 2 * Number(fee),
    });
    const listed = await c.request<Unspent[]>('blockchain.scripthash.listunspent', [sh]);
    const spentByP = confirmed[0]!.tx_hash;
    expect(listed.slice(0, 2).map((u) => u.tx_hash)).toEqual(confirmed.map((h) => h.tx_hash).filter((t) => t !== spentByP));
    expect(listed.slice(2).sort(byOutpoint)).toEqual(
      [
        { tx_hash: m.txid, tx_pos: 0, height: 0, value: 30_000_000 },
        { tx_hash: child.txid, tx_pos: 0, height: 0, value: 100_000_000 - 2 * Number(fee) },
      ].sort(byOutpoint),
    );
  });

  it('after the block: everything confirmed, in block order', async () => {
    for (const txid of stuck.splice(0)) await d.call('prioritisetransaction', [txid, 0, STUCK]);
    await d.mine(1);
    await vi.waitFor(async () => {
      const history = await c.request<HistoryItem[]>('blockchain.scripthash.get_history', [sh]);
      expect(history).toHaveLength(6);
      expect(history.every((h) => h.height > 0 && h.fee === undefined)).toBe(true);
    }, WAIT);
    const history = await c.request<HistoryItem[]>('blockchain.scripthash.get_history', [sh]);
    const placed = await Promise.all(history.map((h) => positionOf(h.tx_hash)));
    expect(placed).toEqual([...placed].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(await c.request('blockchain.scripthash.get_balance', [sh])).toEqual({
      confirmed: 220_000_000 + 30_000_000 - 2 * Number(fee),
      unconfirmed: 0,
    });
  });
});
