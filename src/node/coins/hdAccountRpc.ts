/**
 * KDF's HD account methods: `get_new_address`, `task::account_balance::{init,status,cancel}` and
 * `task::create_new_account::{init,status,cancel}` (coins/rpc_command/get_new_address.rs,
 * init_account_balance.rs, init_create_account.rs), with their errors and statuses.
 *
 * A coin holding HD accounts (capabilities/hdAccounts.ts: a UTXO coin of a software HD wallet)
 * serves them from its wallet: every known address of an account, and new addresses under KDF's
 * gap-limit rule. An EVM coin or a Trezor-held coin still holds one address (account 0, external
 * chain, index 0): its account balance reports that address, and a new address or account is
 * refused with KDF's `AddressLimitReached` / `AccountLimitReached` (1), because handing out an
 * address the node neither watches nor spends from would show funds sent to it as missing.
 */
import type { MmRpcResult } from '../../shared/contract';
import { ParamError, type ParamReader } from '../../shared/params';
import type { NodeContext } from '../core/context';
import type { CommonErrorType, HdAccountErrorType } from '../../shared/contract/errors';
import { internalError, MmError } from '../core/errors';
import type { NodeTasks } from '../core/tasks';
import type { HandlerTable } from '../core/handler';
import { taskCancel, taskStatus } from '../core/taskRpc';
import { wireBalance, wireHdAccount, wireHdAddress, type BalanceMap } from './activation/balanceReport';
import { hdAccountsOf } from './capabilities/hdAccounts';
import { isTokenPlatform } from './capabilities/tokenPlatform';
import type { EnabledCoin } from './coin';
import { MAX_GAP_LIMIT } from './hdWallet/path';

/** Addresses this node derives per account and chain. */
const ADDRESSES_PER_CHAIN = 1;
const ACCOUNT_BALANCE_TASK = 'account_balance';
const CREATE_ACCOUNT_TASK = 'create_new_account';

const badRequest = (errorType: HdAccountErrorType | CommonErrorType, message: string, errorData?: unknown): MmError =>
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
  emptyAddressesLimitReached: (gapLimit: number): MmError =>
    badRequest('EmptyAddressesLimitReached', `Empty addresses limit reached. Gap limit: ${gapLimit}`, { gap_limit: gapLimit }),
  accountLimitReached: (max: number): MmError =>
    badRequest('AccountLimitReached', `Accounts limit reached. Max number of accounts: ${max}`, { max_accounts_number: max }),
  /** KDF's own words when the account asked for exists (`create_new_account` finds it taken). */
  accountExists: (accountId: number): MmError =>
    new MmError({
      errorType: 'Internal',
      message: `Internal: Account '${accountId}' has been activated while we proceed the 'create_new_account' function`,
      errorData: `Account '${accountId}' has been activated while we proceed the 'create_new_account' function`,
      httpStatus: 500,
    }),
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

/** KDF reads a u32; this node takes at most `MAX_GAP_LIMIT` (each unit is one more address asked about). */
function gapLimitOf(p: ParamReader): number {
  const n = u32(p, 'gap_limit');
  if (n > MAX_GAP_LIMIT) throw new ParamError(p.field('gap_limit'), `\`gap_limit\` is ${n}, at most ${MAX_GAP_LIMIT} is allowed`);
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

/** A coin's balance map as KDF's HD forms show it: a platform coin lists its activated tokens too. */
async function balanceMap(ctx: NodeContext, coin: EnabledCoin): Promise<BalanceMap> {
  const coins = [coin];
  if (isTokenPlatform(coin)) {
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

/** KDF's `HDAccountBalance`: every known address of the account, or account 0's one address. */
async function accountBalance(ctx: NodeContext, coin: EnabledCoin, accountIndex: number): Promise<NodeTasks['account_balance']['result']> {
  if (!isHdWallet(ctx)) throw hdAccountError.notHd();
  const hdWallet = hdAccountsOf(coin);
  if (hdWallet) {
    const account = await readOrTransport(coin, () => hdWallet.accountBalance(accountIndex));
    if (!account) throw hdAccountError.unknownAccount(accountIndex);
    return wireHdAccount(coin.ticker, coin.decimals, account);
  }
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
async function getNewAddress(ctx: NodeContext, p: ParamReader): Promise<MmRpcResult<'get_new_address'>> {
  const ticker = p.str('coin');
  const accountId = u32(p, 'account_id');
  const chain = p.has('chain') && p.raw('chain') !== null ? p.oneOf('chain', ['External', 'Internal'] as const) : 'External';
  const gapLimit = p.has('gap_limit') ? gapLimitOf(p) : undefined;
  const coin = findCoin(ctx, ticker);
  if (!isHdWallet(ctx)) throw hdAccountError.notHd();
  const hdWallet = hdAccountsOf(coin);
  if (hdWallet) {
    const answer = await readOrTransport(coin, () => hdWallet.newAddress(accountId, chain, gapLimit ?? hdWallet.gapLimit));
    if (answer === null) throw hdAccountError.unknownAccount(accountId);
    if ('kind' in answer) {
      throw answer.kind === 'AddressLimitReached'
        ? hdAccountError.addressLimitReached(answer.maxAddressesNumber)
        : hdAccountError.emptyAddressesLimitReached(answer.gapLimit);
    }
    return { new_address: wireHdAddress(coin.ticker, coin.decimals, answer) };
  }
  if (accountId !== 0) throw hdAccountError.unknownAccount(accountId);
  if (chain !== 'External' && isEvm(coin)) throw hdAccountError.invalidBip44Chain(chain);
  throw hdAccountError.addressLimitReached(ADDRESSES_PER_CHAIN);
}

/** Electrum and storage failures keep their type; anything else is KDF's `Transport`. */
async function readOrTransport<T>(coin: EnabledCoin, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    throw e instanceof MmError ? e : hdAccountError.transport(`${coin.ticker}: ${(e as Error).message}`, e);
  }
}

async function initAccountBalance(ctx: NodeContext, p: ParamReader): Promise<MmRpcResult<'task::account_balance::init'>> {
  const ticker = p.str('coin');
  const accountIndex = u32(p, 'account_index');
  const coin = findCoin(ctx, ticker);
  const taskId = ctx.tasks.spawn(ACCOUNT_BALANCE_TASK, 'RequestingAccountBalance', () => accountBalance(ctx, coin, accountIndex));
  return { task_id: taskId };
}

/** `{coin, account_id?, scan? (true), gap_limit?}`: the coin at init, the rest in the task, as KDF. */
async function initCreateAccount(ctx: NodeContext, p: ParamReader): Promise<MmRpcResult<'task::create_new_account::init'>> {
  const ticker = p.str('coin');
  const accountId = p.has('account_id') ? u32(p, 'account_id') : undefined;
  const scan = p.optBool('scan', true);
  const gapLimit = p.has('gap_limit') ? gapLimitOf(p) : undefined;
  const coin = findCoin(ctx, ticker);
  const taskId = ctx.tasks.spawn(CREATE_ACCOUNT_TASK, 'Preparing', async (h) => {
    if (!isHdWallet(ctx)) throw hdAccountError.notHd();
    const hdWallet = hdAccountsOf(coin);
    if (!hdWallet) throw hdAccountError.accountLimitReached(1);
    h.progress('RequestingAccountBalance');
    const answer = await readOrTransport(coin, () => hdWallet.createAccount(accountId, scan, gapLimit ?? hdWallet.gapLimit));
    if ('kind' in answer) {
      throw answer.kind === 'AccountLimitReached' ? hdAccountError.accountLimitReached(answer.maxAccountsNumber) : hdAccountError.accountExists(answer.accountId);
    }
    return wireHdAccount(coin.ticker, coin.decimals, answer);
  });
  return { task_id: taskId };
}

export const hdAccountHandlers: HandlerTable = {
  get_new_address: { mmrpc: getNewAddress },
  'task::account_balance::init': { mmrpc: initAccountBalance },
  'task::account_balance::status': {
    mmrpc: async (ctx, p) => {
      const status = ctx.tasks.status(ACCOUNT_BALANCE_TASK, p.uint('task_id'), p.optBool('forget_if_finished', true));
      // Its handle cannot ask the user (`awaiting` is never), and KDF's status has no such variant.
      if (status.status === 'UserActionRequired') throw internalError('an account balance task waits for the user');
      return status;
    },
  },
  'task::account_balance::cancel': { mmrpc: taskCancel(ACCOUNT_BALANCE_TASK) },
  'task::create_new_account::init': { mmrpc: initCreateAccount },
  'task::create_new_account::status': { mmrpc: taskStatus(CREATE_ACCOUNT_TASK) },
  'task::create_new_account::cancel': { mmrpc: taskCancel(CREATE_ACCOUNT_TASK) },
};
