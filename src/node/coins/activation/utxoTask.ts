/**
 * `task::enable_utxo::{init,status,user_action,cancel}`: KDF's `init_standalone_coin` for UTXO coins,
 * the way Komodo Wallet activates them. The task runs the same activation as `electrum`; its
 * statuses are KDF's `UtxoStandardInProgressStatus` (`ActivatingCoin`, `RequestingWalletBalance`,
 * `FollowHwDeviceInstructions`) and, for a Trezor that wants its PIN or passphrase while the coin's
 * key is read, `UserActionRequired` with `EnterTrezorPin` / `EnterTrezorPassphrase`.
 */
import type { Def } from '../../../shared/contract';
import type { ParamReader } from '../../../shared/params';
import type { NodeContext } from '../../core/context';
import { MmError } from '../../core/errors';
import type { HandleOf, NodeTasks } from '../../core/tasks';
import type { CoinConfig } from '../config';
import { activateUtxoCoin, attachHdWallet } from '../utxo/activate';
import { electrumRuntime } from '../utxo/activationParams';
import { serverFailuresOf } from '../utxo/electrum';
import { hdWalletReport, walletBalanceReport, wireBalance } from './balanceReport';
import { standaloneError } from './errors';
import { DEFAULT_PATH_TO_ADDRESS, readEnableUtxoRequest, type EnableUtxoRequest, type PathToAddress } from './requests';
import { Reservation, untilCancelled } from './reservation';

export const ENABLE_UTXO_TASK = 'enable_utxo';

/** KDF's init: the coin must not be active and must be a plain UTXO coin of the coins file; the rest happens in the task. */
export async function initEnableUtxo(ctx: NodeContext, p: ParamReader): Promise<{ task_id: number }> {
  const req = readEnableUtxoRequest(p, electrumRuntime(ctx.platform));
  const ticker = req.ticker;
  if (ctx.enabledCoins.has(ticker)) throw standaloneError.alreadyActivated(ticker);
  const config = ctx.coinsConfig.get(ticker);
  if (!config) throw standaloneError.configNotFound(ticker);
  if (config.protocol.type !== 'UTXO') throw standaloneError.unexpectedProtocol(ticker, config.raw.protocol);
  const reservation = Reservation.take(ctx.enabledCoins, ticker);
  if (!reservation) throw standaloneError.alreadyActivated(ticker);
  const taskId = ctx.tasks.spawn(ENABLE_UTXO_TASK, 'ActivatingCoin', async (h) => {
    try {
      return await untilCancelled(activate(ctx, config, req, h, reservation), h.signal, reservation);
    } finally {
      reservation.release();
    }
  });
  return { task_id: taskId };
}

/** Activates, reads the balance and registers the coin unless the task was cancelled meanwhile. */
async function activate(
  ctx: NodeContext,
  config: CoinConfig,
  req: EnableUtxoRequest,
  h: HandleOf<'enable_utxo'>,
  reservation: Reservation,
): Promise<NodeTasks['enable_utxo']['result']> {
  const ticker = config.ticker;
  if (req.mode === 'Native') throw standaloneError.creation(ticker, 'Native RPC client is only supported in native mode');
  const params = req.params;
  const hardware = params.privKeyPolicy === 'Trezor';
  const hd = hardware || ctx.keys?.mode === 'hd';
  if (hd && !isDefaultPath(req.pathToAddress)) {
    throw standaloneError.creation(ticker, 'path_to_address: this node enables account 0, external chain, address 0 only (the other addresses are reached with get_new_address and withdraw from)');
  }
  let activated;
  try {
    activated = await activateUtxoCoin(ctx, config, params, h);
  } catch (e) {
    throw asStandaloneError(ticker, e);
  }
  const { coin, balance } = activated;
  let walletBalance: Def<'EnableCoinBalanceMap'>;
  try {
    const hdWallet = await attachHdWallet(ctx, coin, req.hdScan.gapLimit);
    walletBalance = hdWallet
      ? hdWalletReport(ticker, coin.decimals, await hdWallet.enable(req.pathToAddress, req.hdScan))
      : walletBalanceReport(hd ? 'HD' : 'Iguana', coin.address, config.derivationPath, { [ticker]: wireBalance(balance, coin.decimals) });
  } catch (e) {
    await coin.shutdown();
    throw e instanceof MmError && e.errorType !== 'CoinActivationError' ? e : standaloneError.creation(ticker, `HD wallet: ${(e as Error).message}`, e);
  }
  const result = { ticker, current_block: coin.height, wallet_balance: walletBalance };
  h.progress('ActivatingCoin');
  if (!reservation.commit(coin)) {
    await coin.shutdown();
    throw standaloneError.internal('the activation was cancelled');
  }
  ctx.log('info', `${ticker} activated at ${coin.address}`);
  return result;
}

/** The activation's own failures (connect, balance) are KDF's `CoinCreationError`; typed ones (HwError, Cancelled) stay. */
function asStandaloneError(ticker: string, e: unknown): unknown {
  if (e instanceof MmError && e.errorType === 'CoinActivationError') return standaloneError.creation(ticker, e.message, e, serverFailuresOf(e));
  return e;
}

function isDefaultPath(p: PathToAddress): boolean {
  return p.accountId === DEFAULT_PATH_TO_ADDRESS.accountId && p.chain === DEFAULT_PATH_TO_ADDRESS.chain && p.addressId === DEFAULT_PATH_TO_ADDRESS.addressId;
}
