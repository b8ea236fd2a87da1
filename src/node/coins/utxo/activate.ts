/**
 * The `electrum` activation of a UTXO coin, in KDF's order (lp_coininit, legacy.rs): already
 * active, config, `mm2`, keys, connect, then a balance query within 5 s; a coin whose balance
 * cannot be read is shut down again, so a failed activation leaves nothing behind.
 */
import type { ParamReader } from '../../../shared/params';
import type { NodeContext } from '../../core/context';
import type { HandleOf } from '../../core/tasks';
import type { CoinBalance, TransactionDetails } from '../coin';
import { HdAccountsStore, TxHistoryStore } from '../../storage';
import { chainIndex, DEFAULT_GAP_LIMIT, type HdAddressId } from '../hdWallet/path';
import { UtxoHdWallet, type HdScanOptions } from './hdWallet';
import { UtxoHistory } from './history';
import { coinError } from '../coinErrors';
import type { CoinConfig } from '../config';
import { electrumRuntime, readElectrumParams, type ElectrumActivationParams } from './activationParams';
import { ElectrumClient } from './electrum';
import { startUtxoMerge } from './merge';
import { softwareSigner } from './signer';
import { UtxoCoin } from './utxoCoin';

export const BALANCE_TIMEOUT_MS = 5000;

export async function activateElectrumCoin(
  ctx: NodeContext,
  config: CoinConfig,
  args: ParamReader,
): Promise<{ coin: UtxoCoin; balance: CoinBalance }> {
  const ticker = config.ticker;
  if (config.protocol.type !== 'UTXO' && config.protocol.type !== 'QTUM') {
    throw coinError.activation(`Coin ${ticker} is not a UTXO coin (protocol ${config.protocol.type}): activate it with 'enable'`);
  }
  const params = readElectrumParams(args, electrumRuntime(ctx.platform));
  // Only the legacy activation asks for `mm2` (KDF's lp_coininit); v2 activates wallet-only coins too.
  if (config.mm2 === undefined && params.mm2 === undefined) {
    throw coinError.activation('mm2 param is not set neither in coins config nor enable request, assuming that coin is not supported');
  }
  const activated = await activateUtxoCoin(ctx, config, params);
  try {
    // KDF's legacy activation loads the stored accounts without scanning; account 0 holds the enabled address.
    await (await attachHdWallet(ctx, activated.coin, DEFAULT_GAP_LIMIT))?.enable(LEGACY_ENABLED_ADDRESS, LEGACY_HD_OPTIONS);
  } catch (e) {
    await activated.coin.shutdown();
    throw coinError.activation(`${ticker} HD wallet: ${(e as Error).message}`, e);
  }
  return activated;
}

const LEGACY_ENABLED_ADDRESS: HdAddressId = { accountId: 0, chain: 'External', addressId: 0 };
const LEGACY_HD_OPTIONS: HdScanOptions = { scanPolicy: 'do_not_scan', minAddressesNumber: undefined, gapLimit: DEFAULT_GAP_LIMIT };

/**
 * The activation itself, shared by `electrum` and `task::enable_utxo`, and by a QRC20 token for its
 * QTUM side, whose QTUM balance events `emit` keeps from the page. Run by a task (`task` given), it
 * reports `RequestingWalletBalance`, and a Trezor's PIN or passphrase prompt while its key is read
 * becomes the task's `UserActionRequired`.
 */
export async function activateUtxoCoin(
  ctx: NodeContext,
  config: CoinConfig,
  params: ElectrumActivationParams,
  task?: HandleOf<'enable_utxo'>,
  emit: (event: string, data: unknown) => void = ctx.platform.emit,
): Promise<{ coin: UtxoCoin; balance: CoinBalance }> {
  const ticker = config.ticker;
  if (!ctx.keys) throw coinError.activation(`Cannot activate ${ticker}: the node runs without a wallet (no-login mode)`);
  const signer =
    params.privKeyPolicy === 'Trezor'
      ? await ctx.hw.utxoSigner(config, task)
      : softwareSigner(ctx.keys.coinKeyPair(config.derivationPath));

  const electrum = new ElectrumClient({
    servers: params.servers,
    minConnected: params.minConnected,
    maxConnected: params.maxConnected,
    clientName: `${ctx.conf.gui ?? 'browser-dex'} GUI/MM2 ${ctx.platform.buildInfo.version}`,
    socketFactory: ctx.platform.webSocket,
    ...(ctx.platform.tcpSocket && { tcpSocketFactory: ctx.platform.tcpSocket }),
    onLog: (level, line) => ctx.log(level, `${ticker} electrum: ${line}`),
  });
  try {
    await electrum.connect();
  } catch (e) {
    await electrum.close();
    throw coinError.activation(`Failed to connect to the electrum servers of ${ticker}: ${(e as Error).message}`, e);
  }

  const coin = new UtxoCoin({
    config,
    signer,
    electrum,
    requiredConfirmations: params.requiredConfirmations ?? config.requiredConfirmations,
    requiresNotarization: params.requiresNotarization ?? config.requiresNotarization,
    emit,
    now: ctx.platform.now,
  });
  let balance: CoinBalance;
  try {
    await coin.start();
    task?.progress('RequestingWalletBalance');
    balance = await withTimeout(coin.balance(), BALANCE_TIMEOUT_MS, 'balance query timed out');
  } catch (e) {
    await coin.shutdown();
    throw coinError.activation(`Deactivated coin due to error in balance querying: ${(e as Error).message}`, e);
  }
  if (params.txHistory) {
    const store = await TxHistoryStore.open<TransactionDetails>(ctx.platform.storage, ctx.keys.rmd160Hex);
    const history = new UtxoHistory(coin, store, ctx.platform.emit, () => Math.floor(ctx.platform.now() / 1000));
    coin.history = history;
    coin.onChange(() => void history.sync());
    coin.addDisposer(() => history.close());
    void history.sync();
  }
  if (params.utxoMergeParams && signer.kind === 'hardware') {
    ctx.log('warn', `${ticker}: utxo_merge_params ignored: merging would need a confirmation on the device for every merge`);
  } else if (params.utxoMergeParams) {
    coin.addDisposer(startUtxoMerge(coin, params.utxoMergeParams, (level, line) => ctx.log(level, line)));
  }
  return { coin, balance };
}

/**
 * Gives a coin of a software HD wallet its accounts (KDF builds the HD wallet whatever the
 * activation method); a Trezor keeps its one enabled address. Unreadable stored accounts are
 * skipped and logged, as KDF clears what it cannot read.
 */
export async function attachHdWallet(ctx: NodeContext, coin: UtxoCoin, gapLimit: number): Promise<UtxoHdWallet | null> {
  const keys = ctx.keys;
  if (keys?.mode !== 'hd' || coin.signer.kind === 'hardware') return null;
  const coinPath = coin.config.derivationPath ?? '';
  const store = await HdAccountsStore.open(ctx.platform.storage, keys.rmd160Hex);
  coin.addDisposer(() => store.close());
  const wallet = await UtxoHdWallet.open({
    coin,
    store,
    coinPath,
    gapLimit,
    keyAt: (id) => keys.coinKeyPair(coinPath, id.accountId, chainIndex(id.chain), id.addressId),
    publicKeyAt: (id) => keys.addressPublicKey(coinPath, id.accountId, chainIndex(id.chain), id.addressId),
  });
  if (wallet.skippedRecords > 0) ctx.log('warn', `${coin.ticker}: ${wallet.skippedRecords} unreadable HD account records skipped`);
  coin.hdWallet = wallet;
  return wallet;
}

export function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
