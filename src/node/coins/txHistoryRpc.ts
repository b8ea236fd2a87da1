/**
 * `my_tx_history` in both of KDF's forms: the flat one (lp_coins.rs, paging by `from_id` or
 * `page_number`) and the 2.0 one (my_tx_history_v2.rs, `paging_options` and `target`). Both answer
 * what is stored, with `sync_status` telling whether the background sync runs.
 */
import type { LegacyAnswer, MmRpcAnswer } from '../core/handler';
import type { Def } from '../../shared/contract';
import { ParamError, type ParamReader } from '../../shared/params';
import type { NodeContext } from '../core/context';
import { MmError } from '../core/errors';
import type { TransactionDetails } from './coin';
import { legacyCoin, legacyError } from './coinLookup';
import { historySnapshot } from './storedHistory';
import { txDetailsToWire } from './wire';

const DEFAULT_LIMIT = 10;

/** KDF's `calc_total_pages`. */
const totalPages = (total: number, limit: number): number => (limit === 0 ? 0 : Math.ceil(total / limit));

/** A history entry with `confirmations`, 0 while unconfirmed or above the tip. */
function entryToWire(t: TransactionDetails, tip: number): Def<'HistoryTransactionDetails'> {
  return { ...txDetailsToWire(t), confirmations: t.blockHeight === 0 || tip < t.blockHeight ? 0 : tip - t.blockHeight + 1 };
}

/** KDF's flat `my_tx_history`: the request is read whole before the coin is looked up, as serde does. */
export async function myTxHistoryLegacy(ctx: NodeContext, args: ParamReader): Promise<LegacyAnswer<'my_tx_history'>> {
  const ticker = args.str('coin');
  const fromId = args.optStr('from_id');
  const max = args.optBool('max', false);
  const pageLimit = args.optUint('limit') ?? DEFAULT_LIMIT;
  const pageNumber = args.optUint('page_number');
  if (pageNumber === 0) throw new ParamError('page_number', 'invalid value: integer `0`, expected a nonzero usize');
  const coin = legacyCoin(ctx, ticker);
  const { transactions: all, currentBlock, syncStatus } = await historySnapshot(ctx, coin);
  const limit = max ? all.length : pageLimit;
  let skip = 0;
  if (fromId !== undefined) {
    const at = all.findIndex((t) => t.internalId === fromId.toLowerCase());
    if (at < 0) throw legacyError(`from_id ${fromId} is not found`);
    skip = at + 1;
  } else if (pageNumber !== undefined) skip = (pageNumber - 1) * pageLimit;
  return {
    result: {
      transactions: all.slice(skip, skip + limit).map((t) => entryToWire(t, currentBlock)),
      limit,
      skipped: skip,
      from_id: fromId ?? null,
      total: all.length,
      current_block: currentBlock,
      sync_status: syncStatus,
      page_number: pageNumber ?? null,
      total_pages: totalPages(all.length, pageLimit),
    },
  };
}

/** KDF's `MyTxHistoryErrorV2` variants served here; their text is the payload, as derive_more shows a newtype. */
const historyV2Error = {
  coinIsNotActive: (coin: string): MmError =>
    new MmError({ errorType: 'CoinIsNotActive', message: coin, errorData: coin, httpStatus: 404 }),
  notSupportedFor: (coin: string): MmError =>
    new MmError({ errorType: 'NotSupportedFor', message: coin, errorData: coin, httpStatus: 400 }),
  invalidTarget: (reason: string): MmError =>
    new MmError({ errorType: 'InvalidTarget', message: reason, errorData: reason, httpStatus: 400 }),
};

/** KDF's `PagingOptionsEnum`, externally tagged: `{"PageNumber": 1}` (the default) or `{"FromId": "<internal id>"}`. */
type PagingOptions = { PageNumber: number } | { FromId: string };

function readPagingOptions(params: ParamReader): PagingOptions {
  const r = params.optObj('paging_options');
  if (!r) return { PageNumber: 1 };
  const variants = Object.keys(r.obj);
  if (variants.length !== 1) {
    throw new ParamError(r.path, `invalid value for \`${r.path}\`: expected an object with one of \`FromId\`, \`PageNumber\``);
  }
  const variant = variants[0];
  if (variant !== 'FromId' && variant !== 'PageNumber') {
    throw new ParamError(r.path, `unknown variant \`${variant}\`, expected \`FromId\` or \`PageNumber\``);
  }
  if (variant === 'PageNumber') {
    const page = r.uint('PageNumber');
    if (page === 0) throw new ParamError(r.field('PageNumber'), 'invalid value: integer `0`, expected a nonzero usize');
    return { PageNumber: page };
  }
  const id = r.str('FromId');
  if (!/^([0-9a-fA-F]{2})*$/.test(id)) throw new ParamError(r.field('FromId'), `invalid hex for \`${r.field('FromId')}\``);
  return { FromId: id.toLowerCase() };
}

/** KDF's `MyTxHistoryTarget` as sent (`{"type": "iguana"}` by default), and its Rust debug form for errors. */
interface Target {
  wire: Def<'MyTxHistoryTarget'>;
  debug: string;
  /** The HD account and address it names (absent for `iguana`; `address` absent for a whole account). */
  accountId?: number;
  address?: { chain: 'External' | 'Internal'; addressId: number };
}

function readTarget(params: ParamReader): Target {
  const r = params.optObj('target');
  if (!r) return { wire: { type: 'iguana' }, debug: 'Iguana' };
  const type = r.oneOf('type', ['iguana', 'account_id', 'address_id'] as const);
  if (type === 'iguana') return { wire: { type }, debug: 'Iguana' };
  const accountId = r.uint('account_id');
  if (type === 'account_id') return { wire: { type, account_id: accountId }, debug: `AccountId { account_id: ${accountId} }`, accountId };
  const chain = r.oneOf('chain', ['External', 'Internal'] as const);
  const addressId = r.uint('address_id');
  return {
    wire: { type, account_id: accountId, chain, address_id: addressId },
    debug: `AddressId(HDPathAccountToAddressId { account_id: ${accountId}, chain: ${chain}, address_id: ${addressId} })`,
    accountId,
    address: { chain, addressId },
  };
}

/**
 * KDF's `get_tx_history_filters` for UTXO coins: an iguana wallet takes only the `iguana` target;
 * an HD wallet (a Trezor too) only an account or an address of it. Here an HD wallet holds account
 * 0 with its first external address, so those are the targets that name this coin's history.
 */
function checkTarget(ctx: NodeContext, target: Target): void {
  const hd = ctx.keys === null || ctx.keys.mode === 'hd';
  if (!hd) {
    if (target.accountId !== undefined) throw historyV2Error.invalidTarget(`Expected "Iguana" target, found: ${target.debug}`);
    return;
  }
  if (target.accountId === undefined) throw historyV2Error.invalidTarget(`Expected "an HD account/address" target, found: ${target.debug}`);
  if (target.accountId !== 0) throw historyV2Error.invalidTarget(`No such account_id=${target.accountId}`);
  const a = target.address;
  if (a && (a.chain !== 'External' || a.addressId !== 0)) throw historyV2Error.invalidTarget(`'${a.chain}:${a.addressId}' address is not activated`);
}

/**
 * KDF's `my_tx_history_v2_rpc`. KDF serves it for UTXO coins (and others not here) and answers
 * `NotSupportedFor` for ETH/ERC20, whose history is the flat method's. The target follows the wallet
 * kind (`checkTarget`); each names the coin's one address. Paging past an unknown `FromId`
 * answers an empty page, as KDF's browser storage does.
 */
export async function myTxHistoryV2(ctx: NodeContext, params: ParamReader): Promise<MmRpcAnswer<'my_tx_history'>> {
  const ticker = params.str('coin');
  const limit = params.optUint('limit') ?? DEFAULT_LIMIT;
  const paging = readPagingOptions(params);
  const target = readTarget(params);
  const coin = ctx.enabledCoins.get(ticker);
  if (!coin) throw historyV2Error.coinIsNotActive(ticker);
  const protocol = coin.config.protocol.type;
  if (protocol === 'ETH' || protocol === 'ERC20') throw historyV2Error.notSupportedFor(ticker);
  checkTarget(ctx, target);
  const { transactions: all, currentBlock, syncStatus } = await historySnapshot(ctx, coin);
  let skip = 0;
  let page: TransactionDetails[] = [];
  if ('PageNumber' in paging) {
    skip = (paging.PageNumber - 1) * limit;
    page = all.slice(skip, skip + limit);
  } else {
    const at = all.findIndex((t) => t.internalId === paging.FromId);
    if (at >= 0) {
      skip = at + 1;
      page = all.slice(skip, skip + limit);
    }
  }
  return {
    coin: ticker,
    target: target.wire,
    current_block: currentBlock,
    transactions: page.map((t) => entryToWire(t, currentBlock)),
    sync_status: syncStatus,
    limit,
    skipped: skip,
    total: all.length,
    total_pages: totalPages(all.length, limit),
    paging_options: paging,
  };
}
