/**
 * The Exchange tab's "Matches and swaps": what became of my orders once they matched, for maker
 * and taker alike. A match told by `order_matched` is shown at once, in memory; once its swap is
 * stored (`swap_started`, or `my_recent_swaps` after a reload) the swap record stands for it, so
 * the row survives a reload. Running swaps are all listed; of the finished, only the newest few.
 */
import type { OrderMatch } from './orderEvents';
import type { SwapPhase, SwapRole, SwapStatus } from './swaps';
import { swapPhase } from './swaps';

/** Finished swaps kept on the Exchange tab (the Swaps tab lists them all). */
export const FINISHED_SHOWN = 5;
/** A match whose swap has not started by then is dropped (KDF's matching gives up far sooner). */
export const PENDING_MATCH_TTL_MS = 90_000;

/** A match not yet a stored swap: what `order_matched` said, and when the page heard it. */
export interface PendingMatch extends OrderMatch {
  seenAt: number;
}

export interface MatchRow {
  /** The swap's uuid (KDF names it after the taker request). */
  swapUuid: string;
  role: SwapRole;
  /** `matched`: the swap is not stored yet; otherwise the swap's phase. */
  state: 'matched' | SwapPhase;
  /** My order behind it: the maker order, or the taker request (the swap's own uuid). */
  orderUuid: string;
  /** What I give and get, once the swap is stored. */
  give?: { coin: string; amount: string };
  get?: { coin: string; amount: string };
  /** ms; the swap's start, or when the match was heard. */
  at: number;
}

/** `list` with `m` in it (one entry per swap uuid, the latest news kept). */
export function addPendingMatch(list: readonly PendingMatch[], m: OrderMatch, nowMs: number): PendingMatch[] {
  const old = list.find((p) => p.swapUuid === m.swapUuid);
  const next: PendingMatch = { ...m, connected: m.connected || (old?.connected ?? false), seenAt: old?.seenAt ?? nowMs };
  return [...list.filter((p) => p.swapUuid !== m.swapUuid), next];
}

/** Pending matches still worth showing: neither stored as a swap yet nor too old. */
export function prunePendingMatches(list: readonly PendingMatch[], swaps: readonly SwapStatus[], nowMs: number): PendingMatch[] {
  const stored = new Set(swaps.map((s) => s.uuid));
  return list.filter((p) => !stored.has(p.swapUuid) && nowMs - p.seenAt < PENDING_MATCH_TTL_MS);
}

function swapRow(s: SwapStatus): MatchRow {
  const info = s.my_info;
  return {
    swapUuid: s.uuid,
    role: s.type,
    state: swapPhase(s),
    orderUuid: s.my_order_uuid ?? s.uuid,
    give: { coin: info.my_coin, amount: info.my_amount },
    get: { coin: info.other_coin, amount: info.other_amount },
    // KDF's started_at is in seconds.
    at: info.started_at * 1000 || (s.events[0]?.timestamp ?? 0),
  };
}

/** The rows, newest first: pending matches, every running swap, and the newest finished ones. */
export function matchRows(swaps: readonly SwapStatus[], pending: readonly PendingMatch[]): MatchRow[] {
  const stored = new Set(swaps.map((s) => s.uuid));
  const waiting: MatchRow[] = pending
    .filter((p) => !stored.has(p.swapUuid))
    .map((p) => ({ swapUuid: p.swapUuid, role: p.role, state: 'matched', orderUuid: p.role === 'Maker' ? p.makerOrderUuid : p.swapUuid, at: p.seenAt }));
  const rows = swaps.map(swapRow).sort((a, b) => b.at - a.at);
  const running = rows.filter((r) => r.state === 'running');
  const finished = rows.filter((r) => r.state !== 'running').slice(0, FINISHED_SHOWN);
  return [...waiting.sort((a, b) => b.at - a.at), ...running, ...finished];
}

/** The row of the swap my order `orderUuid` led to, if any (the newest when it matched more than once). */
export function matchOfOrder(rows: readonly MatchRow[], orderUuid: string): MatchRow | undefined {
  return rows.find((r) => r.orderUuid === orderUuid);
}

export const MATCH_STATE_TEXT: Record<MatchRow['state'], string> = {
  matched: 'Matched → swap starting',
  running: 'Matched → swap running',
  finished: 'Matched → swap finished',
  failed: 'Matched → swap failed',
  refunded: 'Matched → swap refunded',
};
