/** The KMD page's rewards summary, from kmd_rewards_info answers in KDF's shape. */
import { describe, expect, it } from 'vitest';
import { summarizeKmdRewards } from '../../../src/ui/lib/kmdRewards';

const txHash = 'aa'.repeat(32);

describe('summarizeKmdRewards', () => {
  it('adds the accrued rewards exactly and finds the next output to start accruing', () => {
    const summary = summarizeKmdRewards({
      result: [
        { tx_hash: txHash, height: 10, output_index: 0, amount: '100', locktime: 1, accrued_rewards: { Accrued: '0.00514491' }, accrue_start_at: 3601, accrue_stop_at: 2678401 },
        { tx_hash: txHash, height: 11, output_index: 1, amount: '30', locktime: 2, accrued_rewards: { Accrued: '0.1' }, accrue_start_at: 3602, accrue_stop_at: 2678402 },
        { tx_hash: txHash, output_index: 2, amount: '20', locktime: 1700000000, accrued_rewards: { NotAccruedReason: 'TransactionInMempool' }, accrue_start_at: 1700003600 },
        { tx_hash: txHash, height: 12, output_index: 3, amount: '15', locktime: 1699990000, accrued_rewards: { NotAccruedReason: 'OneHourNotPassedYet' }, accrue_start_at: 1699993600 },
        { tx_hash: txHash, height: 12, output_index: 4, amount: '9', locktime: 1699990000, accrued_rewards: { NotAccruedReason: 'UtxoAmountLessThanTen' } },
      ],
    });
    expect(summary).toEqual({ total: '0.10514491', accruing: 2, outputs: 5, nextStart: 1699993600 });
  });

  it('says nothing accrues for an empty wallet', () => {
    expect(summarizeKmdRewards({ result: [] })).toEqual({ total: '0', accruing: 0, outputs: 0, nextStart: null });
  });

  it.each([
    ['no result', { error: 'KMD is not activated' }],
    ['a result that is not a list', { result: {} }],
    ['an element without rewards', { result: [{ tx_hash: txHash }] }],
    ['an accrued amount as a number', { result: [{ accrued_rewards: { Accrued: 0.1 } }] }],
    ['an accrued amount that is not a decimal', { result: [{ accrued_rewards: { Accrued: 'lots' } }] }],
  ])('refuses %s', (_name, body) => {
    expect(() => summarizeKmdRewards(body)).toThrow();
  });
});
