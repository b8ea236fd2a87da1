/**
 * Orders services on the real network for the hostile tests: each runs on its own `createP2p`
 * node connected to the devnet's seed, with the unit harness's fake coins and balances (no chain
 * is needed to announce orders), its log kept, and its clock shifted by `clock.offsetMs` (to jump
 * ahead of messages being replayed). Stopped by `stopBookNodes`.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { WebSocket } from 'ws';
import { EnabledCoins } from '../../../src/node/coins/registry';
import { bytesToHex } from '../../../src/node/crypto';
import type { OrdersTiming } from '../../../src/node/orders/core';
import { OrdersService } from '../../../src/node/orders/service';
import { createP2p, type Libp2pP2p } from '../../../src/node/p2p/libp2pNode';
import { MmNumber } from '../../../src/shared/number';
import { CONFIGS, fakeBalance, fakeCoin } from '../../unit/node/orders/harness';
import { seedAddr } from '../p2p/helpers';

export interface BookNode {
  service: OrdersService;
  p2p: Libp2pP2p;
  pubkeyHex: string;
  logs: string[];
  clock: { offsetMs: number };
  stop(): Promise<void>;
}

const running: BookNode[] = [];

/** `seed`: the devnet's unless given (the bench runs its own). */
export async function startBookNode(coins: string[] = ['RLTC1', 'RLTC2', 'ETHDEV'], timing?: Partial<OrdersTiming>, seed: string = seedAddr()): Promise<BookNode> {
  const key = secp256k1.utils.randomSecretKey();
  const pubkey = secp256k1.getPublicKey(key, true);
  const logs: string[] = [];
  const log = (level: string, line: string): void => void logs.push(`${level}: ${line}`);
  const p2p = await createP2p({ signingKey: key, seednodes: [seed], allowLoopback: true, webSocket: (url) => new WebSocket(url), log });
  const balances = new Map(coins.map((c) => [c, MmNumber.parse('100')]));
  const enabled = new EnabledCoins();
  for (const ticker of coins) {
    enabled.reserve(ticker);
    enabled.settle(ticker, fakeCoin(ticker, balances));
  }
  const clock = { offsetMs: 0 };
  const service = await OrdersService.start({
    p2p,
    pubkey,
    coins: { enabled, configs: CONFIGS },
    balance: fakeBalance(balances),
    persistence: null,
    now: () => Date.now() + clock.offsetMs,
    log,
    timing,
  });
  const node: BookNode = {
    service,
    p2p,
    pubkeyHex: bytesToHex(pubkey),
    logs,
    clock,
    async stop() {
      await service.stop();
      await p2p.stop();
    },
  };
  running.push(node);
  return node;
}

export async function stopBookNodes(): Promise<void> {
  await Promise.all(running.splice(0).map((n) => n.stop()));
}

export const sellOrder = (rel: string, price = '2') => ({
  base: 'RLTC1',
  rel,
  price: MmNumber.parse(price),
  volume: MmNumber.parse('1'),
  max: false,
  cancelPrevious: false,
  saveInHistory: false,
});

/** The uuids of the asks `node` holds on RLTC1/`rel`. */
export async function asks(node: BookNode, rel: string): Promise<string[]> {
  return (await node.service.orderbook('RLTC1', rel)).asks.map((o) => o.uuid).sort();
}
