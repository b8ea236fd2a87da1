/**
 * Atomic reservations on a real wallet: many order requests at once on one balance (maker and
 * taker, selling and buying), checked by the swaps domain against the devnet's Electrum servers,
 * never promise more than what `trade_preimage` (max) and `max_taker_vol` allow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { startOrderNode, type OrderNode } from './orderNode';

type Json = Record<string, unknown>;

describe('concurrent orders on one balance', () => {
  let node: OrderNode;

  beforeAll(async () => {
    node = await startOrderNode('reservations', '5');
  }, 120_000);

  afterAll(async () => {
    await node?.stop();
  });

  const accepted = (replies: { status: number; body: Json }[]) => replies.filter((r) => r.status === 200).map((r) => r.body.result as Json);

  it('setprice and update_maker_order at once: the accepted volumes stay within the max maker volume', async () => {
    const pre = await node.mmrpc('trade_preimage', { base: 'RLTC1', rel: 'RLTC2', swap_method: 'setprice', price: '1', max: true });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    const max = MmNumber.parse((pre.body.result as Json).volume);
    const first = await node.legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price: '1', volume: '1', cancel_previous: false });
    expect(first.status).toBe(200);
    const uuid = (first.body.result as Json).uuid as string;
    const replies = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => node.legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price: String(1 + i), volume: '0.9', cancel_previous: false })),
      ...Array.from({ length: 3 }, () => node.legacy('update_maker_order', { uuid, volume_delta: '0.4' })),
    ]);
    const refused = replies.filter((r) => r.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(accepted(replies).length).toBeGreaterThan(2);
    const orders = (await node.legacy('my_orders')).body.result as { maker_orders: Record<string, Json> };
    const total = Object.values(orders.maker_orders).reduce((sum, o) => sum.add(MmNumber.parse(o.max_base_vol)), MmNumber.ZERO);
    expect(total.lte(max), `${total.toDecimalString()} ≤ ${max.toDecimalString()}`).toBe(true);
    expect((await node.legacy('cancel_all_orders', { cancel_by: { type: 'All' } })).status).toBe(200);
  });

  it('sell at once: the accepted volumes stay within max_taker_vol', async () => {
    const maxReply = await node.legacy('max_taker_vol', { coin: 'RLTC1', trade_with: 'RLTC2' });
    const max = MmNumber.parse(maxReply.body.result);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        node.legacy('sell', { base: 'RLTC1', rel: 'RLTC2', price: String(50 + i), volume: '0.9', timeout: 600 }),
      ),
    );
    const ok = accepted(replies);
    expect(replies.length - ok.length).toBeGreaterThan(0);
    const total = ok.reduce((sum, r) => sum.add(MmNumber.parse(r.base_amount)), MmNumber.ZERO);
    expect(total.lte(max), `${total.toDecimalString()} ≤ ${max.toDecimalString()}`).toBe(true);
    expect((await node.legacy('cancel_all_orders', { cancel_by: { type: 'All' } })).status).toBe(200);
  });

  it('buy at once: the accepted amounts paid stay within max_taker_vol of the coin paid', async () => {
    const maxReply = await node.legacy('max_taker_vol', { coin: 'RLTC2', trade_with: 'RLTC1' });
    const max = MmNumber.parse(maxReply.body.result);
    // Buying RLTC1 at price 1 pays as much RLTC2 as it buys: 8 × 0.9 RLTC2 on a balance of 5.
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => node.legacy('buy', { base: 'RLTC1', rel: 'RLTC2', price: '1', volume: '0.9', timeout: 600 })),
    );
    const ok = accepted(replies);
    expect(replies.length - ok.length).toBeGreaterThan(0);
    expect(ok.length).toBeGreaterThan(2);
    const total = ok.reduce((sum, r) => sum.add(MmNumber.parse(r.rel_amount)), MmNumber.ZERO);
    expect(total.lte(max), `${total.toDecimalString()} ≤ ${max.toDecimalString()}`).toBe(true);
    expect((await node.legacy('cancel_all_orders', { cancel_by: { type: 'All' } })).status).toBe(200);
  });

  it('maker and taker orders at once on RLTC1: what they commit together stays within the max maker volume', async () => {
    const pre = await node.mmrpc('trade_preimage', { base: 'RLTC1', rel: 'RLTC2', swap_method: 'setprice', price: '1', max: true });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    const max = MmNumber.parse((pre.body.result as Json).volume);
    // Each commits 0.9 RLTC1: asks of RLTC1, sells of RLTC1, and buys of RLTC2 paid in RLTC1 (none can match another).
    const replies = await Promise.all(
      Array.from({ length: 4 }, (_, i) => [
        node.legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price: String(1 + i), volume: '0.9', cancel_previous: false }),
        node.legacy('sell', { base: 'RLTC1', rel: 'RLTC2', price: String(50 + i), volume: '0.9', timeout: 600 }),
        node.legacy('buy', { base: 'RLTC2', rel: 'RLTC1', price: '1', volume: '0.9', timeout: 600 }),
      ]).flat(),
    );
    expect(replies.length - accepted(replies).length).toBeGreaterThan(0);
    const orders = (await node.legacy('my_orders')).body.result as { maker_orders: Record<string, Json>; taker_orders: Record<string, Json> };
    const makers = Object.values(orders.maker_orders).map((o) => MmNumber.parse(o.max_base_vol));
    // A taker order's request names what it sends: base_amount when selling, rel_amount when buying.
    const takers = Object.values(orders.taker_orders).map((o) => {
      const req = o.request as Json;
      return MmNumber.parse(req.action === 'Sell' ? req.base_amount : req.rel_amount);
    });
    expect(makers.length).toBeGreaterThan(0);
    expect(takers.length).toBeGreaterThan(0);
    expect(makers.length + takers.length).toBe(accepted(replies).length);
    const total = [...makers, ...takers].reduce((sum, v) => sum.add(v), MmNumber.ZERO);
    expect(total.lte(max), `${total.toDecimalString()} ≤ ${max.toDecimalString()}`).toBe(true);
    expect((await node.legacy('cancel_all_orders', { cancel_by: { type: 'All' } })).status).toBe(200);
  });
});
