/**
 * The node's explicit context: everything a handler may touch, passed down instead of singletons,
 * so the same core runs in the worker, under Node.js and in tests side by side.
 */
import type { NodeConf } from '../../shared/wire';
import type { CoinConfig } from '../coins/config';
import type { NodeKeys } from '../crypto';
import type { FrameResolver } from './errors';
import type { NodeTasks, TaskManager } from './tasks';
import type { HwContext } from '../hw/hwContext';
import type { UsbLike } from '../hw/trezor';
import type { EnabledCoins } from '../coins/registry';
import type { TcpSocketFactory, WebSocketFactory } from '../coins/utxo/electrum';
import type { BuildInfo } from '../lifecycle/version';
import type { StorageFactory, WalletsStore } from '../storage';

/** What the node needs from the place it runs in; the adapters at the edges take these by injection. */
export interface Platform {
  /** The databases: IndexedDB in the browser, SQLite in `dbdir` in the headless host. */
  storage: StorageFactory;
  /** Web Locks; undefined where one process is the only node (the headless host). */
  locks: LockManager | undefined;
  /** Opens WebSockets (Electrum): the browser's WebSocket, or the `ws` package under Node. */
  webSocket: WebSocketFactory;
  /** Opens TCP and TLS connections (Electrum's TCP and SSL): Node's net/tls in the host; a browser has none. */
  tcpSocket?: TcpSocketFactory;
  /** WebUSB for hardware wallets: the worker's `navigator.usb` (or a test simulator); undefined where there is none. */
  usb(): Promise<UsbLike | undefined>;
  /** The coins file used when the start config has no `coins` list. */
  loadDefaultCoins(): Promise<unknown>;
  /** Sends an event to whoever watches the node (the page, a log). */
  emit(event: string, data: unknown): void;
  /** Version and build time that `version` reports. */
  buildInfo: BuildInfo;
  /** Maps stacks of bundled code to source modules for `error_trace`; absent where stacks name sources. */
  resolveFrames?: FrameResolver;
  /** Wall-clock milliseconds; injectable for tests. */
  now(): number;
}

/**
 * The services trading domains add to the context, each absent without a key or a peer-to-peer
 * network. Empty here: `orders` and `swaps` declare theirs by module augmentation, so the kernel
 * names no trading domain (the dependency rule `core-knows-no-trading-domain`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface NodeServices {}

export interface NodeContext extends Partial<Readonly<NodeServices>> {
  readonly platform: Platform;
  readonly conf: Readonly<NodeConf>;
  readonly walletName: string | null;
  /** The shared store of encrypted wallets (all wallets of this origin, not only the open one). */
  readonly wallets: WalletsStore;
  /** null in KDF's "no-login mode" (no passphrase and no wallet). */
  readonly keys: NodeKeys | null;
  readonly coinsConfig: ReadonlyMap<string, CoinConfig>;
  readonly enabledCoins: EnabledCoins;
  readonly startedAt: number;
  /** Long operations the client follows with `task::*::status` (hardware wallet init). */
  readonly tasks: TaskManager<NodeTasks>;
  /** The hardware wallet connected through `task::init_hwdevice`, if any. */
  readonly hw: HwContext;
  log(level: 'debug' | 'info' | 'warn' | 'error', line: string): void;
  /** Asks the node to stop once the current response has been sent. */
  requestStop(): void;
}
