/**
 * A real legacy swap between two node cores on the devnet: a maker sells RLTC1 for RLTC2, a taker
 * buys it; the match starts the swap engine on both sides, which moves the coins through the UTXO
 * SwapOps (HTLCs on the two regtest chains) until both swaps are `Finished` with success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrderNode, waitFor, type OrderNode } from '../orders/orderNode';

type Json = Record<string, unknown>;

async function status(node: OrderNode, uuid: string): Promise<Json | undefined> {
  const reply = await node.legacy('my_swap_status', { params: { uuid } });
  return reply.status === 200 ? (reply.body.result as Json) : undefined;
}

const eventTypes = (s: Json | undefined): string[] => ((s?.events as { event: { type: string } }[] | undefined) ?? []).map((e) => e.event.type);

describe('a legacy swap RLTC1 ↔ RLTC2 between two nodes', () => {
  let maker: OrderNode;
  let taker: OrderNode;

  beforeAll(async () => {
    [maker, taker] = await Promise.all([startOrderNode('swap maker'), startOrderNode('swap taker')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([maker, taker].map((n) => n?.stop()));
  });

  it('runs to Finished on both sides, each side ending with the other coin', async () => {
    const set = await maker.legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '1', cancel_previous: false });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await waitFor('the order on the taker', async () => (((await taker.legacy('orderbook', { base: 'RLTC1', rel: 'RLTC2' })).body.asks as Json[]).length > 0 ? true : undefined));
    const buy = await taker.legacy('buy', { base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '0.5' });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    const uuid = (buy.body.result as Json).uuid as string;

    await waitFor('the swap on both sides', async () => ((await status(maker, uuid)) && (await status(taker, uuid)) ? true : undefined), 60_000);
    expect((await maker.legacy('active_swaps')).body.uuids).toEqual([uuid]);

    const done = async (node: OrderNode): Promise<Json | undefined> => {
      const s = await status(node, uuid);
      return s?.is_finished === true ? s : undefined;
    };
    const [makerSwap, takerSwap] = await Promise.all([waitFor('maker finished', () => done(maker), 240_000), waitFor('taker finished', () => done(taker), 240_000)]);
    expect(eventTypes(makerSwap)).toEqual([
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
    ]);
    expect(eventTypes(takerSwap).at(-2)).toBe('MakerPaymentSpendConfirmed');
    expect(makerSwap).toMatchObject({ is_success: true, maker_coin: 'RLTC1', taker_coin: 'RLTC2', maker_amount: '0.5', taker_amount: '1' });
    expect(takerSwap).toMatchObject({ is_success: true, type: 'Taker' });
    expect((await maker.legacy('active_swaps')).body.uuids).toEqual([]);
    // Each side now holds more of the coin it bought than it started with (5), less miner fees.
    const balance = async (node: OrderNode, coin: string): Promise<number> => Number((await node.legacy('my_balance', { coin })).body.balance);
    await waitFor('the maker paid in RLTC2', async () => ((await balance(maker, 'RLTC2')) > 5.9 ? true : undefined));
    await waitFor('the taker paid in RLTC1', async () => ((await balance(taker, 'RLTC1')) > 5.4 ? true : undefined));
    expect(await balance(maker, 'RLTC1')).toBeLessThan(4.51);
  }, 300_000);
});
