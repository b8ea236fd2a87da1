/**
 * The chain's median time past (BIP113): the median timestamp of the tip's last 11 headers, what
 * a refund's nLockTime is compared with (KDF's `get_current_mtp`, `mtp_block_count` 11). The
 * server asked may be a few blocks behind the tip we follow (another server of the pool), so the
 * request reaches back further and the median is taken over the last 11 headers it has: the MTP of
 * its tip, never later than ours, so a refund it allows is final for every server.
 */
import { coinError } from '../../coinErrors';
import type { ElectrumApi } from '../electrumApi';

export const MTP_BLOCK_COUNT = 11;
/** How many blocks behind our tip the answering server may be. */
const SERVER_LAG = 10;

export async function medianTimePast(api: Pick<ElectrumApi, 'headerTimes'>, tipHeight: number): Promise<number> {
  const start = Math.max(0, tipHeight - MTP_BLOCK_COUNT + 1 - SERVER_LAG);
  const times = await api.headerTimes(start, tipHeight - start + 1);
  if (times.length === 0) throw coinError.transport(`the server has no headers from height ${start}`);
  return median(times.slice(-MTP_BLOCK_COUNT));
}

/** The middle of the sorted values; the upper middle for an even count (Bitcoin Core's GetMedianTimePast). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
