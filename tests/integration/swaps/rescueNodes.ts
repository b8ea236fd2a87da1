/**
 * The rescue scenario on the devnet: a maker and a taker (RLTC1 ↔ RLTC2, a short
 * `payment_locktime`) match; the taker disappears once the maker payment reached it, and the
 * maker's node goes away with its payment locked. Its rescue file (`export_swaps`) is then taken to
 * a fresh node: the same wallet (passphrase) on new, empty storage, as another browser would be.
 */
import { NodeHost } from '../../../src/node/nodeHost';
import { NodeEvents, type SwapEventData } from '../../../src/shared/wire';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { daemon, devnet } from '../devnet/daemon';
import { fund } from '../utxo/funding';
import { freshPassphrase, RPC_PASSWORD, waitFor, type Reply } from '../utxo/walletNode';

export type Json = Record<string, unknown>;

/** The taker's payment would lock for this, the maker's for twice it: the refund comes in ~2 minutes. */
export const RESCUE_LOCKTIME = 60;
const COINS = ['RLTC1', 'RLTC2'] as const;

export interface RescueNode {
  passphrase: string;
  legacy(method: string, args?: Json): Promise<Reply>;
  status(uuid: string): Promise<Json | undefined>;
  balance(coin: string): Promise<number>;
  /** Calls `action` once, when this node stores a swap event of `type`. */
  onSwapEvent(type: string, action: () => void): void;
  stop(): Promise<void>;
}

const chainOf = (ticker: string): string => {
  const chain = devnet().chains.find((c) => c.coins.includes(ticker));
  if (!chain) throw new Error(`no devnet chain has ${ticker}`);
  return chain.name;
};

/** A node core on new in-memory storage; funded with 5 of each coin unless it reopens a wallet (`passphrase`). */
export async function startRescueNode(label: string, passphrase?: string): Promise<RescueNode> {
  const platform = nodePlatform({ coinsPath: devnet().coinsFile });
  const hooks: { type: string; action: () => void }[] = [];
  platform.emit = (event, data) => {
    if (event !== NodeEvents.swapStatus) return;
    const i = hooks.findIndex((h) => h.type === (data as SwapEventData).event.event.type);
    if (i >= 0) hooks.splice(i, 1)[0]?.action();
  };
  const phrase = passphrase ?? freshPassphrase(label);
  const host = new NodeHost(platform);
  const started = await host.handleControl({
    op: 'start',
    conf: { rpc_password: RPC_PASSWORD, passphrase: phrase, gui: 'itest', seednodes: devnet().seednodes, payment_locktime: RESCUE_LOCKTIME },
  });
  if (started.status !== 200) throw new Error(`${label} did not start: ${JSON.stringify(started.body)}`);
  const legacy = async (method: string, args: Json = {}): Promise<Reply> => (await host.handleRpc({ ...args, method, userpass: RPC_PASSWORD })) as Reply;
  const balance = async (coin: string): Promise<number> => Number((await legacy('my_balance', { coin })).body.balance);
  for (const coin of COINS) {
    const reply = await legacy('electrum', { coin, servers: devnet().coins[coin]?.servers });
    if (reply.status !== 200) throw new Error(`${label}: ${coin} did not activate: ${JSON.stringify(reply.body)}`);
    if (passphrase) continue;
    await fund(chainOf(coin), reply.body.address as string, ['5']);
    await daemon(chainOf(coin)).mine(1);
    await waitFor(`${label} ${coin} funded`, async () => ((await balance(coin)) === 5 ? true : undefined));
  }
  return {
    passphrase: phrase,
    legacy,
    async status(uuid) {
      const reply = await legacy('my_swap_status', { params: { uuid } });
      return reply.status === 200 ? (reply.body.result as Json) : undefined;
    },
    balance,
    onSwapEvent: (type, action) => void hooks.push({ type, action }),
    stop: () => host.stop(),
  };
}

export const eventTypes = (s: Json | undefined): string[] => ((s?.events as { event: { type: string } }[] | undefined) ?? []).map((e) => e.event.type);

/**
 * The maker sells 1 RLTC1 for 2 RLTC2; the taker is stopped when the maker payment reaches it,
 * before it pays. Resolves once the maker stored its payment, with the swap's uuid and the
 * maker's rescue file (`export_swaps`) taken then; the maker node is stopped too.
 */
export async function strandMakerPayment(maker: RescueNode, taker: RescueNode): Promise<{ uuid: string; rescue: Json[] }> {
  taker.onSwapEvent('MakerPaymentReceived', () => void taker.stop());
  const set = await maker.legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '1', cancel_previous: false });
  if (set.status !== 200) throw new Error(`setprice: ${JSON.stringify(set.body)}`);
  const orderUuid = (set.body.result as Json).uuid as string;
  await waitFor('the order on the taker', async () => {
    const asks = (await taker.legacy('orderbook', { base: 'RLTC1', rel: 'RLTC2' })).body.asks as Json[] | undefined;
    return asks?.some((a) => a.uuid === orderUuid) ? true : undefined;
  });
  const buy = await taker.legacy('buy', { base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '1', match_by: { type: 'Orders', data: [orderUuid] } });
  if (buy.status !== 200) throw new Error(`buy: ${JSON.stringify(buy.body)}`);
  const uuid = (buy.body.result as Json).uuid as string;
  await waitFor('the maker payment stored', async () => (eventTypes(await maker.status(uuid)).includes('MakerPaymentSent') ? true : undefined), 120_000);
  const exported = await maker.legacy('export_swaps');
  if (exported.status !== 200) throw new Error(`export_swaps: ${JSON.stringify(exported.body)}`);
  await maker.stop();
  return { uuid, rescue: (exported.body.result as { swaps: Json[] }).swaps };
}
