/**
 * Write before you speak over the real libp2p P2p and the devnet seed: with its store failing, a
 * maker's order is never seen by other nodes, its cancellation is not heard (the order stays in
 * their books), and a taker request gets no reservation; once the store works the same steps go
 * through. Orders services are built directly, on test coins and balances, with the store wrapped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import type { OrdersPersistence } from '../../../src/node/orders/persistence';
import type { OrdersService } from '../../../src/node/orders/service';
import { failingPersistence } from '../../unit/node/orders/failingStore';
import { startOrdersNode } from './ordersNode';
import { devnet } from '../devnet/daemon';
import { waitFor } from '../utxo/walletNode';

const running: { stop(): Promise<void> }[] = [];

async function ordersNode(persistence: OrdersPersistence | null = null): Promise<{ service: OrdersService; logs: string[] }> {
  const { service, p2p, logs } = await startOrdersNode({ seednodes: devnet().seednodes, persistence, timing: { reservedCollectMs: 500 } });
  running.push(service, p2p);
  return { service, logs };
}

afterEach(async () => {
  for (const n of running.splice(0)) await n.stop();
});

/** The asks of `maker` (all asks without one) in `s`'s book. */
const asks = async (s: OrdersService, maker?: OrdersService): Promise<string[]> =>
  (await s.orderbook('RLTC1', 'RLTC2')).asks.filter((a) => !maker || a.pubkey === maker.myPubkey).map((a) => a.uuid);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const order = (price: string) => ({
  base: 'RLTC1',
  rel: 'RLTC2',
  price: MmNumber.parse(price),
  volume: MmNumber.of(1n),
  max: false,
  cancelPrevious: false,
  saveInHistory: true,
});

describe('write before speak over libp2p', () => {
  it('a maker whose store fails is not heard: no order, no cancellation, no reservation', async () => {
    const db = await failingPersistence();
    const maker = await ordersNode(db.persistence);
    const { service: watcher } = await ordersNode();
    await asks(watcher);

    db.store.failNext();
    await expect(maker.service.setPrice(order('2'))).rejects.toMatchObject({ errorType: 'StorageError', httpStatus: 500 });
    const placed = await maker.service.setPrice(order('2.5'));
    await waitFor('the stored order on the watcher', async () => ((await asks(watcher)).includes(placed.uuid) ? true : undefined), 15_000);
    // Only the order that was stored ever reached the network.
    expect(await asks(watcher, maker.service)).toEqual([placed.uuid]);

    db.store.failNext();
    await expect(maker.service.cancelOrder(placed.uuid)).rejects.toMatchObject({ errorType: 'StorageError' });
    await pause(2_000);
    expect(await asks(watcher, maker.service)).toEqual([placed.uuid]);

    db.store.failNext();
    const taker = await ordersNode();
    await waitFor('the order on the taker', async () => ((await asks(taker.service)).includes(placed.uuid) ? true : undefined), 15_000);
    const request = await taker.service.sellOrBuy({
      action: 'Buy',
      base: 'RLTC1',
      rel: 'RLTC2',
      price: MmNumber.of(3n),
      volume: MmNumber.parse('0.5'),
      matchBy: { type: 'Orders', data: [placed.uuid] },
      orderType: 'FillOrKill',
      timeout: 30,
      saveInHistory: false,
    });
    await waitFor('the reservation to fail', async () => (maker.logs.some((l) => l.includes('Error on saving maker order')) ? true : undefined), 15_000);
    await pause(1_500);
    expect(maker.service.makerOrders()[0]?.matches.size).toBe(0);
    expect(taker.service.takerOrders().find((o) => o.request.uuid === request.request.uuid)?.matches.size).toBe(0);

    // With the store back, the cancellation goes through and leaves the watcher's book.
    expect(await maker.service.cancelOrder(placed.uuid)).toBe(true);
    await waitFor('the order to leave the watcher', async () => ((await asks(watcher)).includes(placed.uuid) ? undefined : true), 15_000);
    expect((await db.stored()).makers).toEqual([]);
  });
});
