/**
 * OrdersService nodes on the in-process bus, with coins from the project's coins file (activated
 * as fake coins: config, decimals, confirmations) and a fake balance: each node has a balance per
 * coin, and an order needs volume ≤ balance − what the node's other orders lock.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { vi } from 'vitest';
import { MmNumber } from '../../../../src/shared/number';
import type { EnabledCoin } from '../../../../src/node/coins/coin';
import { parseCoinsConfig, type CoinConfig } from '../../../../src/node/coins/config';
import { EnabledCoins } from '../../../../src/node/coins/registry';
import { bytesToHex } from '../../../../src/node/crypto';
import { MmError } from '../../../../src/node/core/errors';
import type { OrderBalance } from '../../../../src/node/orders/balance';
import type { OrdersTiming } from '../../../../src/node/orders/core';
import type { SetPriceRequest } from '../../../../src/node/orders/makerActions';
import type { OrdersPersistence } from '../../../../src/node/orders/persistence';
import { OrdersService } from '../../../../src/node/orders/service';
import type { SellBuyRequest } from '../../../../src/node/orders/takerActions';
import type { SwapStart } from '../../../../src/node/orders/types';
import type { Bus, BusP2p } from './bus';

const COINS_FILE = resolve(import.meta.dirname, '../../../../public/coins.json');

function loadConfigs(): Map<string, CoinConfig> {
  const raw = JSON.parse(readFileSync(COINS_FILE, 'utf8')) as Record<string, unknown>[];
  const walletOnly = { ...raw.find((c) => c.coin === 'RLTC2'), coin: 'WONLY', wallet_only: true };
  return parseCoinsConfig([...raw, walletOnly]).coins;
}

export const CONFIGS = loadConfigs();

export function fakeCoin(ticker: string, balances: Map<string, MmNumber>): EnabledCoin {
  const config = CONFIGS.get(ticker);
  if (!config) throw new Error(`no coin ${ticker} in the coins file`);
  const decimals = config.decimals ?? 18;
  return {
    ticker,
    config,
    decimals,
    requiredConfirmations: config.requiredConfirmations,
    requiresNotarization: config.requiresNotarization,
    matureConfirmations: undefined,
    address: 'fake',
    balance: async () => ({ spendable: (balances.get(ticker) ?? MmNumber.ZERO).toBaseUnitsFloor(decimals), unspendable: 0n }),
    withdraw: () => Promise.reject(new Error('not in tests')),
    sendRawTransaction: () => Promise.reject(new Error('not in tests')),
    history: null,
    shutdown: async () => undefined,
  };
}

function notEnough(coin: string, available: MmNumber, required: MmNumber): MmError {
  const message = `Not enough ${coin} for swap: available ${available.toDecimalString()}, required at least ${required.toDecimalString()}`;
  return new MmError({ errorType: 'NotSufficientBalance', message, httpStatus: 400 });
}

export function fakeBalance(balances: Map<string, MmNumber>): OrderBalance {
  const available = (coin: string, locked: (c: string) => MmNumber): MmNumber => (balances.get(coin) ?? MmNumber.ZERO).sub(locked(coin));
  return {
    async check(req, locked) {
      const [coin, amount] = req.action === 'buy' ? [req.rel, req.volume.mul(req.price)] : [req.base, req.volume];
      if (available(coin, locked).lt(amount)) throw notEnough(coin, available(coin, locked), amount);
    },
    async maxMakerVolume(coin, locked) {
      const v = available(coin, locked);
      if (!v.isPositive()) throw notEnough(coin, v, MmNumber.ZERO);
      return v;
    },
  };
}

export interface TestNode {
  service: OrdersService;
  p2p: BusP2p;
  key: Uint8Array;
  pubkey: Uint8Array;
  pubkeyHex: string;
  /** x-only, as requests name nodes. */
  id: string;
  coins: EnabledCoins;
  balances: Map<string, MmNumber>;
  swaps: SwapStart[];
  logs: string[];
  /** Every event the node sent to the page, in order. */
  events: { event: string; data: unknown }[];
}

export interface NodeOptions {
  /** Coin → balance; every coin listed is activated. */
  balances?: Record<string, string>;
  persistence?: OrdersPersistence | null;
  timing?: Partial<OrdersTiming>;
  key?: Uint8Array;
}

export const DEFAULT_BALANCES = { RLTC1: '100', RLTC2: '100', ETHDEV: '100', 'DEVT18-ERC20': '100', WONLY: '100' };

export async function startTestNode(bus: Bus, opts: NodeOptions = {}): Promise<TestNode> {
  const key = opts.key ?? secp256k1.utils.randomSecretKey();
  const pubkey = secp256k1.getPublicKey(key, true);
  const balances = new Map(Object.entries(opts.balances ?? DEFAULT_BALANCES).map(([c, v]) => [c, MmNumber.parse(v)]));
  const coins = new EnabledCoins();
  for (const ticker of balances.keys()) {
    coins.reserve(ticker);
    coins.settle(ticker, fakeCoin(ticker, balances));
  }
  const p2p = bus.join(pubkey, key);
  const swaps: SwapStart[] = [];
  const logs: string[] = [];
  const events: TestNode['events'] = [];
  const service = await OrdersService.start({
    p2p,
    pubkey,
    coins: { enabled: coins, configs: CONFIGS },
    balance: fakeBalance(balances),
    persistence: opts.persistence ?? null,
    now: () => Date.now(),
    log: (level, line) => logs.push(`${level}: ${line}`),
    emit: (event, data) => events.push({ event, data }),
    onSwapStart: (s) => swaps.push(s),
    timing: opts.timing,
  });
  const pubkeyHex = bytesToHex(pubkey);
  return { service, p2p, key, pubkey, pubkeyHex, id: pubkeyHex.slice(2), coins, balances, swaps, logs, events };
}

/** Fake timers for everything the service schedules; microtasks and IndexedDB's setImmediate stay real. */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/** Lets queued deliveries and their handlers run, IndexedDB writes (on real setImmediate) included. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await vi.advanceTimersByTimeAsync(0);
    await new Promise((r) => setImmediate(r));
  }
}

export const num = (v: string): MmNumber => MmNumber.parse(v);

/** A `setprice` on RLTC1/RLTC2: 1 at price 2, kept in the history; `over` changes what a test needs. */
export const setPriceRequest = (over: Partial<SetPriceRequest> = {}): SetPriceRequest => ({
  base: 'RLTC1',
  rel: 'RLTC2',
  price: num('2'),
  volume: num('1'),
  max: false,
  cancelPrevious: false,
  saveInHistory: true,
  ...over,
});

/** A GoodTillCancelled `buy` of 1 RLTC1 at price 3 with a 30 s timeout; `over` changes what a test needs. */
export const sellBuyRequest = (over: Partial<SellBuyRequest> = {}): SellBuyRequest => ({
  action: 'Buy',
  base: 'RLTC1',
  rel: 'RLTC2',
  price: num('3'),
  volume: num('1'),
  matchBy: { type: 'Any' },
  orderType: 'GoodTillCancelled',
  timeout: 30,
  saveInHistory: true,
  ...over,
});
