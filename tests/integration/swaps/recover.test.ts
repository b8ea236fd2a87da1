/**
 * `recover_funds_of_swap` on the devnet: the taker disappears after the maker paid, and the maker's
 * swap ends the way KDF ends one whose refund wait ran out while its node was away
 * (`MakerPaymentRefundFailed`, `Finished`, the payment still locked). Brought into a fresh node of the
 * same wallet by `import_swaps`, the swap is recovered: refused before the lock, refunded after it,
 * and not refunded twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../utxo/walletNode';
import { eventTypes, startRescueNode, strandMakerPayment, type Json, type RescueNode } from './rescueNodes';

type SavedEventJson = { timestamp: number; event: { type: string; data?: Json } };

/** The record KDF keeps of a maker swap that gave up refunding: finished, its payment locked. */
function gaveUp(record: Json): Json {
  const events = record.events as SavedEventJson[];
  const paid = events.findIndex((e) => e.event.type === 'MakerPaymentSent');
  const t = events[paid]?.timestamp ?? 0;
  const lock = (events[0]?.event.data?.maker_payment_lock as number) ?? 0;
  return {
    ...record,
    events: [
      ...events.slice(0, paid + 1),
      { timestamp: t + 1, event: { type: 'TakerPaymentValidateFailed', data: { error: 'Timeout waiting for the taker payment' } } },
      { timestamp: t + 2, event: { type: 'MakerPaymentWaitRefundStarted', data: { wait_until: lock + 3700 } } },
      { timestamp: t + 3, event: { type: 'MakerPaymentRefundFailed', data: { error: 'the node was away until wait_refund_until' } } },
      { timestamp: t + 4, event: { type: 'Finished' } },
    ],
  };
}

describe('recover_funds_of_swap after the taker disappeared', () => {
  const nodes: RescueNode[] = [];

  beforeAll(async () => {
    nodes.push(...(await Promise.all([startRescueNode('recover maker'), startRescueNode('recover taker')])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
  });

  it('refunds the maker payment once the lock allows, never before, never twice', async () => {
    const [maker, taker] = nodes as [RescueNode, RescueNode];
    const { uuid, rescue } = await strandMakerPayment(maker, taker);
    const record = gaveUp(rescue.find((s) => s.uuid === uuid) as Json);
    const fresh = await startRescueNode('recover maker again', maker.passphrase);
    nodes.push(fresh);
    expect((await fresh.legacy('import_swaps', { swaps: [record] })).body.result).toEqual({ imported: [uuid], skipped: {} });
    const status = await fresh.status(uuid);
    expect(status).toMatchObject({ is_finished: true, is_success: false, recoverable: true });
    expect((await fresh.legacy('active_swaps')).body.uuids).toEqual([]);
    // The payment the old node broadcast reaches this node's Electrum server by its mempool poll.
    await waitFor('the maker payment out of the balance', async () => ((await fresh.balance('RLTC1')) < 4.01 ? true : undefined), 60_000);

    const early = await fresh.legacy('recover_funds_of_swap', { params: { uuid } });
    expect(early.status).toBe(500);
    expect(String(early.body.error)).toContain('Too early to refund, wait until');

    const recovered = await waitFor('the lock to pass', async () => {
      const r = await fresh.legacy('recover_funds_of_swap', { params: { uuid } });
      if (r.status === 200) return r.body.result as Json;
      expect(String(r.body.error)).toContain('Too early to refund');
      await new Promise((ok) => setTimeout(ok, 3000));
      return undefined;
    }, 300_000);
    expect(recovered).toMatchObject({ action: 'RefundedMyPayment', coin: 'RLTC1' });
    expect(recovered.tx_hash).toMatch(/^[0-9a-f]{64}$/);
    await waitFor('the refund in the balance', async () => ((await fresh.balance('RLTC1')) > 4.99 ? true : undefined), 60_000);

    const again = await fresh.legacy('recover_funds_of_swap', { params: { uuid } });
    expect(again.status).toBe(500);
    expect(String(again.body.error)).toMatch(/Maker payment was already refunded by RLTC1 tx [0-9a-f]{64}/);
    expect(eventTypes(await fresh.status(uuid)).at(-1)).toBe('Finished');
  }, 600_000);
});
