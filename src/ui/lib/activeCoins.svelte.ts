/**
 * The coins the node has activated, with balances kept current from the worker's `coin_balance`
 * events (the page never polls balances). One instance per unlocked wallet page.
 */
import type { RpcClient } from '../../client/RpcClient';
import type { LegacyResult } from '../../shared/contract';
import type { LegacyParams } from '../../shared/contract/params';
import type { ElectrumServer } from './coinsConfig';
import { toCoinFailure } from './coinErrors';
import { activateEvmPlatform, gasStationParams, type EvmActivated } from './evmActivation';
import { incomingAmount } from './nodeNews';
import type { EvmSettings, SavedCoin } from './savedCoins';
import { activateQtum, activateUtxo, type QtumActivation } from './utxoActivation';

export const COIN_BALANCE_EVENT = 'coin_balance';
export const COIN_HISTORY_EVENT = 'coin_history';

export interface ActiveCoin {
  ticker: string;
  address: string;
  balance: string;
  unspendable: string;
  requiredConfirmations: number | null;
  matureConfirmations: number | null;
  txHistory: boolean;
  /** On the connected Trezor's account (`priv_key_policy: "Trezor"`): sends are signed on the device. */
  trezor: boolean;
}

export interface ActivationRequest {
  ticker: string;
  servers: ElectrumServer[];
  txHistory: boolean;
  requiredConfirmations?: number;
  /** Use the connected Trezor's keys instead of the wallet's. */
  trezor?: boolean;
  /** QTUM or a QRC20 token (with its swap contracts): the flat `electrum`. */
  qtum?: QtumActivation;
}

export interface EvmActivationRequest {
  ticker: string;
  evm: EvmSettings;
  txHistory: boolean;
  requiredConfirmations?: number;
}

/** The `enable` arguments of an EVM coin (spec §4.4), as plain JSON. */
export function enableArgs(req: EvmActivationRequest): LegacyParams<'enable'> {
  const { evm } = req;
  return {
    coin: req.ticker,
    urls: [...evm.urls],
    swap_contract_address: evm.swapContract,
    tx_history: req.txHistory,
    ...(evm.fallbackSwapContract !== null ? { fallback_swap_contract: evm.fallbackSwapContract } : {}),
    ...gasStationParams(evm.gasStation),
    ...(req.requiredConfirmations !== undefined ? { required_confirmations: req.requiredConfirmations } : {}),
  };
}

/** `enable`'s and `electrum`'s answer (KDF's `CoinInitResponse`, spec §2.4). */
type CoinInitResponse = LegacyResult<'enable'>;

/** What an activation reports, in `enable`'s words: the task activations fill in the confirmations they know. */
type Activated = Pick<CoinInitResponse, 'coin' | 'address' | 'balance' | 'unspendable_balance'> &
  Partial<Pick<CoinInitResponse, 'required_confirmations' | 'mature_confirmations'>>;

/** Told of a payment that arrived: the coin and how much its total balance grew. */
export type ReceivedListener = (ticker: string, amount: string) => void;

export class ActiveCoins {
  coins = $state<ActiveCoin[]>([]);
  private receivedListeners: ReceivedListener[] = [];
  /** Counts activations; `lastActivations` holds the count at each coin's latest one (plain bookkeeping, not shown). */
  private activations = 0;
  private lastActivations: { ticker: string; at: number }[] = [];

  constructor(private readonly client: RpcClient) {}

  /** Calls `fn` when an active coin's balance event shows more than it held; returns the unsubscribe function. */
  onReceived(fn: ReceivedListener): () => void {
    this.receivedListeners = [...this.receivedListeners, fn];
    return () => {
      this.receivedListeners = this.receivedListeners.filter((l) => l !== fn);
    };
  }

  get(ticker: string): ActiveCoin | undefined {
    return this.coins.find((c) => c.ticker === ticker);
  }

  /** Follows `coin_balance` events; returns the unsubscribe function. */
  listen(): () => void {
    return this.client.on(COIN_BALANCE_EVENT, (data) => {
      const d = data as Partial<{ coin: string; balance: string; unspendable_balance: string }> | null;
      if (!d || typeof d.coin !== 'string') return;
      const coin = this.get(d.coin);
      if (!coin) return;
      const before = { balance: coin.balance, unspendable: coin.unspendable };
      if (typeof d.balance === 'string') coin.balance = d.balance;
      if (typeof d.unspendable_balance === 'string') coin.unspendable = d.unspendable_balance;
      const grown = incomingAmount(before, { balance: coin.balance, unspendable: coin.unspendable });
      if (grown !== null) for (const fn of this.receivedListeners) fn(coin.ticker, grown);
    });
  }

  /** What the node holds now (after a remount, or to resync): tickers, addresses, balances. */
  async load(): Promise<void> {
    const since = this.activations;
    const r = await this.client.legacy('get_enabled_coins');
    const next: ActiveCoin[] = [];
    for (const { ticker, address } of r.result) {
      const known = this.get(ticker);
      let balance = known?.balance ?? '';
      let unspendable = known?.unspendable ?? '';
      try {
        const b = await this.client.legacy('my_balance', { coin: ticker });
        balance = b.balance;
        unspendable = b.unspendable_balance;
      } catch {
        // Shown as unknown until the next balance event.
      }
      next.push({
        ticker,
        address,
        balance,
        unspendable,
        requiredConfirmations: known?.requiredConfirmations ?? null,
        matureConfirmations: known?.matureConfirmations ?? null,
        txHistory: known?.txHistory ?? true,
        trezor: known?.trezor ?? false,
      });
    }
    // Coins activated while this read was under way are active even if the read missed them.
    const newer = this.coins.filter(
      (c) => this.lastActivations.some((a) => a.ticker === c.ticker && a.at > since) && !next.some((n) => n.ticker === c.ticker),
    );
    this.coins = [...next, ...newer];
  }

  /** Activates a UTXO coin; rejects with the node's typed failure. */
  async activate(req: ActivationRequest): Promise<ActiveCoin> {
    // task::enable_utxo, not the flat `electrum`: its failures are typed (which servers failed, and why).
    const r = req.qtum ? await activateQtum(this.client, req) : await activateUtxo(this.client, req);
    const required = req.requiredConfirmations !== undefined ? { required_confirmations: req.requiredConfirmations } : {};
    return this.added({ coin: r.ticker, address: r.address, balance: r.balance, unspendable_balance: r.unspendable, ...required }, req.ticker, req.txHistory, req.trezor === true);
  }

  /**
   * Activates an EVM platform coin with `task::enable_eth` (its failures say which RPC nodes failed
   * and why), or a token, which the task refuses by type, with `enable`; rejects with the node's typed failure.
   */
  async activateEvm(req: EvmActivationRequest): Promise<ActiveCoin> {
    let platform: EvmActivated;
    try {
      platform = await activateEvmPlatform(this.client, req);
    } catch (e) {
      if (toCoinFailure(e).errorType !== 'UnexpectedPlatformProtocol') throw e;
      const r = await this.client.legacy('enable', enableArgs(req));
      return this.added(r, req.ticker, req.txHistory);
    }
    const required = req.requiredConfirmations !== undefined ? { required_confirmations: req.requiredConfirmations } : {};
    return this.added({ coin: req.ticker, address: platform.address, balance: platform.balance, unspendable_balance: platform.unspendable, ...required }, req.ticker, req.txHistory);
  }

  /** Activates a coin remembered from an earlier session, with its remembered settings. */
  activateSaved(s: SavedCoin): Promise<ActiveCoin> {
    const confs = s.requiredConfirmations !== undefined ? { requiredConfirmations: s.requiredConfirmations } : {};
    if (s.kind === 'evm') return this.activateEvm({ ticker: s.ticker, evm: s.evm, txHistory: s.txHistory, ...confs });
    return this.activate({ ticker: s.ticker, servers: s.servers, txHistory: s.txHistory, trezor: s.trezor === true, ...confs, ...(s.qtum ? { qtum: s.qtum } : {}) });
  }

  private added(r: Activated, ticker: string, txHistory: boolean, trezor = false): ActiveCoin {
    const coin: ActiveCoin = {
      ticker: r.coin ?? ticker,
      address: r.address,
      balance: r.balance,
      unspendable: r.unspendable_balance,
      requiredConfirmations: typeof r.required_confirmations === 'number' ? r.required_confirmations : null,
      matureConfirmations: typeof r.mature_confirmations === 'number' ? r.mature_confirmations : null,
      txHistory,
      trezor,
    };
    this.lastActivations = [...this.lastActivations.filter((a) => a.ticker !== coin.ticker), { ticker: coin.ticker, at: ++this.activations }];
    this.coins = [...this.coins.filter((c) => c.ticker !== coin.ticker), coin];
    return coin;
  }

  /**
   * Disables a coin. `goneWith` lists the coins the node disables along with it (a platform's
   * tokens, removed with `force_disable` instead of keeping the platform passive), which leave the
   * list too. Resolves with the uuids of the orders the node cancelled.
   */
  async disable(ticker: string, goneWith: readonly string[] = []): Promise<string[]> {
    const r = await this.client.legacy('disable_coin', {
      coin: ticker,
      ...(goneWith.length > 0 && { force_disable: true }),
    });
    this.coins = this.coins.filter((c) => c.ticker !== ticker && !goneWith.includes(c.ticker));
    return r.result.cancelled_orders;
  }
}
