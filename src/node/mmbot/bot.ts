/**
 * KDF's simple market-maker bot (lp_bot.rs, simple_market_maker.rs): states Stopped → Running →
 * Stopping → Stopped, and a cycle every `bot_refresh_rate` seconds that reads the prices, then
 * per enabled pair updates the bot's maker order (price × spread, volume from the balance) or
 * places one, and cancels it when its prices are missing, stale or below the configured minimums.
 *
 * Unlike KDF, the bot changes only the orders it placed: their uuids are stored with its state,
 * orders are placed without `cancel_previous`, and a stop cancels those and nothing else (KDF
 * updates and cancels every maker order of a configured pair, hand-placed ones included).
 * Its state is written (awaited) before the page is told, and before an RPC answers.
 */
import type { MmBotEventData, MmBotPriceData } from '../../shared/mmBotEvents';
import type { MmNumber } from '../../shared/number';
import type { StoredMmBot } from '../storage/mmBotDb';
import type { SetPriceRequest, UpdateMakerOrderRequest } from '../orders/makerActions';
import type { BotConfig, PairConfig } from './config';
import { mmBotError } from './errors';
import type { PriceRegistry } from './priceClient';
import { cexRates } from './rates';
import { isRefusal, planOrder, priceRefusal, type OrderPlan, type Refusal } from './sizing';
import { vwap, type PastTrade } from './vwap';

export type BotState = 'Running' | 'Stopping' | 'Stopped';

/** What the bot needs of the orders service (`ctx.orders`). */
export interface BotOrders {
  makerOrders(): readonly { uuid: string; base: string; rel: string; maxBaseVol: MmNumber }[];
  makerVolumeAvailable(coin: string, except: ReadonlySet<string>): Promise<MmNumber>;
  setPrice(req: SetPriceRequest): Promise<{ uuid: string; maxBaseVol: MmNumber }>;
  updateMakerOrder(req: UpdateMakerOrderRequest): Promise<{ uuid: string; maxBaseVol: MmNumber }>;
  cancelOrder(uuid: string): Promise<boolean>;
}

export interface MmBotDeps {
  /** Undefined while the node is off the network (no orders service). */
  orders(): BotOrders | undefined;
  coinActive(ticker: string): boolean;
  prices: { tickers(urls: string[], wanted: Iterable<string>): Promise<PriceRegistry> };
  /** null: the state lives in memory only (no wallet keys). */
  store: { save(record: StoredMmBot): Promise<void> } | null;
  /** Milliseconds. */
  now(): number;
  /** My last swaps selling `my` for `other` (KDF's `latest_swaps_for_pair`), for `check_last_bidirectional_trade_thresh_hold`. */
  pastTrades(my: string, other: string): Promise<PastTrade[]>;
  emit(data: MmBotEventData): void;
  log(level: 'debug' | 'info' | 'warn' | 'error', line: string): void;
}

type CancelReason = Extract<MmBotEventData, { type: 'OrderCancelled' }>['reason'];
type LiveOrder = ReturnType<BotOrders['makerOrders']>[number];

export class MmBot {
  private stateNow: BotState = 'Stopped';
  private config: BotConfig | null = null;
  private request: unknown = null;
  /** `BASE/REL` → the uuid of the bot's order there. */
  private readonly botOrders = new Map<string, string>();
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private halted = false;
  private changes: Promise<void> = Promise.resolve();

  constructor(private readonly deps: MmBotDeps) {}

  get state(): BotState {
    return this.stateNow;
  }

  /** The bot's orders by pair (for the page and tests). */
  get orders(): ReadonlyMap<string, string> {
    return this.botOrders;
  }

  /** `start_simple_market_maker_bot`: stored as running, then started; the first cycle runs at once. */
  start(config: BotConfig, request: unknown): Promise<void> {
    return this.serially(async () => {
      if (this.stateNow === 'Running') throw mmBotError.alreadyStarted();
      if (this.stateNow === 'Stopping') throw mmBotError.cannotStartFromStopping();
      await this.persist(true, request);
      this.run(config, request);
    });
  }

  /** `stop_simple_market_maker_bot`: stored as stopped, then the loop cancels the bot's orders and ends. */
  stop(): Promise<void> {
    return this.serially(async () => {
      if (this.stateNow === 'Stopped') throw mmBotError.alreadyStopped();
      if (this.stateNow === 'Stopping') throw mmBotError.alreadyStopping();
      await this.persist(false, this.request);
      this.stateNow = 'Stopping';
      this.deps.emit({ type: 'Stopping', bot_refresh_rate: this.config?.refreshRate ?? 0 });
      this.wake?.();
    });
  }

  /** One start or stop at a time (KDF holds the state's mutex), so two starts cannot both pass the check while one stores. */
  private serially(change: () => Promise<void>): Promise<void> {
    const done = this.changes.then(change);
    this.changes = done.catch(() => undefined);
    return done;
  }

  /**
   * A node started with a stored bot: running again if it ran, or finishing a stop that a restart
   * cut short (its orders cancelled). `config` is null when the stored request no longer reads.
   */
  resume(record: StoredMmBot, config: BotConfig | null): Promise<void> {
    return this.serially(() => {
      // A start that came first wins: its state is the stored one by now.
      if (this.stateNow !== 'Stopped' || this.config) return Promise.resolve();
      for (const [pair, uuid] of Object.entries(record.orders)) this.botOrders.set(pair, uuid);
      this.request = record.request;
      if (record.running && config) this.run(config, record.request);
      else if (this.botOrders.size > 0) {
        this.stateNow = 'Stopping';
        this.loop = this.runLoop();
      }
      return Promise.resolve();
    });
  }

  /** The node stops: the loop ends after its current step; the stored state stays for the next start. */
  async halt(): Promise<void> {
    this.halted = true;
    this.wake?.();
    await this.loop;
  }

  /** Runs one cycle now (tests and the bench; the loop runs them on its own). */
  runCycle(): Promise<void> {
    return this.cycle();
  }

  private run(config: BotConfig, request: unknown): void {
    this.config = config;
    this.request = request;
    this.stateNow = 'Running';
    this.deps.emit({ type: 'Started', nb_pairs: config.pairs.size });
    this.loop = this.runLoop();
  }

  private async runLoop(): Promise<void> {
    while (!this.halted) {
      if (this.stateNow === 'Stopping') return this.tearDown();
      try {
        await this.cycle();
      } catch (e) {
        this.deps.log('error', `mm bot: cycle failed: ${(e as Error).message}`);
      }
      if (this.halted || this.stateNow !== 'Running') continue;
      await this.sleep((this.config?.refreshRate ?? 0) * 1000);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  /** KDF's `tear_down_bot`: the bot's orders cancelled, then Stopped. */
  private async tearDown(): Promise<void> {
    let cancelled = 0;
    const orders = this.deps.orders();
    if (orders) for (const [pair, uuid] of [...this.botOrders]) if (await this.cancel(orders, pair, uuid, 'BotStopped')) cancelled += 1;
    this.stateNow = 'Stopped';
    this.deps.emit({ type: 'Stopped', nb_orders: cancelled });
  }

  private async persist(running: boolean, request: unknown): Promise<void> {
    if (!this.deps.store) return;
    try {
      await this.deps.store.save({ id: 'bot', running, request, orders: Object.fromEntries(this.botOrders) });
    } catch (e) {
      throw mmBotError.internal(`cannot store the bot's state: ${(e as Error).message}`, e);
    }
  }

  /** The order map changed during a cycle: a failed write is logged (the next change writes it again). */
  private async persistOrders(): Promise<void> {
    try {
      await this.persist(this.stateNow === 'Running', this.request);
    } catch (e) {
      this.deps.log('error', `mm bot: ${(e as Error).message}`);
    }
  }

  private async cycle(): Promise<void> {
    const config = this.config;
    const orders = this.deps.orders();
    if (!config || !orders || this.stateNow !== 'Running') return;
    const started = this.deps.now();
    const live = new Map(orders.makerOrders().map((o) => [o.uuid, o]));
    const gone = [...this.botOrders].filter(([, uuid]) => !live.has(uuid));
    for (const [pair] of gone) this.botOrders.delete(pair);
    if (gone.length > 0) await this.persistOrders();
    for (const [pair, uuid] of [...this.botOrders]) {
      if (!config.pairs.get(pair)?.enable) await this.cancel(orders, pair, uuid, 'PairDisabled');
    }
    const enabled = [...config.pairs].filter(([, cfg]) => cfg.enable);
    if (enabled.length > 0) {
      let registry: PriceRegistry;
      try {
        registry = await this.deps.prices.tickers(config.priceUrls, enabled.flatMap(([, cfg]) => [cfg.base, cfg.rel]));
      } catch (e) {
        const error = (e as Error).message;
        this.deps.log('warn', `mm bot: ${error}: cancelling the bot's orders`);
        this.deps.emit({ type: 'PricesUnavailable', error });
        for (const [pair, uuid] of [...this.botOrders]) await this.cancel(orders, pair, uuid, 'PricesUnavailable');
        return;
      }
      for (const [pair, cfg] of enabled) {
        if (this.stateNow !== 'Running' || this.halted) return;
        await this.refreshPair(orders, pair, cfg, registry, live);
      }
    }
    this.deps.emit({ type: 'CycleDone', pairs: enabled.length, duration_ms: this.deps.now() - started });
  }

  private async refreshPair(orders: BotOrders, pair: string, cfg: PairConfig, registry: PriceRegistry, live: Map<string, LiveOrder>): Promise<void> {
    const uuid = this.botOrders.get(pair);
    const rates = cexRates(registry, cfg.base, cfg.rel);
    const nowSeconds = Math.floor(this.deps.now() / 1000);
    const refusal = priceRefusal(rates, cfg, pair, nowSeconds);
    if (refusal || !rates) return this.skip(orders, pair, uuid, refusal ?? { reason: 'ProviderUnknown', message: 'Rates from provider are Unknown' });
    if (!this.deps.coinActive(cfg.base) || !this.deps.coinActive(cfg.rel)) {
      return this.skip(orders, pair, uuid, { reason: 'AssetNotEnabled', message: 'Asset not enabled - skipping' });
    }
    let balance: MmNumber;
    try {
      balance = await orders.makerVolumeAvailable(cfg.base, new Set(uuid ? [uuid] : []));
    } catch (e) {
      return this.skip(orders, pair, uuid, { reason: 'BalanceInternalError', message: `Internal error when retrieving balance - skipping: ${(e as Error).message}` });
    }
    const plan = planOrder(rates, cfg, balance);
    if (isRefusal(plan)) return this.skip(orders, pair, uuid, plan);
    if (cfg.checkLastBidirectionalTradeThreshHold) {
      try {
        const [sold, bought] = await Promise.all([this.deps.pastTrades(cfg.base, cfg.rel), this.deps.pastTrades(cfg.rel, cfg.base)]);
        plan.price = vwap(sold, bought, plan.price);
      } catch (e) {
        return this.skip(orders, pair, uuid, { reason: 'MyRecentSwapsError', message: `Error when querying swap history: ${(e as Error).message}` });
      }
    }
    const priced: MmBotPriceData = {
      base_price: rates.basePrice.toDecimalString(),
      rel_price: rates.relPrice.toDecimalString(),
      cex_price: rates.price.toDecimalString(),
      price_age: nowSeconds - rates.lastUpdatedTimestamp,
    };
    const order = uuid ? live.get(uuid) : undefined;
    if (uuid && order) return this.update(orders, pair, cfg, order, plan, priced);
    return this.create(orders, pair, cfg, plan, priced);
  }

  /** KDF: a pair whose order cannot be refreshed has it cancelled (an update that fails, prices stale). */
  private async skip(orders: BotOrders, pair: string, uuid: string | undefined, refusal: Refusal): Promise<void> {
    this.deps.log('info', `mm bot: ${pair}: ${refusal.message}`);
    this.deps.emit({ type: 'PairSkipped', pair, reason: refusal.reason, message: refusal.message });
    if (uuid) await this.cancel(orders, pair, uuid, refusal.reason);
  }

  private async create(orders: BotOrders, pair: string, cfg: PairConfig, plan: OrderPlan, priced: MmBotPriceData): Promise<void> {
    let placed: { uuid: string; maxBaseVol: MmNumber };
    try {
      placed = await orders.setPrice({
        base: cfg.base,
        rel: cfg.rel,
        price: plan.price,
        volume: plan.volume,
        max: plan.max,
        ...(plan.minVolume && { minVolume: plan.minVolume }),
        cancelPrevious: false,
        saveInHistory: true,
        ...confOverrides(cfg),
      });
    } catch (e) {
      return this.skip(orders, pair, undefined, { reason: 'OrderCreationError', message: (e as Error).message });
    }
    this.botOrders.set(pair, placed.uuid);
    await this.persistOrders();
    this.deps.emit({ type: 'OrderCreated', pair, uuid: placed.uuid, ...orderData(plan, placed.maxBaseVol), ...priced });
  }

  private async update(orders: BotOrders, pair: string, cfg: PairConfig, order: LiveOrder, plan: OrderPlan, priced: MmBotPriceData): Promise<void> {
    // KDF sends no volume change unless `max`; here a set volume follows the balance too.
    const volumeDelta = plan.max || plan.volume.eq(order.maxBaseVol) ? undefined : plan.volume.sub(order.maxBaseVol);
    let updated: { uuid: string; maxBaseVol: MmNumber };
    try {
      updated = await orders.updateMakerOrder({
        uuid: order.uuid,
        newPrice: plan.price,
        max: plan.max,
        ...(volumeDelta && { volumeDelta }),
        ...(plan.minVolume && { minVolume: plan.minVolume }),
        ...confOverrides(cfg),
      });
    } catch (e) {
      return this.skip(orders, pair, order.uuid, { reason: 'OrderUpdateError', message: (e as Error).message });
    }
    this.deps.emit({ type: 'OrderUpdated', pair, uuid: updated.uuid, ...orderData(plan, updated.maxBaseVol), ...priced });
  }

  /** True when the order is gone (cancelled now, or already); an order in the middle of a match stays. */
  private async cancel(orders: BotOrders, pair: string, uuid: string, reason: CancelReason): Promise<boolean> {
    let cancelled: boolean;
    try {
      cancelled = await orders.cancelOrder(uuid);
    } catch (e) {
      this.deps.log('warn', `mm bot: ${pair}: order ${uuid} not cancelled: ${(e as Error).message}`);
      return false;
    }
    this.botOrders.delete(pair);
    await this.persistOrders();
    if (cancelled) this.deps.emit({ type: 'OrderCancelled', pair, uuid, reason });
    return true;
  }
}

function confOverrides(cfg: PairConfig): Pick<SetPriceRequest, 'baseConfs' | 'baseNota' | 'relConfs' | 'relNota'> {
  return {
    ...(cfg.baseConfs !== undefined && { baseConfs: cfg.baseConfs }),
    ...(cfg.baseNota !== undefined && { baseNota: cfg.baseNota }),
    ...(cfg.relConfs !== undefined && { relConfs: cfg.relConfs }),
    ...(cfg.relNota !== undefined && { relNota: cfg.relNota }),
  };
}

function orderData(plan: OrderPlan, volume: MmNumber): { price: string; volume: string; max: boolean } {
  return { price: plan.price.toDecimalString(), volume: volume.toDecimalString(), max: plan.max };
}
