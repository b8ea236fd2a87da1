/** The node's platform under Node.js: IndexedDB from fake-indexeddb (in memory), no Web Locks. */
import { readFile } from 'node:fs/promises';
import { WebSocket } from 'ws';
import type { Platform } from '../../src/node/context';
import type { WebSocketLike } from '../../src/node/coins/utxo/electrum';
import type { UsbLike } from '../../src/node/hw/trezor';
import { buildInfo } from '../../scripts/buildInfo.mjs';
import { freshIndexedDb } from './nodeIndexedDb';

export interface NodePlatformOptions {
  /** Path of the coins file used when the conf has no inline `coins`. */
  coinsPath: string;
  emit?: (event: string, data: unknown) => void;
  /** A USB object for hardware wallets (tests inject the simulated Trezor); none by default. */
  usb?: UsbLike;
}

export function nodePlatform(opts: NodePlatformOptions): Platform {
  return {
    indexedDB: freshIndexedDb(),
    locks: undefined,
    webSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
    usb: async () => opts.usb,
    buildInfo: buildInfo(),
    loadDefaultCoins: async () => JSON.parse(await readFile(opts.coinsPath, 'utf8')) as unknown,
    emit: opts.emit ?? (() => undefined),
    now: () => Date.now(),
  };
}
