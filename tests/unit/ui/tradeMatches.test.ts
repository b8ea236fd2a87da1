import { describe, expect, it } from 'vitest';
import { readOrderMatched } from '../../../src/ui/lib/orderEvents';
import type { SwapStatus } from '../../../src/ui/lib/swaps';
import {
  addPendingMatch,
  FINISHED_SHOWN,
  matchOfOrder,
  matchRows,
  PENDING_MATCH_TTL_MS,
  prunePendingMatches,
} from '../../../src/ui/lib/tradeMatches';
import { makerRecord, makerStarted, pageStatus, STARTED_AT, takerStartedRecord } from './swapRecords';

const uuid = (i: number): string => `0b9b3e4a-7f7c-4d55-9a3f-${String(i).padStart(12, '0')}`;
const ORDER = uuid(900);

/** A maker swap of `ORDER` as the page reads it back. */
const makerSwap = (id: string, startedAt: number, finished = false): SwapStatus =>
  pageStatus(makerRecord([makerStarted(id, startedAt), ...(finished ? [{ type: 'Finished' as const }] : [])], { uuid: id, orderUuid: ORDER, startedAt }));
const takerSwap = (id: string, startedAt: number): SwapStatus => pageStatus(takerStartedRecord(id, startedAt));

/** `order_matched` as the node sends it (KDF's ORDER_STATUS event), read by the page. */
function matched(type: 'MakerMatch' | 'MakerConnected' | 'TakerMatch', swap: string) {
  const m = readOrderMatched({ order_type: type, order_data: { reserved: { taker_order_uuid: swap, maker_order_uuid: ORDER } } });
  if (!m) throw new Error('not a match');
  return m;
}

describe('matches on the Exchange tab', () => {
  it('shows a maker match at once, then the stored swap in its place, with the order behind it', () => {
    const swap = uuid(1);
    let pending = addPendingMatch([], matched('MakerMatch', swap), 1000);
    pending = addPendingMatch(pending, matched('MakerConnected', swap), 2000);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ connected: true, seenAt: 1000 });
    expect(matchRows([], pending)).toEqual([{ swapUuid: swap, role: 'Maker', state: 'matched', orderUuid: ORDER, at: 1000 }]);

    // swap_started: the swap record stands for the match (what a reload reads back from my_recent_swaps).
    const rows = matchRows([makerSwap(swap, STARTED_AT)], pending);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      swapUuid: swap,
      role: 'Maker',
      state: 'running',
      orderUuid: ORDER,
      give: { coin: 'RLTC1', amount: '0.5' },
      get: { coin: 'RLTC2', amount: '1' },
      at: STARTED_AT * 1000,
    });
    expect(matchOfOrder(rows, ORDER)?.swapUuid).toBe(swap);
    expect(matchRows([makerSwap(swap, STARTED_AT)], [])).toEqual(rows);
  });

  it('shows a taker’s swap under its own request uuid', () => {
    const swap = uuid(2);
    const rows = matchRows([takerSwap(swap, STARTED_AT)], []);
    expect(rows[0]).toMatchObject({ role: 'Taker', state: 'running', orderUuid: swap, give: { coin: 'RLTC2', amount: '1' } });
    expect(matchOfOrder(rows, ORDER)).toBeUndefined();
  });

  it('lists pending first, then every running swap, then only the newest finished, each newest first', () => {
    const finished = Array.from({ length: FINISHED_SHOWN + 3 }, (_, i) => makerSwap(uuid(100 + i), STARTED_AT + i, true));
    const running = [makerSwap(uuid(10), STARTED_AT - 50), makerSwap(uuid(11), STARTED_AT - 40)];
    const pending = addPendingMatch([], matched('TakerMatch', uuid(20)), 5);
    const rows = matchRows([...finished, ...running], pending);
    expect(rows.map((r) => r.state)).toEqual(['matched', 'running', 'running', ...Array<string>(FINISHED_SHOWN).fill('finished')]);
    expect(rows[1]!.swapUuid).toBe(uuid(11));
    expect(rows.slice(3).map((r) => r.swapUuid)).toEqual(finished.slice(-FINISHED_SHOWN).reverse().map((s) => s.uuid));
  });

  it('drops pending matches once stored, or when no swap followed in time', () => {
    const pending = addPendingMatch(addPendingMatch([], matched('MakerMatch', uuid(1)), 0), matched('MakerMatch', uuid(2)), 0);
    expect(prunePendingMatches(pending, [makerSwap(uuid(1), STARTED_AT)], 10).map((p) => p.swapUuid)).toEqual([uuid(2)]);
    expect(prunePendingMatches(pending, [], PENDING_MATCH_TTL_MS)).toEqual([]);
  });
});
