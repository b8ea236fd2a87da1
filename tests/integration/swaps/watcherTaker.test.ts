/**
 * Our own taker handing its swap to a watcher host on the devnet (RLTC1 maker coin, RLTC2 taker
 * coin): our maker, our taker (conf without `use_watchers`, so KDF's default: on) and a node with
 * `is_watcher`. After its payment the taker stores `WatcherMessageSent` and publishes KDF's message
 * on `swpwtchr/RLTC2`; then it is stopped and comes back only at the end:
 * - the maker spends the taker payment; the watcher spends the maker payment to the taker with the
 *   revealed secret; the taker, back, records `MakerPaymentSpentByWatcher` and finishes;
 * - the maker vanishes after paying; the watcher refunds the taker payment after the lock time; the
 *   taker, back, records `TakerPaymentRefundedByWatcher` and finishes.
 * Every balance is checked to the satoshi against the chain (ledger.ts), the watcher's transaction
 * counted as the taker's own (it is the taker's pre-signed one).
 *
 * The lock is 135 s: none of ×1, ×4, ×10 of it is another swap file's lock (60, 120, 600), so this
 * watcher refuses their takers' messages (KDF's lock-duration check) and never acts in their swaps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeHost } from '../../../src/node/nodeHost';
import { watcherTopic } from '../../../src/node/swaps/watcher/message';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { daemon, devnet } from '../devnet/daemon';
import { freshPassphrase, RPC_PASSWORD, waitFor, type Reply } from '../utxo/walletNode';
import { expectEnd, killOn, legNodes, MAKER, MAKER_REFUNDED_UNPAID, openLeg, startSwap, TAKER, UTXO_PAIR, within } from './failureLegs';
import { chainOf, eventData, finished, type Json } from './swapNode';

const LOCK = 135;
/** A leg: the maker's lock (2 × 135 s) and its refund, the watcher's wait for the taker's own spend (1 × 135 s) or its refund (1.5 ×). */
const LEG_MS = 480_000;
const UNTIL_TAKER_PAID = TAKER.success.slice(0, TAKER.success.indexOf('TakerPaymentSent') + 1);

interface WatchedSwap {
  uuid: string;
  state: string;
  finished?: string;
  tx_hash?: string;
  error?: unknown;
}

/** The watcher host: KDF's watcher_conf but no 60 s wait before looking for the taker payment, and a 1 s search. */
function watcherHost() {
  const host = new NodeHost(nodePlatform({ coinsPath: devnet().coinsFile }));
  const conf = {
    rpc_password: RPC_PASSWORD,
    passphrase: freshPassphrase('watcher of our takers'),
    seednodes: devnet().seednodes,
    payment_locktime: LOCK,
    is_watcher: true,
    watcher_conf: { wait_taker_payment: 0, search_interval: 1 },
  };
  const status = async () => {
    const reply = (await host.handleRpc({ mmrpc: '2.0', method: 'watcher_status', userpass: RPC_PASSWORD, params: {}, id: 1 })) as Reply;
    return reply.body.result as { listening: string[]; intake: unknown; swaps: WatchedSwap[] };
  };
  return {
    async boot() {
      await host.start(conf);
      for (const coin of ['RLTC1', 'RLTC2']) {
        const reply = (await host.handleRpc({ method: 'electrum', coin, servers: devnet().coins[coin]!.servers, userpass: RPC_PASSWORD })) as Reply;
        if (reply.status !== 200) throw new Error(`watcher: ${coin}: ${JSON.stringify(reply.body)}`);
      }
    },
    status,
    watching: async (uuid: string) => (await status()).swaps.find((s) => s.uuid === uuid),
    /** The watch of `uuid` once it ended; the error names the intake and the watch on a timeout. */
    async stopped(uuid: string, ms: number): Promise<WatchedSwap> {
      try {
        return await waitFor(`the watcher ending its watch of ${uuid}`, async () => {
          const s = await this.watching(uuid);
          return s?.state === 'Stopped' ? s : undefined;
        }, ms);
      } catch (e) {
        const s = await status();
        throw new Error(`${(e as Error).message}: intake ${JSON.stringify(s.intake)}, watch ${JSON.stringify(s.swaps.find((x) => x.uuid === uuid))}`);
      }
    },
    stop: () => host.stop(),
  };
}

const preimageTxid = async (chain: string, bytes: number[]): Promise<string> =>
  (await daemon(chain).call<{ txid: string }>('decoderawtransaction', [Buffer.from(bytes).toString('hex')])).txid;

describe('our taker hands its swap to a watcher host on the devnet', () => {
  const watcher = watcherHost();

  let watcherReady: Promise<void>;
  beforeAll(async () => {
    watcherReady = (async () => {
      await watcher.boot();
      await waitFor('the watcher listening on swpwtchr/RLTC2', async () => ((await watcher.status()).listening.includes(watcherTopic('RLTC2')) ? true : undefined));
    })();
    await watcherReady;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(legNodes.map((n) => n.stop().catch(() => undefined)));
    await watcher.stop();
  });

  /** The taker stopped after paying: the watcher spends the maker payment to it. */
  async function spendLeg(): Promise<void> {
    const leg = await openLeg('watched spend', UTXO_PAIR, LOCK);
    const { maker, taker } = leg;
    // Once the maker has the taker payment the taker has published its watcher message (it does so before telling the maker).
    const gone = killOn(maker, 'TakerPaymentReceived', taker);
    const uuid = await startSwap(leg);
    await within("the taker's stop", LEG_MS, gone);
    await finished(maker, uuid, LEG_MS);
    const watch = await watcher.stopped(uuid, LEG_MS);
    expect(watch.finished, JSON.stringify(watch.error)).toBe('MakerPaymentSpent');

    // The watcher's spend is the taker's stored preimage, completed with the secret: one output, to the taker's RLTC1 address.
    await daemon(chainOf('RLTC1')).mine(1);
    const rltc1 = daemon(chainOf('RLTC1'));
    const onChain = await rltc1.call<{ vout: { scriptPubKey: { hex: string } }[] }>('getrawtransaction', [watch.tx_hash, true]);
    const takerScript = (await rltc1.call<{ scriptPubKey: string }>('validateaddress', [taker.addresses.RLTC1])).scriptPubKey;
    expect(onChain.vout.map((o) => o.scriptPubKey.hex)).toEqual([takerScript]);

    await taker.restart();
    await expectEnd(leg, uuid, {
      maker: MAKER.success,
      taker: [...UNTIL_TAKER_PAID, 'WatcherMessageSent', 'TakerPaymentSpent', 'MakerPaymentSpentByWatcher', 'MakerPaymentSpendConfirmed', 'Finished'],
      makerSuccess: true,
      takerSuccess: true,
    }, LEG_MS);
    const swap = (await taker.status(uuid)) as Json;
    expect((eventData(swap, 'MakerPaymentSpentByWatcher') as Json).tx_hash).toBe(watch.tx_hash);
    expect(swap.success_events).toContain('MakerPaymentSpentByWatcher');
  }

  /** The maker vanishes after paying and the taker is stopped: the watcher refunds the taker. */
  async function refundLeg(): Promise<void> {
    const leg = await openLeg('watched refund', UTXO_PAIR, LOCK);
    const { maker, taker } = leg;
    const makerGone = killOn(taker, 'MakerPaymentReceived', maker);
    const uuid = await startSwap(leg);
    await within("the maker's stop", LEG_MS, makerGone);
    // Nobody will spend the taker payment: the taker may go once the watcher holds the swap.
    await waitFor('the watcher holding the swap', async () => ((await watcher.watching(uuid)) ? true : undefined), LEG_MS);
    const stored = (await taker.status(uuid)) as Json;
    await taker.kill();
    const watch = await watcher.stopped(uuid, LEG_MS);
    expect(watch.finished, JSON.stringify(watch.error)).toBe('TakerPaymentRefunded');
    // The refund on chain is the taker's refund preimage, byte for byte.
    const [, refundPreimage] = eventData(stored, 'WatcherMessageSent') as unknown as [number[], number[]];
    expect(watch.tx_hash).toBe(await preimageTxid(chainOf('RLTC2'), refundPreimage));

    // The taker first: the maker, back once the taker is done, hears no TakerPayment and gives up on it past its deadline.
    await taker.restart();
    await finished(taker, uuid, LEG_MS);
    await maker.restart();
    await expectEnd(leg, uuid, {
      maker: MAKER_REFUNDED_UNPAID,
      taker: [...UNTIL_TAKER_PAID, 'WatcherMessageSent', 'TakerPaymentRefundedByWatcher', 'Finished'],
      makerSuccess: false,
      takerSuccess: false,
    }, LEG_MS);
  }

  // Both legs run side by side from the start; each test waits for its own.
  const legs: Record<string, () => Promise<void>> = {
    'the taker stopped after paying: the watcher spends the maker payment to it; back, it shows MakerPaymentSpentByWatcher': spendLeg,
    'the maker vanishes after paying and the taker is stopped: the watcher refunds the taker; back, it shows TakerPaymentRefundedByWatcher': refundLeg,
  };
  const running = new Map<string, Promise<void>>();
  beforeAll(() => {
    for (const [title, run] of Object.entries(legs)) {
      const leg = watcherReady.then(run);
      leg.catch(() => undefined);
      running.set(title, leg);
    }
  });
  for (const title of Object.keys(legs)) it(title, () => running.get(title), LEG_MS * 2);
});
