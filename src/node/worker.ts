/// <reference types="vite/client" />
/**
 * The Worker entry: builds the browser platform, puts a NodeHost behind postMessage, and
 * answers every message, so a bad request can never leave the page waiting or kill the worker.
 */
import type { PageMessage, WorkerMessage } from '../shared/wire';
import type { Platform } from './core/context';
import type { UsbLike } from './hw/trezor';
import { internalError } from './core/errors';
import { NodeHost } from './nodeHost';
import type { Answer } from './rpc/serialize';
import { indexedDbStorage } from './storage';
import type { BuildInfo } from './lifecycle/version';
import { sourceMapResolver, type SourceMapJson } from './sourceMapFrames';

declare const __BUILD_INFO__: BuildInfo;

interface WorkerScope {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent<PageMessage>) => void): void;
  indexedDB: IDBFactory;
  navigator: { locks?: LockManager; usb?: UsbLike };
}

const scope = self as unknown as WorkerScope;

/**
 * The worker's WebUSB. Builds for browser tests (VITE_TREZOR_SIM=1) swap in the simulated Trezor,
 * driven from the test through `self.__trezorSim`; other builds do not contain it.
 */
async function usbProvider(): Promise<UsbLike | undefined> {
  if (import.meta.env.VITE_TREZOR_SIM === '1') {
    const { installTrezorSimulator } = await import('../../tests/e2e/trezorSim');
    return installTrezorSimulator(scope as unknown as Record<string, unknown>);
  }
  return scope.navigator.usb;
}

const platform: Platform = {
  storage: indexedDbStorage(scope.indexedDB),
  locks: scope.navigator.locks,
  webSocket: (url) => new WebSocket(url),
  usb: usbProvider,
  buildInfo: __BUILD_INFO__,
  async loadDefaultCoins() {
    const res = await fetch(`${import.meta.env.BASE_URL}coins.json`);
    if (!res.ok) throw new Error(`GET coins.json: HTTP ${res.status}`);
    return res.json();
  },
  emit: (event, data) => scope.postMessage({ event, data }),
  resolveFrames: sourceMapResolver(async (scriptUrl) => {
    const res = await fetch(`${scriptUrl}.map`);
    if (!res.ok) throw new Error(`GET ${scriptUrl}.map: HTTP ${res.status}`);
    return (await res.json()) as SourceMapJson;
  }),
  now: () => Date.now(),
};

const host = new NodeHost(platform);
// Test builds put the simulated Trezor on `self` at once, so a test can configure it before any init.
if (import.meta.env.VITE_TREZOR_SIM === '1') void usbProvider();

scope.addEventListener('message', (ev) => {
  const msg = ev.data;
  const id = typeof msg?.id === 'number' ? msg.id : -1;
  const work = 'control' in msg ? host.answerControl(msg.control) : host.answerRpc(msg.body);
  work
    .catch((e: unknown): Answer => ({ status: 500, body: { error: internalError(e).message } }))
    .then((reply) => scope.postMessage(reply.error ? { id, status: reply.status, body: reply.body, error: reply.error } : { id, status: reply.status, body: reply.body }));
});
