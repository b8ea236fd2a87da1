/**
 * The rescue file on the devnet: a maker's node goes away with its payment locked (the taker
 * disappeared too); its `export_swaps` file imported into a fresh node of the same wallet (new,
 * empty storage) resumes the swap there, which refunds the maker payment once the lock allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../utxo/walletNode';
import { eventTypes, startRescueNode, strandMakerPayment, type Json, type RescueNode } from './rescueNodes';

describe('export_swaps → import_swaps in a fresh node', () => {
  const nodes: RescueNode[] = [];

  beforeAll(async () => {
    nodes.push(...(await Promise.all([startRescueNode('rescue maker'), startRescueNode('rescue taker')])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
  });

  it('the imported unfinished swap resumes and refunds the maker payment', async () => {
    const [maker, taker] = nodes as [RescueNode, RescueNode];
    const { uuid, rescue } = await strandMakerPayment(maker, taker);
    const record = rescue.find((s) => s.uuid === uuid) as Json;
    expect(record).toMatchObject({ type: 'Maker', maker_coin: 'RLTC1', taker_coin: 'RLTC2' });
    expect(eventTypes(record)).toContain('MakerPaymentSent');

    const fresh = await startRescueNode('rescue maker again', maker.passphrase);
    nodes.push(fresh);
    expect(await fresh.status(uuid)).toBeUndefined();
    // Broadcast before MakerPaymentSent was stored; the test indexer may show it a poll later.
    await waitFor('the maker payment out of the balance', async () => ((await fresh.balance('RLTC1')) < 4.01 ? true : undefined), 60_000);

    const imported = await fresh.legacy('import_swaps', { swaps: rescue });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.result).toEqual({ imported: [uuid], skipped: {} });
    expect((await fresh.legacy('active_swaps')).body.uuids).toEqual([uuid]);

    const done = await waitFor('the resumed swap finished', async () => {
      const s = await fresh.status(uuid);
      return s?.is_finished === true ? s : undefined;
    }, 300_000);
    expect(eventTypes(done)).toEqual(expect.arrayContaining(['MakerPaymentWaitRefundStarted', 'MakerPaymentRefunded', 'MakerPaymentRefundFinished', 'Finished']));
    await waitFor('the refund in the balance', async () => ((await fresh.balance('RLTC1')) > 4.99 ? true : undefined), 60_000);

    const again = await fresh.legacy('import_swaps', { swaps: rescue });
    expect(again.body.result).toEqual({ imported: [], skipped: { [uuid]: 'a swap with this uuid is already stored' } });
  }, 600_000);
});
