/**
 * The swap status methods of KDF's `lp_swap.rs` (flat) and `swap_v2_rpcs.rs` (mmrpc 2.0):
 * `my_swap_status`, `my_recent_swaps`, `active_swaps`. The flat forms answer `{"result": …}` with
 * the saved swap flattened into KDF's `MySwapStatusResponse` and fail with a plain error text; the
 * mmrpc forms answer `SwapRpcData` (`{swap_type, swap_data}`) and fail with KDF's typed errors.
 */
import type { ParamReader } from '../../../shared/params';
import type { NodeContext } from '../../core/context';
import type { CommonErrorType, SwapsErrorType } from '../../../shared/contract/errors';
import { MmError } from '../../core/errors';
import type { HandlerTable } from '../../core/handler';
import { recentSwaps, RecentSwapsError, type RecentSwapsPage } from './recentSwaps';
import type { SavedSwap } from './savedSwap';
import { savedSwapToWire, swapRpcData, swapStatusToWire } from './statusWire';
import { UUID_RE } from '../../../shared/uuid';


const typed = (errorType: SwapsErrorType | CommonErrorType, message: string, httpStatus: number, errorData?: unknown, cause?: unknown): MmError =>
  new MmError({ errorType, message, errorData: errorData ?? message, httpStatus, cause });

/** The flat methods' failures: KDF's `ERR!` strings, HTTP 500. */
const flatError = (message: string, cause?: unknown): MmError => typed('SwapStatusError', message, 500, undefined, cause);

function readUuid(r: ParamReader, name: string, fail: (m: string) => MmError): string {
  const uuid = r.str(name);
  if (!UUID_RE.test(uuid)) throw fail(`${r.field(name)}: invalid uuid '${uuid.slice(0, 64)}'`);
  return uuid.toLowerCase();
}

async function loadSwap(ctx: NodeContext, uuid: string): Promise<SavedSwap | null> {
  try {
    return (await ctx.swaps?.status(uuid)) ?? null;
  } catch (e) {
    throw typed('DbError', `Error loading a swap: ${(e as Error).message}`, 500, undefined, e);
  }
}

interface RecentQuery {
  limit: number;
  pageNumber: number;
  fromUuid?: string;
  page: RecentSwapsPage;
}

/** KDF's `PagingOptions` (limit 10, page 1 by default) and `MySwapsFilter`, then the page. */
async function queryRecent(ctx: NodeContext, r: ParamReader, fail: (m: string) => MmError): Promise<RecentQuery> {
  const limit = r.optUint('limit') ?? 10;
  const pageNumber = r.optUint('page_number') ?? 1;
  if (limit < 1) throw fail('limit: must be at least 1');
  if (pageNumber < 1) throw fail('page_number: must be at least 1');
  const fromUuid = r.has('from_uuid') && r.raw('from_uuid') !== null ? readUuid(r, 'from_uuid', fail) : undefined;
  const filter = { myCoin: r.optStr('my_coin'), otherCoin: r.optStr('other_coin'), fromTimestamp: r.optUint('from_timestamp'), toTimestamp: r.optUint('to_timestamp') };
  let history: SavedSwap[];
  try {
    history = (await ctx.swaps?.history()) ?? [];
  } catch (e) {
    throw typed('DbError', `Unable to query swaps storage: ${(e as Error).message}`, 500, undefined, e);
  }
  return { limit, pageNumber, fromUuid, page: recentSwaps(history, filter, { limit, pageNumber, fromUuid }) };
}

/** KDF's `MyRecentSwapsResponse` of the page, each swap as `toWire` shows it. */
function recentResult<W>(q: RecentQuery, toWire: (s: SavedSwap) => W) {
  return {
    swaps: q.page.swaps.map(toWire),
    from_uuid: q.fromUuid ?? null,
    skipped: q.page.skipped,
    limit: q.limit,
    total: q.page.total,
    page_number: q.pageNumber,
    total_pages: Math.ceil(q.page.total / q.limit),
    found_records: q.page.swaps.length,
  };
}

/** The running swaps and, when asked, their saved state (unreadable ones are logged and left out). */
async function runningSwaps(ctx: NodeContext, includeStatus: boolean): Promise<{ uuids: string[]; statuses: Map<string, SavedSwap> | null }> {
  const uuids = ctx.swaps?.activeUuids() ?? [];
  if (!includeStatus) return { uuids, statuses: null };
  const statuses = new Map<string, SavedSwap>();
  for (const uuid of uuids) {
    try {
      const swap = await ctx.swaps?.status(uuid);
      if (swap) statuses.set(uuid, swap);
    } catch (e) {
      ctx.log('error', `active_swaps: ${uuid}: ${(e as Error).message}`);
    }
  }
  return { uuids, statuses };
}

const mapObject = <T>(m: Map<string, SavedSwap>, f: (s: SavedSwap) => T): Record<string, T> => Object.fromEntries([...m].map(([k, v]) => [k, f(v)]));

export const swapStatusHandlers: HandlerTable = {
  my_swap_status: {
    legacy: async (ctx, args) => {
      const params = args.optObj('params');
      if (!params) throw flatError('params: missing field `uuid`');
      const uuid = readUuid(params, 'uuid', flatError);
      const swap = await loadSwap(ctx, uuid).catch((e: unknown) => {
        throw flatError((e as Error).message, e);
      });
      if (!swap) throw flatError(`No swap with uuid ${uuid}`);
      return { result: swapStatusToWire(swap) };
    },
    mmrpc: async (ctx, params) => {
      const uuid = readUuid(params, 'uuid', (m) => typed('InvalidRequest', m, 400));
      const swap = await loadSwap(ctx, uuid);
      if (!swap) throw typed('NoSwapWithUuid', `No swap with uuid ${uuid}`, 400, uuid);
      return swapRpcData(swap);
    },
  },
  my_recent_swaps: {
    legacy: async (ctx, args) => {
      try {
        return { result: recentResult(await queryRecent(ctx, args, flatError), swapStatusToWire) };
      } catch (e) {
        throw e instanceof MmError ? e : flatError((e as Error).message, e);
      }
    },
    mmrpc: async (ctx, params) => {
      try {
        return recentResult(await queryRecent(ctx, params, (m) => typed('InvalidRequest', m, 400)), swapRpcData);
      } catch (e) {
        if (!(e instanceof RecentSwapsError)) throw e;
        throw typed(e.kind, e.message, 400, e.kind === 'FromUuidSwapNotFound' ? params.str('from_uuid').toLowerCase() : undefined, e);
      }
    },
  },
  active_swaps: {
    legacy: async (ctx, args) => {
      const { uuids, statuses } = await runningSwaps(ctx, args.optBool('include_status', false));
      return { uuids, statuses: statuses ? mapObject(statuses, savedSwapToWire) : null };
    },
    mmrpc: async (ctx, params) => {
      const { uuids, statuses } = await runningSwaps(ctx, params.optBool('include_status', false));
      return { uuids, statuses: statuses ? mapObject(statuses, swapRpcData) : {} };
    },
  },
};
