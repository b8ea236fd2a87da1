/**
 * An orders service on its own libp2p node, with the unit harness's fake RLTC1 and RLTC2 (10 of
 * each): enough to announce, match and sync orders with no chain. The caller stops both parts.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { WebSocket } from 'ws';
import { EnabledCoins } from '../../../src/node/coins/registry';
import type { OrdersTiming } from '../../../src/node/orders/core';
import type { OrdersPersistence } from '../../../src/node/orders/persistence';
import { OrdersService } from '../../../src/node/orders/service';
import { createP2p, type Libp2pP2p } from '../../../src/node/p2p/libp2pNode';
import { MmNumber } from '../../../src/shared/number';
import { CONFIGS, fakeBalance, fakeCoin } from '../../unit/node/orders/harness';

export interface OrdersNodeOptions {
  seednodes: string[];
  persistence?: OrdersPersistence | null;
  timing?: Partial<OrdersTiming>;
}

export async function startOrdersNode(opts: OrdersNodeOptions): Promise<{ service: OrdersService; p2p: Libp2pP2p; logs: string[] }> {
  const key = secp256k1.utils.randomSecretKey();
  const p2p = await createP2p({ signingKey: key, seednodes: opts.seednodes, allowLoopback: true, webSocket: (url) => new WebSocket(url) });
  const balances = new Map([
    ['RLTC1', MmNumber.of(10n)],
    ['RLTC2', MmNumber.of(10n)],
  ]);
  const coins = new EnabledCoins();
  for (const ticker of balances.keys()) {
    coins.reserve(ticker);
    coins.settle(ticker, fakeCoin(ticker, balances));
  }
  const logs: string[] = [];
  const service = await OrdersService.start({
    p2p,
    pubkey: secp256k1.getPublicKey(key, true),
    coins: { enabled: coins, configs: CONFIGS },
    balance: fakeBalance(balances),
    persistence: opts.persistence ?? null,
    now: () => Date.now(),
    log: (level, line) => logs.push(`${level}: ${line}`),
    timing: opts.timing,
  });
  return { service, p2p, logs };
}
