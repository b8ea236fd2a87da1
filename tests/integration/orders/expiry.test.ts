/**
 * Keep-alives over the real libp2p P2p and the devnet seed: a maker's orders stay in other nodes'
 * orderbooks while its keep-alives flow, and leave them once they stop. KDF's timing (30 s
 * keep-alives, 90 s timeout) is shortened to 1 s / 3 s, so these are orders services built
 * directly, on test coins and balances, rather than whole node cores.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import type { OrdersService } from '../../../src/node/orders/service';
import { startOrdersNode } from './ordersNode';
import { devnet } from '../devnet/daemon';
import { waitFor } from '../utxo/walletNode';

const running: { stop(): Promise<void> }[] = [];

async function ordersNode(): Promise<OrdersService> {
  const { service, p2p } = await startOrdersNode({ seednodes: devnet().seednodes, timing: { keepAliveMs: 1_000, makerOrderTimeoutMs: 3_000 } });
  running.push(service, p2p);
  return service;
}

afterEach(async () => {
  for (const n of running.splice(0)) await n.stop();
});

const uuids = async (s: OrdersService): Promise<string[]> => (await s.orderbook('RLTC1', 'RLTC2')).asks.map((a) => a.uuid);

describe('maker order expiry', () => {
  it('orders live while keep-alives flow and leave the book when they stop', async () => {
    const maker = await ordersNode();
    const watcher = await ordersNode();
    await uuids(watcher);
    const order = await maker.setPrice({
      base: 'RLTC1',
      rel: 'RLTC2',
      price: MmNumber.of(2n),
      volume: MmNumber.of(1n),
      max: false,
      cancelPrevious: true,
      saveInHistory: false,
    });
    await waitFor('the order on the watcher', async () => ((await uuids(watcher)).includes(order.uuid) ? true : undefined), 15_000);
    await new Promise((r) => setTimeout(r, 5_000));
    expect(await uuids(watcher)).toContain(order.uuid);
    const stoppedAt = Date.now();
    await maker.stop();
    await waitFor('the order to expire', async () => ((await uuids(watcher)).includes(order.uuid) ? undefined : true), 10_000);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(1_500);
  });
});
