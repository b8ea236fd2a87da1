/**
 * Issue 9, attacks 1 and 3 over RPC, with the rpc password, against a real node core on the devnet
 * (RLTC1 and RLTC2 active and funded, orders service on the devnet seed): huge rationals, decimals
 * and fractions in `setprice` / `sell` / `withdraw` amounts, and numbers nested 5,000 deep. Each is
 * refused with a typed error within a generous bound while `version` keeps answering, and nothing
 * changes (no order, same balances).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DECIMAL_DIGITS, MAX_RATIONAL_LIMBS } from '../../../src/shared/number';
import { startOrderNode, type OrderNode } from '../orders/orderNode';
import { RPC_PASSWORD, type Reply } from '../utxo/walletNode';

let node: OrderNode;

beforeAll(async () => {
  node = await startOrderNode('hostile numbers');
});

afterAll(async () => {
  await node?.stop();
});

const limbs = (n: number): number[] => Array.from({ length: n }, (_, i) => (i * 2_654_435_761 + 12_345) >>> 0 || 1);

/** The price: 8,000 random u32 limbs in numerator and denominator (an 80 KB message). */
const hugeRational = [
  [1, limbs(8_000)],
  [1, limbs(7_999)],
];
const hugeDecimal = `1${'3'.repeat(200_000)}.5`;
const hugeFraction = { numer: '7'.repeat(100_000), denom: '3'.repeat(100_000) };
/** Just over the bound, where the digit count alone passes and the bit bound refuses. */
const justOver = '9'.repeat(MAX_DECIMAL_DIGITS);
const justOverRational = [
  [1, limbs(MAX_RATIONAL_LIMBS + 1)],
  [1, [1]],
];
const HOSTILE: [string, unknown][] = [
  ['8,000-limb rational', hugeRational],
  ['200,000-digit decimal', hugeDecimal],
  ['100,000-digit fraction', hugeFraction],
  ['617-digit decimal', `${justOver}9`],
  ['65-limb rational', justOverRational],
  ['exponent 1e999999', '1e999999'],
];

interface Timed {
  reply: Reply;
  ms: number;
}

/** Sends `send()` and, at the same time, `version`: both must answer, version without waiting long. */
async function withVersionAlongside(send: () => Promise<Reply>): Promise<Timed> {
  const start = performance.now();
  const [reply, version] = await Promise.all([
    send().then((r) => ({ reply: r, ms: performance.now() - start })),
    node.legacy('version').then((r) => ({ reply: r, ms: performance.now() - start })),
  ]);
  expect(version.reply.status).toBe(200);
  // Before the bound the node was blocked for minutes; 2 shared cores, so the bound is generous.
  expect(version.ms).toBeLessThan(2_000);
  return reply;
}

async function state(): Promise<unknown> {
  const orders = await node.legacy('my_orders');
  const balances = await Promise.all(['RLTC1', 'RLTC2'].map((coin) => node.legacy('my_balance', { coin })));
  return { orders: orders.body, balances: balances.map((b) => [b.body.balance, b.body.unspendable_balance]) };
}

describe('attack 1: huge numbers in RPC arguments', () => {
  it.each(HOSTILE)('flat setprice / sell / buy with a %s price or volume answer a typed error fast', async (_name, hostile) => {
    const before = await state();
    const calls: [string, Record<string, unknown>][] = [
      ['setprice', { base: 'RLTC1', rel: 'RLTC2', price: hostile, volume: '1' }],
      ['setprice', { base: 'RLTC1', rel: 'RLTC2', price: '1', volume: hostile }],
      ['sell', { base: 'RLTC1', rel: 'RLTC2', price: '1', volume: hostile }],
      ['buy', { base: 'RLTC1', rel: 'RLTC2', price: hostile, volume: '0.1' }],
      ['setprice', { base: 'RLTC1', rel: 'RLTC2', price: '1', volume: '1', min_volume: hostile }],
    ];
    for (const [method, args] of calls) {
      const { reply, ms } = await withVersionAlongside(() => node.legacy(method, args));
      // Flat methods answer every error as KDF does: 500 and `{error}` with the trace and the text.
      expect(reply.status).toBe(500);
      expect(Object.keys(reply.body)).toEqual(['error']);
      expect(reply.body.error).toMatch(/invalid number for `(price|volume|min_volume)`: .*(over the limit|exponent out of range)/);
      expect(String(reply.body.error).length).toBeLessThan(400);
      expect(ms).toBeLessThan(2_000);
    }
    expect(await state()).toEqual(before);
  });

  it.each(HOSTILE)('withdraw with a %s amount answers 400 InvalidRequest (mmrpc) fast', async (_name, hostile) => {
    const before = await state();
    const to = String((await node.legacy('my_balance', { coin: 'RLTC2' })).body.address);
    const { reply, ms } = await withVersionAlongside(() => node.mmrpc('withdraw', { coin: 'RLTC1', to, amount: hostile }));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ mmrpc: '2.0', error_type: 'InvalidRequest', id: 1 });
    expect(reply.body.error).toMatch(/invalid number for `params\.amount`: .*(over the limit|exponent out of range)/);
    expect(ms).toBeLessThan(2_000);
    const fee = await withVersionAlongside(() =>
      node.mmrpc('withdraw', { coin: 'RLTC1', to, amount: '0.1', fee: { type: 'UtxoFixed', amount: hostile } }),
    );
    expect(fee.reply.status).toBe(400);
    expect(fee.reply.body.error_type).toBe('InvalidRequest');
    const flat = await withVersionAlongside(() => node.legacy('withdraw', { coin: 'RLTC1', to, amount: hostile }));
    expect(flat.reply.status).toBe(500);
    expect(flat.reply.body.error).toMatch(/invalid number for `amount`/);
    expect(await state()).toEqual(before);
  });

  it('refuses a batch of 100 huge-number requests quickly while version answers, and a bigger body whole', async () => {
    const before = await state();
    const batchOf = (price: unknown): string =>
      JSON.stringify(
        Array.from({ length: 100 }, (_, i) => ({ method: i % 2 ? 'sell' : 'setprice', userpass: RPC_PASSWORD, base: 'RLTC1', rel: 'RLTC2', price, volume: '1' })),
      );
    // 300 limbs a part keeps the batch under the 1 MiB body limit; each member is still 5x the bound.
    const body = batchOf([
      [1, limbs(300)],
      [1, limbs(300)],
    ]);
    expect(body.length).toBeLessThan(1024 * 1024);
    const { reply, ms } = await withVersionAlongside(async () => (await node.host.handleRpc(body)) as Reply);
    expect(reply.status).toBe(200);
    const replies = reply.body as unknown as { error: string }[];
    expect(replies).toHaveLength(100);
    for (const r of replies) expect(r.error).toMatch(/invalid number for `price`: rational over the limit/);
    expect(ms).toBeLessThan(5_000);
    // The 8,000-limb price in every member: 17 MB, refused as a whole before parsing.
    const huge = await withVersionAlongside(async () => (await node.host.handleRpc(batchOf(hugeRational))) as Reply);
    expect(huge.reply.status).toBe(413);
    expect(huge.reply.body).toMatchObject({ mmrpc: '2.0', error_type: 'PayloadTooLarge', id: null });
    expect(huge.ms).toBeLessThan(2_000);
    expect(await state()).toEqual(before);
  });
});

describe('attack 3: numbers nested 5,000 deep', () => {
  const deep = (depth: number): unknown => {
    let v: unknown = '1';
    for (let i = 0; i < depth; i++) v = [v];
    return v;
  };

  it('answers 400 InvalidRequest, not 500 InternalError, as text and as an object', async () => {
    const before = await state();
    const bodies: unknown[] = [
      { method: 'setprice', userpass: RPC_PASSWORD, base: 'RLTC1', rel: 'RLTC2', price: deep(5_000), volume: '1' },
      { mmrpc: '2.0', method: 'withdraw', userpass: RPC_PASSWORD, params: { coin: 'RLTC1', to: 'x', amount: deep(5_000) }, id: 7 },
      `{"method":"sell","userpass":"${RPC_PASSWORD}","base":"RLTC1","rel":"RLTC2","price":"1","volume":${'['.repeat(5_000)}1${']'.repeat(5_000)}}`,
      `{"mmrpc":"2.0","method":"trade_preimage","params":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
    ];
    for (const body of bodies) {
      const { reply } = await withVersionAlongside(async () => (await node.host.handleRpc(body)) as Reply);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ mmrpc: '2.0', error_type: 'InvalidRequest', error: 'Error parsing request: nested deeper than 64 levels' });
    }
    expect(await state()).toEqual(before);
  });
});
