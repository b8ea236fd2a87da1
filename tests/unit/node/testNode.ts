/** A node core started in-process on fake IndexedDB, for unit tests of the RPC and lifecycle. */
import { resolve } from 'node:path';
import type { Platform } from '../../../src/node/core/context';
import { NodeHost } from '../../../src/node/nodeHost';
import { nodePlatform } from '../../../tools/host/nodePlatform';

export const RPC_PASSWORD = 'Rpc-pass-W0rd!'.replace('pass-W0rd', 'secr3t-Key');
export const COINS_FILE = resolve(import.meta.dirname, '../../../public/coins.json');

export interface TestNode {
  host: NodeHost;
  platform: Platform;
  events: { event: string; data: unknown }[];
  /** Moves the node's clock forward. */
  advance(ms: number): void;
}

export function testHost(): TestNode {
  const events: { event: string; data: unknown }[] = [];
  let offset = 0;
  const platform = nodePlatform({ coinsPath: COINS_FILE, emit: (event, data) => events.push({ event, data }) });
  platform.now = () => Date.now() + offset;
  return { host: new NodeHost(platform), platform, events, advance: (ms) => (offset += ms) };
}

/** A host with a node running on the legacy passphrase "bob passphrase". */
export async function startedNode(conf: Record<string, unknown> = {}): Promise<TestNode> {
  const t = testHost();
  const reply = await t.host.handleControl({
    op: 'start',
    conf: { rpc_password: RPC_PASSWORD, passphrase: 'bob passphrase', ...conf },
  });
  if (reply.status !== 200) throw new Error(`start failed: ${JSON.stringify(reply.body)}`);
  return t;
}
