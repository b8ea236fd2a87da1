/**
 * The `electrum` activation of a QRC20 token (KDF `lp_coininit` → `qrc20_coin_with_policy`): the
 * request's `swap_contract_address` (required) and `fallback_swap_contract` (optional), then the
 * token's own QTUM side over its own Electrum connection and key, as KDF builds one UTXO arc per
 * token; the platform coin need not be active. Decimals are the coins file's, else the contract's
 * `decimals()`. With `tx_history` its token history is kept (history.ts). A token whose balance
 * cannot be read is shut down again, leaving nothing behind.
 */
import type { ParamReader } from '../../../shared/params';
import type { NodeContext } from '../../core/context';
import { hexToBytes } from '../../crypto';
import { MmError } from '../../core/errors';
import { TxHistoryStore } from '../../storage';
import type { CoinBalance, TransactionDetails } from '../coin';
import { coinError } from '../coinErrors';
import type { CoinConfig } from '../config';
import { electrumRuntime, readElectrumParams } from '../utxo/activationParams';
import { activateUtxoCoin, BALANCE_TIMEOUT_MS, withTimeout } from '../utxo/activate';
import { decodeUint256, encodeDecimals } from './abi';
import { Qrc20ElectrumApi } from './electrumQrc20';
import { Qrc20History } from './history';
import { Qrc20Coin, withoutBalanceEvents } from './qrc20Coin';

/** A contract address as KDF's `H160` reads it from JSON: 0x and 40 hex digits. */
const H160 = /^0x[0-9a-fA-F]{40}$/;
/** More decimals than any token uses; a `decimals()` answer above it is refused (KDF keeps a u8). */
export const MAX_TOKEN_DECIMALS = 36;

/** `swap_contract_address` / `fallback_swap_contract`, with KDF's `from_legacy_req` texts on failure. */
function readContract(args: ParamReader, name: string, required: boolean): Uint8Array | null {
  const v = args.raw(name);
  if (v === undefined || v === null) {
    if (!required) return null;
    throw coinError.activation(`Error parsing the '${name}': invalid type: null, expected a 0x-prefixed hex string with length of 40`);
  }
  if (typeof v !== 'string' || !H160.test(v)) {
    const shown = typeof v === 'string' ? `'${v.slice(0, 100)}'` : typeof v;
    throw coinError.activation(`Error parsing the '${name}': expected a 0x-prefixed hex string with length of 40, got ${shown}`);
  }
  return hexToBytes(v.slice(2));
}

/** The contract's `decimals()`, bounded. */
async function contractDecimals(api: Qrc20ElectrumApi, contract: Uint8Array): Promise<number> {
  const value = decodeUint256(await api.contractCall(contract, encodeDecimals()));
  if (value === null || value > BigInt(MAX_TOKEN_DECIMALS)) {
    throw coinError.activation(`Error detecting the decimals of the token: the contract answered ${value === null ? 'no U256' : value.toString()}`);
  }
  return Number(value);
}

export async function activateQrc20Coin(ctx: NodeContext, config: CoinConfig, args: ParamReader): Promise<{ coin: Qrc20Coin; balance: CoinBalance }> {
  const ticker = config.ticker;
  if (config.protocol.type !== 'QRC20') throw coinError.activation(`Coin ${ticker} is not a QRC20 token (protocol ${config.protocol.type})`);
  const { platform, contractAddress } = config.protocol;
  const swapContract = readContract(args, 'swap_contract_address', true)!;
  const fallbackSwapContract = readContract(args, 'fallback_swap_contract', false);
  const params = readElectrumParams(args, electrumRuntime(ctx.platform));
  if (config.mm2 === undefined && params.mm2 === undefined) {
    throw coinError.activation('mm2 param is not set neither in coins config nor enable request, assuming that coin is not supported');
  }
  if (params.privKeyPolicy === 'Trezor') throw coinError.activation(`Coin ${ticker}: QRC20 tokens cannot be activated with a Trezor`);
  const emit = ctx.platform.emit;
  // The QTUM side: no history or merging of its own; its QTUM balance events are not the token's.
  const { coin: qtum } = await activateUtxoCoin(ctx, config, { ...params, txHistory: false, utxoMergeParams: undefined }, undefined, withoutBalanceEvents(emit));
  const api = new Qrc20ElectrumApi(qtum.electrum);
  const contract = hexToBytes(contractAddress.slice(2));
  try {
    const decimals = config.decimals ?? (await withTimeout(contractDecimals(api, contract), BALANCE_TIMEOUT_MS, 'decimals query timed out'));
    const coin = new Qrc20Coin({ config, platform, contract, decimals, swapContract, fallbackSwapContract, qtum, api, emit, now: ctx.platform.now });
    const balance = await withTimeout(coin.balance(), BALANCE_TIMEOUT_MS, 'balance query timed out');
    if (params.txHistory && ctx.keys) {
      const store = await TxHistoryStore.open<TransactionDetails>(ctx.platform.storage, ctx.keys.rmd160Hex);
      const history = new Qrc20History(coin, store, emit, () => Math.floor(ctx.platform.now() / 1000));
      coin.history = history;
      qtum.onChange(() => void history.sync());
      qtum.addDisposer(() => history.close());
      void history.sync();
    }
    return { coin, balance };
  } catch (e) {
    await qtum.shutdown();
    if (e instanceof MmError && e.errorType === 'CoinActivationError') throw e;
    throw coinError.activation(`Deactivated coin due to error in balance querying: ${(e as Error).message}`, e);
  }
}
