/**
 * KDF's balance streamers (`BALANCE:<coin>`): each event's message is a list of
 * `{ticker, address, balance: {spendable, unspendable}}`. The coin's capabilities pick the streamer
 * (capabilities/changeSignal.ts, polledBalance.ts); a coin with neither is `CoinNotSupported`.
 * - UTXO (utxo_balance_events.rs): event-driven; on each change the coin signals, the balance is
 *   read and sent when it differs from the last one sent (KDF sends on each script notification;
 *   the coin here also signals new blocks, which would repeat an unchanged balance). An HD
 *   wallet's other known addresses are streamed too, each under its own address.
 * - EVM (eth_balance_events.rs): polls every `stream_interval_seconds` (default 10) the coin and,
 *   for a platform coin, its activated tokens; the first round sends every balance, later rounds
 *   the changed ones. A failed read is an `ERROR:` event with `{ticker, address, error}`.
 */
import type { MmRpcResult } from '../../shared/contract';
import type { ParamReader } from '../../shared/params';
import type { NodeContext } from '../core/context';
import type { EnabledCoin } from '../coins/coin';
import { wireBalance, type WireBalance } from '../coins/activation/balanceReport';
import { hasChangeSignal, type ChangeSignal } from '../coins/capabilities/changeSignal';
import { hdAccountsOf } from '../coins/capabilities/hdAccounts';
import { hasPolledBalance, type PolledBalance } from '../coins/capabilities/polledBalance';
import { isTokenPlatform } from '../coins/capabilities/tokenPlatform';
import { onCoinShutdown, watchCoinChanges } from './coinHooks';
import { streamError, streamHubOf, type StopStreamer, type StreamerOutput } from './streamHub';
import { errorMessage } from '../../shared/errorChain';

/** KDF accepts any interval; below this one a browser would hammer its RPC node for nothing. */
const MIN_INTERVAL_SECONDS = 0.5;

export const balanceStreamerId = (ticker: string): string => `BALANCE:${ticker}`;

function balanceEntry(coin: EnabledCoin, balance: WireBalance): Record<string, unknown> {
  return { ticker: coin.ticker, address: coin.address, balance };
}


/** KDF's `EthBalanceStreamingConfig` (`deny_unknown_fields`), with serde's error texts; without an interval, the coin's. */
function readPollConfig(config: unknown, defaultSeconds: number): number {
  if (config === undefined || config === null) return defaultSeconds;
  if (typeof config !== 'object' || Array.isArray(config)) {
    throw streamError.enable(`Error("invalid type: ${Array.isArray(config) ? 'sequence' : typeof config}, expected struct EthBalanceStreamingConfig", line: 0, column: 0)`);
  }
  for (const key of Object.keys(config)) {
    if (key !== 'stream_interval_seconds') {
      throw streamError.enable(`Error("unknown field \`${key}\`, expected \`stream_interval_seconds\`", line: 0, column: 0)`);
    }
  }
  const seconds = (config as { stream_interval_seconds?: unknown }).stream_interval_seconds;
  if (seconds === undefined) return defaultSeconds;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
    throw streamError.enable(`Error("invalid type: ${JSON.stringify(seconds)}, expected f64", line: 0, column: 0)`);
  }
  return Math.max(MIN_INTERVAL_SECONDS, seconds);
}

async function startPushedBalance(coin: EnabledCoin & ChangeSignal, out: StreamerOutput): Promise<StopStreamer> {
  let last: string;
  try {
    last = JSON.stringify(wireBalance(await coin.balance(), coin.decimals));
  } catch (e) {
    throw streamError.enable(`SpawnError(${JSON.stringify(errorMessage(e))})`);
  }
  let queue: Promise<void> = Promise.resolve();
  const check = async (): Promise<void> => {
    if (out.stopped) return;
    let balance: WireBalance;
    try {
      balance = wireBalance(await coin.balance(), coin.decimals);
    } catch (e) {
      out.emitError({ error_type: 'Transport', error_data: errorMessage(e) });
      return;
    }
    const text = JSON.stringify(balance);
    if (text === last) return;
    last = text;
    out.emit([balanceEntry(coin, balance)]);
  };
  const stopCoin = watchCoinChanges(coin, () => {
    queue = queue.then(check);
  });
  /** Another known address of the coin's HD accounts (KDF streams each of them): sent when its balance changed. */
  const lastByAddress = new Map<string, string>();
  const checkHdAddress = async (address: string): Promise<void> => {
    const hdWallet = hdAccountsOf(coin);
    if (out.stopped || !hdWallet) return;
    let balance: WireBalance;
    try {
      const b = await hdWallet.addressBalance(address);
      if (!b) return;
      balance = wireBalance(b, coin.decimals);
    } catch (e) {
      out.emitError({ error_type: 'Transport', error_data: errorMessage(e) });
      return;
    }
    const text = JSON.stringify(balance);
    if (lastByAddress.get(address) === text) return;
    lastByAddress.set(address, text);
    out.emit([{ ticker: coin.ticker, address, balance }]);
  };
  const stopHd = hdAccountsOf(coin)?.onAddressChange((address) => {
    queue = queue.then(() => checkHdAddress(address));
  });
  return () => {
    stopCoin();
    stopHd?.();
  };
}

function startPolledBalance(ctx: NodeContext, coin: EnabledCoin & PolledBalance, intervalSeconds: number, out: StreamerOutput): StopStreamer {
  const sent = new Map<string, string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const round = async (): Promise<void> => {
    const coins: EnabledCoin[] = [coin];
    if (isTokenPlatform(coin)) {
      for (const t of ctx.enabledCoins.tokensOf(coin.ticker)) {
        const token = ctx.enabledCoins.get(t);
        if (token) coins.push(token);
      }
    }
    const updates: Record<string, unknown>[] = [];
    await Promise.all(
      coins.map(async (c) => {
        try {
          const balance = wireBalance(await c.balance(), c.decimals);
          if (sent.get(c.ticker) === balance.spendable) return;
          sent.set(c.ticker, balance.spendable);
          updates.push(balanceEntry(c, balance));
        } catch (e) {
          out.emitError({ ticker: c.ticker, address: c.address, error: { error_type: 'Transport', error_data: errorMessage(e) } });
        }
      }),
    );
    if (updates.length > 0) out.emit(updates);
  };
  const loop = async (): Promise<void> => {
    const started = Date.now();
    await round().catch((e: unknown) => out.emitError({ ticker: coin.ticker, address: coin.address, error: { error_type: 'Internal', error_data: errorMessage(e) } }));
    if (out.stopped) return;
    timer = setTimeout(() => void loop(), Math.max(0, intervalSeconds * 1000 - (Date.now() - started)));
  };
  void loop();
  return () => clearTimeout(timer);
}

/** `stream::balance::enable {client_id?, coin, config?}` → `{streamer_id}`. */
export async function enableBalanceStream(ctx: NodeContext, p: ParamReader): Promise<MmRpcResult<'stream::balance::enable'>> {
  const clientId = p.optUint('client_id') ?? 0;
  const ticker = p.str('coin');
  const config = p.raw('config');
  const coin = ctx.enabledCoins.get(ticker);
  if (!coin) throw streamError.coinNotFound();
  const id = balanceStreamerId(coin.ticker);
  const hub = streamHubOf(ctx);
  if (hasPolledBalance(coin)) {
    const interval = readPollConfig(config, coin.balancePollSeconds);
    const answer = await hub.enable(clientId, id, async (out) => startPolledBalance(ctx, coin, interval, out));
    onCoinShutdown(coin, id, () => hub.drop(id));
    return answer;
  }
  if (!hasChangeSignal(coin)) throw streamError.coinNotSupported();
  if (config !== undefined && config !== null) throw streamError.enable('Invalid config provided. No config needed');
  const answer = await hub.enable(clientId, id, (out) => startPushedBalance(coin, out));
  onCoinShutdown(coin, id, () => hub.drop(id));
  return answer;
}
