/**
 * KDF's balance streamers (`BALANCE:<coin>`): each event's message is a list of
 * `{ticker, address, balance: {spendable, unspendable}}`.
 * - UTXO (utxo_balance_events.rs): event-driven; on each change the coin signals, the balance is
 *   read and sent when it differs from the last one sent (KDF sends on each script notification;
 *   the coin here also signals new blocks, which would repeat an unchanged balance). An HD
 *   wallet's other known addresses are streamed too, each under its own address.
 * - EVM (eth_balance_events.rs): polls every `stream_interval_seconds` (default 10) the coin and,
 *   for a platform coin, its activated tokens; the first round sends every balance, later rounds
 *   the changed ones. A failed read is an `ERROR:` event with `{ticker, address, error}`.
 */
import type { ParamReader } from '../../shared/params';
import type { NodeContext } from '../core/context';
import type { EnabledCoin } from '../coins/coin';
import { wireBalance, type WireBalance } from '../coins/activation/balanceReport';
import { EthCoin } from '../coins/eth/ethCoin';
import { UtxoCoin } from '../coins/utxo/utxoCoin';
import { onCoinShutdown, watchUtxoChanges } from './coinHooks';
import { streamError, streamHubOf, type StopStreamer, type StreamerOutput } from './streamHub';
import { errorMessage } from '../../shared/errorChain';

const DEFAULT_INTERVAL_SECONDS = 10;
/** KDF accepts any interval; below this one a browser would hammer its RPC node for nothing. */
const MIN_INTERVAL_SECONDS = 0.5;

export const balanceStreamerId = (ticker: string): string => `BALANCE:${ticker}`;

function balanceEntry(coin: EnabledCoin, balance: WireBalance): Record<string, unknown> {
  return { ticker: coin.ticker, address: coin.address, balance };
}


/** KDF's `EthBalanceStreamingConfig` (`deny_unknown_fields`), with serde's error texts. */
function readEthConfig(config: unknown): number {
  if (config === undefined || config === null) return DEFAULT_INTERVAL_SECONDS;
  if (typeof config !== 'object' || Array.isArray(config)) {
    throw streamError.enable(`Error("invalid type: ${Array.isArray(config) ? 'sequence' : typeof config}, expected struct EthBalanceStreamingConfig", line: 0, column: 0)`);
  }
  for (const key of Object.keys(config)) {
    if (key !== 'stream_interval_seconds') {
      throw streamError.enable(`Error("unknown field \`${key}\`, expected \`stream_interval_seconds\`", line: 0, column: 0)`);
    }
  }
  const seconds = (config as { stream_interval_seconds?: unknown }).stream_interval_seconds;
  if (seconds === undefined) return DEFAULT_INTERVAL_SECONDS;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
    throw streamError.enable(`Error("invalid type: ${JSON.stringify(seconds)}, expected f64", line: 0, column: 0)`);
  }
  return Math.max(MIN_INTERVAL_SECONDS, seconds);
}

async function startUtxoBalance(coin: UtxoCoin, out: StreamerOutput): Promise<StopStreamer> {
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
  const stopCoin = watchUtxoChanges(coin, () => {
    queue = queue.then(check);
  });
  /** Another known address of an HD wallet (KDF streams each of them): sent when its balance changed. */
  const lastByAddress = new Map<string, string>();
  const checkHdAddress = async (address: string): Promise<void> => {
    if (out.stopped || !coin.hdWallet) return;
    let balance: WireBalance;
    try {
      const b = await coin.hdWallet.addressBalance(address);
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
  const stopHd = coin.hdWallet?.onAddressChange((address) => {
    queue = queue.then(() => checkHdAddress(address));
  });
  return () => {
    stopCoin();
    stopHd?.();
  };
}

function startEvmBalance(ctx: NodeContext, coin: EthCoin, intervalSeconds: number, out: StreamerOutput): StopStreamer {
  const sent = new Map<string, string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const round = async (): Promise<void> => {
    const coins: EnabledCoin[] = [coin];
    if (coin.isPlatform) {
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
export async function enableBalanceStream(ctx: NodeContext, p: ParamReader): Promise<unknown> {
  const clientId = p.optUint('client_id') ?? 0;
  const ticker = p.str('coin');
  const config = p.raw('config');
  const coin = ctx.enabledCoins.get(ticker);
  if (!coin) throw streamError.coinNotFound();
  const id = balanceStreamerId(coin.ticker);
  const hub = streamHubOf(ctx);
  if (coin instanceof EthCoin) {
    const interval = readEthConfig(config);
    const answer = await hub.enable(clientId, id, async (out) => startEvmBalance(ctx, coin, interval, out));
    onCoinShutdown(coin, id, () => hub.drop(id));
    return answer;
  }
  if (!(coin instanceof UtxoCoin)) throw streamError.coinNotSupported();
  if (config !== undefined && config !== null) throw streamError.enable('Invalid config provided. No config needed');
  const answer = await hub.enable(clientId, id, (out) => startUtxoBalance(coin, out));
  onCoinShutdown(coin, id, () => hub.drop(id));
  return answer;
}
