/**
 * KDF's HD account methods: `get_new_address` and `task::account_balance::{init,status,cancel}`
 * (coins/rpc_command/get_new_address.rs, init_account_balance.rs), with their errors and statuses.
 *
 * This node holds one address per coin: account 0, external chain, index 0 (see
 * `activation/balanceReport.ts`). The account balance task reports exactly that address. A new
 * address is refused with KDF's `AddressLimitReached` (1 address), because handing out an address
 * the node neither watches nor spends from would show funds sent to it as missing.
 */
import { ParamError, type ParamReader } from '../../shared/params';
import type { NodeContext } from '../context';
import { MmError } from '../errors';
import type { HandlerTable } from '../handler';
import { wireBalance, type BalanceMap } from './activation/balanceReport';
import type { EnabledCoin } from './coin';

/** Addresses this node derives per account and chain. */
const ADDRESSES_PER_CHAIN = 1;
const ACCOUNT_BALANCE_TASK = 'account_balance';

const badRequest = (errorType: string, message: string, errorData?: unknown): MmError =>
  new MmError({ errorType, message, errorData, httpStatus: 400 });

/** KDF's `GetNewAddressRpcError` / `HDAccountBalanceRpcError` variants shared by both methods (all 400). */
export const hdAccountError = {
  noSuchCoin: (coin: string): MmError => badRequest('NoSuchCoin', `No such coin ${coin}`, { coin }),
  notHd: (): MmError =>
    badRequest('CoinIsActivatedNotWithHDWallet', 'Coin is expected to be activated with the HD wallet derivation method'),
  unknownAccount: (accountId: number): MmError =>
    badRequest('UnknownAccount', `HD account '${accountId}' is not activated`, { account_id: accountId }),
  invalidBip44Chain: (chain: string): MmError =>
    badRequest('InvalidBip44Chain', `Coin doesn't support the given BIP44 chain: ${chain}`, { chain }),
  addressLimitReached: (max: number): MmError =>
    badRequest('AddressLimitReached', `Addresses limit reached. Max number of addresses: ${max}`, { max_addresses_number: max }),
  transport: (reason: string, cause?: unknown): MmError =>
    new MmError({ errorType: 'Transport', message: `Transport: ${reason}`, errorData: reason, httpStatus: 500, cause }),
};

const U32_MAX = 0xffff_ffff;

/** KDF reads account and gap numbers as `u32`. */
function u32(p: ParamReader, name: string): number {
  const n = p.uint(name);
  if (n > U32_MAX) throw new ParamError(p.field(name), `invalid value: integer \`${n}\`, expected u32`);
  return n;
}

function findCoin(ctx: NodeContext, ticker: string): EnabledCoin {
  const coin = ctx.enabledCoins.get(ticker);
  if (!coin) throw hdAccountError.noSuchCoin(ticker);
  return coin;
}

/** KDF treats a wallet from a mnemonic with `enable_hd`, and a hardware wallet (the only keys without a passphrase), as HD. */
function isHdWallet(ctx: NodeContext): boolean {
  return ctx.keys === null || ctx.keys.mode === 'hd';
}

const isEvm = (coin: EnabledCoin): boolean => coin.config.protocol.type === 'ETH' || coin.config.protocol.type === 'ERC20';

/** A coin's balance map as KDF's HD forms show it: an EVM platform coin lists its activated tokens too. */
async function balanceMap(ctx: NodeContext, coin: EnabledCoin): Promise<BalanceMap> {
  const coins = [coin];
  if (coin.config.protocol.type === 'ETH') {
    for (const t of ctx.enabledCoins.tokensOf(coin.ticker)) {
      const token = ctx.enabledCoins.get(t);
      if (token) coins.push(token);
    }
  }
  const map: BalanceMap = {};
  for (const c of coins) {
    try {
      map[c.ticker] = wireBalance(await c.balance(), c.decimals);
    } catch (e) {
      throw e instanceof MmError ? e : hdAccountError.transport(`${c.ticker}: ${(e as Error).message}`, e);
    }
  }
  return map;
}

function accountPath(coin: EnabledCoin): string {
  return `${coin.config.derivationPath ?? 'm'}/0'`;
}

/** KDF's `HDAccountBalance` of account 0: its one address and the same total. */
async function accountBalance(ctx: NodeContext, coin: EnabledCoin, accountIndex: number): Promise<unknown> {
  if (!isHdWallet(ctx)) throw hdAccountError.notHd();
  if (accountIndex !== 0) throw hdAccountError.unknownAccount(accountIndex);
  const balance = await balanceMap(ctx, coin);
  const account = accountPath(coin);
  return {
    account_index: 0,
    derivation_path: account,
    total_balance: balance,
    addresses: [{ address: coin.address, derivation_path: `${account}/0/0`, chain: 'External', balance }],
  };
}

/** `{coin, account_id, chain?, gap_limit?}`; after the request's fields, the checks run in KDF's order: coin, HD, account, chain, limit. */
async function getNewAddress(ctx: NodeContext, p: ParamReader): Promise<unknown> {
  const ticker = p.str('coin');
  const accountId = u32(p, 'account_id');
  const chain = p.has('chain') && p.raw('chain') !== null ? p.oneOf('chain', ['External', 'Internal'] as const) : 'External';
  if (p.has('gap_limit') && p.raw('gap_limit') !== null) u32(p, 'gap_limit');
  const coin = findCoin(ctx, ticker);
  if (!isHdWallet(ctx)) throw hdAccountError.notHd();
  if (accountId !== 0) throw hdAccountError.unknownAccount(accountId);
  if (chain !== 'External' && isEvm(coin)) throw hdAccountError.invalidBip44Chain(chain);
  throw hdAccountError.addressLimitReached(ADDRESSES_PER_CHAIN);
}

async function initAccountBalance(ctx: NodeContext, p: ParamReader): Promise<unknown> {
  const ticker = p.str('coin');
  const accountIndex = u32(p, 'account_index');
  const coin = findCoin(ctx, ticker);
  const taskId = ctx.tasks.spawn(ACCOUNT_BALANCE_TASK, 'RequestingAccountBalance', () => accountBalance(ctx, coin, accountIndex));
  return { task_id: taskId };
}

export const hdAccountHandlers: HandlerTable = {
  get_new_address: { mmrpc: getNewAddress },
  'task::account_balance::init': { mmrpc: initAccountBalance },
  'task::account_balance::status': {
    mmrpc: async (ctx, p) => ctx.tasks.status(ACCOUNT_BALANCE_TASK, p.uint('task_id'), p.optBool('forget_if_finished', true)),
  },
  'task::account_balance::cancel': {
    mmrpc: async (ctx, p) => {
      ctx.tasks.cancel(ACCOUNT_BALANCE_TASK, p.uint('task_id'));
      return 'success';
    },
  },
};
