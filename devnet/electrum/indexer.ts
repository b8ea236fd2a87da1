/**
 * Follows litecoind by polling (`getbestblockhash` + `getrawmempool`, every ~200 ms): new blocks
 * via `getblock <hash> 2`, the mempool via `getrawtransaction`. A reorg (rare on regtest) rebuilds
 * the confirmed index from genesis. Each sync fetches first and applies in one synchronous step,
 * so queries never see a block's transactions both confirmed and in the mempool.
 */
import type { DaemonRpc } from '../rpc';
import { ChainState } from './chainState';
import type { DaemonBlock } from './daemonTypes';
import { Mempool, type MempoolSnapshot } from './mempool';

const BATCH = 50;

export class Indexer {
  chain = new ChainState();
  readonly mempool = new Mempool();
  /** Called after a sync that changed anything; `tipChanged` when the best block changed. */
  onChange: (tipChanged: boolean) => void = () => undefined;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly rpc: DaemonRpc) {}

  /** Syncs now; a call during a sync waits for a fresh one, so the caller sees its own changes. */
  sync(): Promise<void> {
    if (this.queued) return this.queued;
    if (this.running) {
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.sync();
        });
      return this.queued;
    }
    this.running = this.syncOnce().finally(() => (this.running = null));
    return this.running;
  }

  /** Polls until `stop`; errors (daemon restarting, say) are reported once and retried. */
  poll(intervalMs: number, report: (error: unknown) => void): void {
    let lastError = '';
    const tick = async (): Promise<void> => {
      try {
        await this.sync();
        lastError = '';
      } catch (e) {
        if (String(e) !== lastError) report(e);
        lastError = String(e);
      }
      if (!this.stopped) this.timer = setTimeout(() => void tick(), intervalMs);
    };
    void tick();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async syncOnce(): Promise<void> {
    const oldTip = this.chain.tip;
    let chain = this.chain;
    const blocks: DaemonBlock[] = [];
    let snapshot: MempoolSnapshot;
    // Steady state costs two calls. When the best block moved, fetch the new blocks and take the
    // mempool snapshot again, until both describe the same tip (a few tries while blocks arrive).
    for (let attempt = 1; ; attempt++) {
      snapshot = await this.mempool.fetch(this.rpc);
      const best = await this.rpc.call<string>('getbestblockhash');
      if (best === (blocks.at(-1)?.hash ?? chain.tip) || attempt > 3) break;
      if (chain === this.chain && blocks.length === 0 && (await this.reorganized())) chain = await this.rebuild();
      for await (const block of this.blocksAfter(chain.height + blocks.length)) blocks.push(block);
    }
    this.chain = chain;
    for (const block of blocks) chain.connect(block);
    const mempoolChanged = this.mempool.apply(snapshot, chain);
    const tipChanged = chain.tip !== oldTip;
    if (tipChanged || mempoolChanged) this.onChange(tipChanged);
  }

  /** True when the indexed tip is no longer on the daemon's best chain. */
  private async reorganized(): Promise<boolean> {
    const { height, tip } = this.chain;
    if (height < 0) return false;
    return (await this.rpc.call<string>('getblockhash', [height]).catch(() => null)) !== tip;
  }

  private async rebuild(): Promise<ChainState> {
    const chain = new ChainState();
    for await (const block of this.blocksAfter(-1)) chain.connect(block);
    return chain;
  }

  /** Blocks above `height` up to the daemon's tip, fetched in batches of BATCH. */
  private async *blocksAfter(height: number): AsyncGenerator<DaemonBlock> {
    const count = await this.rpc.call<number>('getblockcount');
    for (let from = height + 1; from <= count; from += BATCH) {
      const heights = Array.from({ length: Math.min(BATCH, count + 1 - from) }, (_, i) => from + i);
      const hashes = await this.rpc.batch<string>(heights.map((h) => ['getblockhash', [h]]));
      yield* await this.rpc.batch<DaemonBlock>(hashes.map((hash) => ['getblock', [hash, 2]]), { exact: true });
    }
  }
}
