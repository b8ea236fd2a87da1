/**
 * KMD's rewards as the KMD page shows them, from `kmd_rewards_info`: what the wallet's outputs have
 * accrued in all, how many accrue, and when the next one starts. Claiming is sending the whole
 * balance to the wallet's own address: every KMD transaction claims its inputs' rewards into its
 * change (kmd/claim.ts on the node, as KDF).
 */
import { MmNumber } from '../../shared/number';

export interface KmdRewardsSummary {
  /** Decimal KMD, exact. */
  total: string;
  /** Outputs with rewards accrued now. */
  accruing: number;
  outputs: number;
  /** Unix seconds the first output still waiting (young or unconfirmed) starts to accrue; null when none waits. */
  nextStart: number | null;
}

/** The answer's `result`, read defensively: an element that does not parse is an error, never counted as zero. */
export function summarizeKmdRewards(body: unknown): KmdRewardsSummary {
  const result = (body as { result?: unknown } | null)?.result;
  if (!Array.isArray(result)) throw new Error('kmd_rewards_info answered without a result list');
  let total = MmNumber.ZERO;
  let accruing = 0;
  let nextStart: number | null = null;
  for (const element of result as unknown[]) {
    const rewards = (element as { accrued_rewards?: unknown } | null)?.accrued_rewards;
    if (typeof rewards !== 'object' || rewards === null) throw new Error('kmd_rewards_info answered an element without accrued_rewards');
    if ('Accrued' in rewards) {
      const amount = (rewards as { Accrued: unknown }).Accrued;
      if (typeof amount !== 'string') throw new Error('kmd_rewards_info answered an accrued amount that is not a decimal string');
      const value = MmNumber.parse(amount);
      total = total.add(value);
      if (value.isPositive()) accruing++;
      continue;
    }
    const start = (element as { accrue_start_at?: unknown }).accrue_start_at;
    if (typeof start === 'number' && (nextStart === null || start < nextStart)) nextStart = start;
  }
  return { total: total.toDecimalString(), accruing, outputs: result.length, nextStart };
}
