/**
 * An activated coin seen from the swaps domain: its ticker, its balance as an exact number and its
 * fee estimates. Every call into the coin goes through `coinCall`, so the coin's errors reach the
 * client as KDF's trade-preimage errors, named after the coin that raised them.
 */
import { MmNumber } from '../../shared/number';
import type { TradeFees } from '../coins/tradeFee';
import type { NodeContext } from '../core/context';
import { fromCoinError, swapError } from './swapErrors';

export interface SwapCoin {
  readonly ticker: string;
  readonly fees: TradeFees;
  /** KDF's `my_spendable_balance`. */
  balance(): Promise<MmNumber>;
}

/** Runs a call into `coin`, turning its errors into the swaps domain's. */
export async function coinCall<T>(coin: { ticker: string }, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    throw fromCoinError(e, coin.ticker);
  }
}

/** The activated coin `ticker`: NoSuchCoin if it is not active, InternalError if its family cannot swap. */
export function findSwapCoin(ctx: NodeContext, ticker: string): SwapCoin {
  const coin = ctx.enabledCoins.get(ticker);
  if (!coin) throw swapError.noSuchCoin(ticker);
  const fees = coin.tradeFees;
  if (!fees) throw swapError.internal(`${ticker} (${coin.config.protocol.type}) does not support swaps`);
  const swapCoin: SwapCoin = {
    ticker,
    fees,
    balance: () => coinCall(swapCoin, async () => MmNumber.fromBaseUnits((await coin.balance()).spendable, coin.decimals)),
  };
  return swapCoin;
}

/** KDF's `is_wallet_only_ticker`: the coins file says the coin may not trade, activated or not. */
export function checkNotWalletOnly(ctx: NodeContext, ticker: string): void {
  if (ctx.coinsConfig.get(ticker)?.walletOnly) throw swapError.coinIsWalletOnly(ticker);
}
