/**
 * RPC handlers of the coins domain: activation, balances, withdraw and broadcast, for every coin
 * family; a family's own activation and methods come from the family table (families/).
 * `disable_coin` cancels orders first, so the orders domain serves it (`orders/rpc.ts`).
 */
import type { Def, MmRpcResult } from '../../shared/contract';
import type { NodeContext } from '../core/context';
import type { HandlerTable, LegacyAnswer } from '../core/handler';
import type { ParamReader } from '../../shared/params';
import type { CoinBalance, EnabledCoin, WithdrawRequest } from './coin';
import { coinError } from './coinErrors';
import { readWithdrawRequest } from './withdrawRequest';
import { unexpectedFromAddress } from './withdrawErrors';
import { hasHdAccounts } from './capabilities/hdAccounts';
import { familyActivation, familyHandlers } from './families';
import { wireBalance } from './activation/balanceReport';
import { txDetailsToWire } from './wire';
import { MmError } from '../core/errors';
import { taskCancel, taskStatus, taskUserAction } from '../core/taskRpc';
import { legacyCoin, legacyError } from './coinLookup';
import { myTxHistoryLegacy, myTxHistoryV2 } from './txHistoryRpc';
import { addressHandlers } from './addressRpc';
import { chainHandlers } from './chainRpc';
import { keyHandlers } from './keyRpc';
import { messageHandlers } from './messageRpc';
import { activationHandlers } from './activation/rpc';
import { hdAccountHandlers } from './hdAccountRpc';

/** A string argument as KDF's older flat handlers read it (`req["coin"].as_str()`), with their text when it is not one. */
function legacyStrArg(args: ParamReader, name: string): string {
  const v = args.raw(name);
  if (typeof v !== 'string') throw legacyError(`No '${name}' field`);
  return v;
}

function enabledCoin(ctx: NodeContext, ticker: string): EnabledCoin {
  const coin = ctx.enabledCoins.get(ticker);
  if (!coin) throw coinError.noSuchCoin(ticker);
  return coin;
}

/** KDF's `CoinInitResponse`, the answer of `electrum` and `enable`. */
function coinInitResponse(coin: EnabledCoin, balance: CoinBalance): Def<'CoinInitResponse'> {
  const wire = wireBalance(balance, coin.decimals);
  const body: Def<'CoinInitResponse'> = {
    result: 'success',
    address: coin.address,
    balance: wire.spendable,
    unspendable_balance: wire.unspendable,
    coin: coin.ticker,
    required_confirmations: coin.requiredConfirmations,
    requires_notarization: coin.requiresNotarization,
  };
  if (coin.matureConfirmations !== undefined) body.mature_confirmations = coin.matureConfirmations;
  return body;
}

async function electrum(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'electrum'>> {
  const ticker = args.str('coin');
  const config = ctx.coinsConfig.get(ticker);
  if (!config) throw coinError.activation(`Coin ${ticker} is not found in the coins config`);
  if (!ctx.enabledCoins.reserve(ticker)) throw coinError.alreadyActivated(ticker);
  try {
    const activate = familyActivation[config.protocol.type].electrum;
    if (!activate) throw coinError.activation(`Coin ${ticker} is not a UTXO coin (protocol ${config.protocol.type}): activate it with 'enable'`);
    const { coin, balance } = await activate(ctx, config, args);
    ctx.enabledCoins.settle(ticker, coin);
    ctx.log('info', `${ticker} activated at ${coin.address}`);
    return coinInitResponse(coin, balance);
  } catch (e) {
    ctx.enabledCoins.settle(ticker, null);
    throw e;
  }
}

async function enable(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'enable'>> {
  const ticker = args.str('coin');
  const config = ctx.coinsConfig.get(ticker);
  if (!config) throw coinError.activation(`Coin ${ticker} is not found in the coins config`);
  const family = familyActivation[config.protocol.type];
  if (ctx.enabledCoins.isPassive(ticker)) {
    if (!family.reenablePassive) throw coinError.activation(`Coin ${ticker} already initialized`);
    const { coin, balance } = await family.reenablePassive(ctx, config, args);
    ctx.log('info', `${ticker} is available again`);
    return coinInitResponse(coin, balance);
  }
  if (ctx.enabledCoins.has(ticker)) throw coinError.activation(`Coin ${ticker} already initialized`);
  const activate = family.enable;
  if (!activate) {
    throw new MmError({
      errorType: 'NativeRpcNotSupportedInWasm',
      message: `Coin ${ticker}: native daemon mode (enable) is not supported in the browser; activate it with 'electrum'`,
      httpStatus: 400,
    });
  }
  if (!ctx.enabledCoins.reserve(ticker)) throw coinError.activation(`Coin ${ticker} already initialized`);
  try {
    const { coin, balance } = await activate(ctx, config, args);
    ctx.enabledCoins.settle(ticker, coin);
    ctx.log('info', `${ticker} activated at ${coin.address}`);
    return coinInitResponse(coin, balance);
  } catch (e) {
    ctx.enabledCoins.settle(ticker, null);
    throw e;
  }
}

/** The flat and the 2.0 form answer the same `TransactionDetails`. */
async function withdraw(ctx: NodeContext, args: ParamReader): Promise<Def<'TransactionDetails'>> {
  const { coin, req } = readCoinWithdraw(ctx, args);
  return txDetailsToWire(await coin.withdraw(req));
}

/**
 * The request, then its coin: KDF parses the whole request before it looks the coin up, so a
 * malformed one is `InvalidRequest` whatever the coin. A `from` only a coin of a family with HD
 * accounts (of an HD wallet, which it checks) can serve.
 */
function readCoinWithdraw(ctx: NodeContext, args: ParamReader): { coin: EnabledCoin; req: WithdrawRequest } {
  const ticker = args.str('coin');
  const req = readWithdrawRequest(args);
  const coin = enabledCoin(ctx, ticker);
  if (req.from && !hasHdAccounts(coin)) {
    throw unexpectedFromAddress(
      ctx.keys?.mode === 'hd'
        ? `'from' is not supported for ${coin.ticker}: this node spends from its enabled address only`
        : "'from' is not supported if the coin is initialized with an Iguana private key",
    );
  }
  return { coin, req };
}

const WITHDRAW_TASK = 'withdraw';

/**
 * KDF's `task::withdraw::init`: the same withdraw, followed through task statuses, so a hardware
 * wallet's "confirm on the device" shows as `FollowHwDeviceInstructions`, and a PIN or passphrase it
 * asks for as this task's `UserActionRequired`, answered with `task::withdraw::user_action`.
 */
async function withdrawTask(ctx: NodeContext, params: ParamReader): Promise<MmRpcResult<'task::withdraw::init'>> {
  const { coin, req } = readCoinWithdraw(ctx, params);
  const taskId = ctx.tasks.spawn(WITHDRAW_TASK, 'Preparing', async (h) => {
    h.progress('GeneratingTransaction');
    const details = await coin.withdraw(req, { onFollowDevice: () => h.progress('FollowHwDeviceInstructions'), task: h, signal: h.signal });
    return txDetailsToWire(details);
  });
  return { task_id: taskId };
}

export const coinsHandlers: HandlerTable = {
  ...activationHandlers,
  ...addressHandlers,
  ...keyHandlers,
  ...messageHandlers,
  ...chainHandlers,
  ...hdAccountHandlers,
  ...familyHandlers,
  'task::withdraw::init': { mmrpc: withdrawTask },
  'task::withdraw::status': { mmrpc: taskStatus(WITHDRAW_TASK) },
  'task::withdraw::user_action': { mmrpc: taskUserAction(WITHDRAW_TASK) },
  'task::withdraw::cancel': { mmrpc: taskCancel(WITHDRAW_TASK) },
  my_tx_history: { legacy: myTxHistoryLegacy, mmrpc: myTxHistoryV2 },
  get_enabled_coins: {
    legacy: async (ctx) => ({
      result: ctx.enabledCoins.list().map((c) => ({ ticker: c.ticker, address: c.address })),
    }),
    // KDF's `get_enabled_coins_rpc`: tickers only.
    mmrpc: async (ctx) => ({ coins: ctx.enabledCoins.list().map((c) => ({ ticker: c.ticker })) }),
  },
  electrum: { legacy: electrum },
  enable: { legacy: enable },
  my_balance: {
    legacy: async (ctx, args) => {
      const coin = legacyCoin(ctx, legacyStrArg(args, 'coin'));
      const b = wireBalance(await coin.balance(), coin.decimals);
      return {
        coin: coin.ticker,
        balance: b.spendable,
        unspendable_balance: b.unspendable,
        address: coin.address,
      };
    },
  },
  withdraw: { legacy: withdraw, mmrpc: withdraw },
  send_raw_transaction: {
    legacy: async (ctx, args) => {
      const coin = legacyCoin(ctx, legacyStrArg(args, 'coin'));
      // KDF takes EVM transactions with or without 0x.
      const hex = legacyStrArg(args, 'tx_hex').replace(/^0x/i, '');
      if (!/^([0-9a-fA-F]{2})+$/.test(hex)) throw coinError.internal('tx_hex is not a hex string');
      return { tx_hash: await coin.sendRawTransaction(hex.toLowerCase()) };
    },
  },
};
