/** The node's platform under Node.js: SQLite storage (a dbdir's file, or in memory), no Web Locks, TCP and TLS sockets. */
import { readFile } from 'node:fs/promises';
import type { Platform } from '../../src/node/core/context';
import type { UsbLike } from '../../src/node/hw/trezor';
import type { StorageFactory } from '../../src/node/storage';
import { buildInfo } from '../../scripts/buildInfo.mjs';
import { SqliteStorage } from './sqliteStorage';
import { nodeTcpSocket, nodeWebSocket } from './tcpSocket';

export interface NodePlatformOptions {
  /** Path of the coins file used when the conf has no inline `coins`. */
  coinsPath: string;
  emit?: (event: string, data: unknown) => void;
  /** A USB object for hardware wallets (tests inject the simulated Trezor); none by default. */
  usb?: UsbLike;
  /** Where the databases live (the host passes its dbdir's file); by default a private in-memory SQLite. */
  storage?: StorageFactory;
}

export function nodePlatform(opts: NodePlatformOptions): Platform {
  return {
    storage: opts.storage ?? SqliteStorage.memory(),
    locks: undefined,
    webSocket: nodeWebSocket,
    tcpSocket: nodeTcpSocket,
    usb: async () => opts.usb,
    buildInfo: buildInfo(),
    loadDefaultCoins: async () => JSON.parse(await readFile(opts.coinsPath, 'utf8')) as unknown,
    emit: opts.emit ?? (() => undefined),
    now: () => Date.now(),
  };
}
