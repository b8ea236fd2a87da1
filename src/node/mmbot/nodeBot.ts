/**
 * The bot of a running node: one per node context, its state in the wallet's `simple_mm_bot`
 * database, its orders through `ctx.orders`, its events on the platform's channel (`mm_bot`).
 * A node that starts with a stored running bot starts it again (`resumeMmBot`); a node that
 * stops halts it without touching the stored state (`haltMmBot`), so its orders and its
 * configuration survive a reload or a host restart.
 */
import { NodeEvents } from '../../shared/wire';
import { isRecord } from '../../shared/guards';
import { ParamReader } from '../../shared/params';
import type { NodeContext } from '../core/context';
import { MmBotStore, type StoredMmBot } from '../storage/mmBotDb';
import { MmBot } from './bot';
import { readBotConfig, type BotConfig } from './config';
import { PriceClient } from './priceClient';
import { LATEST_SWAPS_LIMIT, type PastTrade } from './vwap';
import { swapStatusToWire } from '../swaps/engine/statusWire';
import { MmNumber } from '../../shared/number';

interface NodeBot {
  bot: MmBot;
  store: MmBotStore | null;
}

const bots = new WeakMap<NodeContext, Promise<NodeBot>>();

async function createBot(ctx: NodeContext): Promise<NodeBot> {
  const store = ctx.keys ? await MmBotStore.open(ctx.platform.storage, ctx.keys.rmd160Hex) : null;
  const prices = new PriceClient({ now: () => ctx.platform.now() });
  const bot = new MmBot({
    orders: () => ctx.orders,
    coinActive: (ticker) => ctx.enabledCoins.get(ticker) !== undefined,
    prices,
    store,
    now: () => ctx.platform.now(),
    pastTrades: (my, other) => pastTrades(ctx, my, other),
    emit: (data) => {
      try {
        ctx.platform.emit(NodeEvents.mmBot, data);
      } catch (e) {
        ctx.log('warn', `mm bot: cannot send an event: ${(e as Error).message}`);
      }
    },
    log: (level, line) => ctx.log(level, line),
  });
  return { bot, store };
}

/** KDF's `latest_swaps_for_pair`: my swaps that sold `my` for `other`, newest first, at most LATEST_SWAPS_LIMIT. */
async function pastTrades(ctx: NodeContext, my: string, other: string): Promise<PastTrade[]> {
  const swaps = (await ctx.swaps?.history()) ?? [];
  return swaps
    .map(swapStatusToWire)
    .filter((s) => isRecord(s.my_info) && s.my_info.my_coin === my && s.my_info.other_coin === other)
    .sort((a, b) => Number((b.my_info as { started_at: number }).started_at) - Number((a.my_info as { started_at: number }).started_at))
    .slice(0, LATEST_SWAPS_LIMIT)
    .map((s) => {
      const info = s.my_info as { my_amount: string; other_amount: string };
      return { success: s.is_finished === true && s.is_success === true, myAmount: MmNumber.parse(info.my_amount), otherAmount: MmNumber.parse(info.other_amount) };
    });
}

/** The node's bot, created (and its database opened) on first use. */
export function mmBotOf(ctx: NodeContext): Promise<MmBot> {
  let entry = bots.get(ctx);
  if (!entry) {
    entry = createBot(ctx);
    entry.catch(() => bots.delete(ctx));
    bots.set(ctx, entry);
  }
  return entry.then((e) => e.bot);
}

/** The stored record, if it reads as one (unchecked data from disk). */
function storedRecord(raw: unknown): StoredMmBot | null {
  if (!isRecord(raw) || typeof raw.running !== 'boolean' || !isRecord(raw.orders)) return null;
  const orders: Record<string, string> = {};
  for (const [pair, uuid] of Object.entries(raw.orders)) if (typeof uuid === 'string') orders[pair] = uuid;
  return { id: 'bot', running: raw.running, request: raw.request, orders };
}

/** Starts the stored bot again if it was running (and cancels the orders of a stop a restart cut short). */
export async function resumeMmBot(ctx: NodeContext): Promise<void> {
  if (!ctx.keys) return;
  const bot = await mmBotOf(ctx);
  const store = (await bots.get(ctx))?.store;
  const record = storedRecord(await store?.load());
  if (!record) return;
  let config: BotConfig | null = null;
  if (record.running) {
    try {
      config = readBotConfig(new ParamReader(record.request, 'params'));
    } catch (e) {
      ctx.log('error', `mm bot: the stored configuration no longer reads, the bot stays stopped: ${(e as Error).message}`);
    }
  }
  await bot.resume(record, config);
}

/** Ends the bot's loop and closes its database; its stored state stays. */
export async function haltMmBot(ctx: NodeContext): Promise<void> {
  const entry = bots.get(ctx);
  if (!entry) return;
  bots.delete(ctx);
  const { bot, store } = await entry.catch(() => ({ bot: null, store: null }));
  await bot?.halt();
  store?.close();
}
