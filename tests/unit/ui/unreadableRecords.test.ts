/** The wallet page's warning about stored records the node could not read. */
import { describe, expect, it } from 'vitest';
import { unreadableRecordsWarning } from '../../../src/ui/lib/unreadableRecords';

const none = { orders: 0, swaps: 0, wallets: 0, tx_history: 0 };

describe('unreadableRecordsWarning', () => {
  it('says nothing while every count is zero', () => {
    expect(unreadableRecordsWarning(none)).toBeNull();
  });

  it('names each kind with a count, singular or plural, in a fixed order', () => {
    expect(unreadableRecordsWarning({ ...none, swaps: 1 })).toBe(
      'Some saved data could not be read and was skipped: 1 swap. Everything else works; the log names each record. ' +
        'A skipped swap may still need its refund: keep this wallet’s recovery phrase.',
    );
    const all = unreadableRecordsWarning({ orders: 2, swaps: 3, wallets: 1, tx_history: 12 });
    expect(all).toMatch(/^Some saved data could not be read and was skipped: 2 orders, 3 swaps, 1 saved wallet, 12 transaction history records\. /);
    expect(unreadableRecordsWarning({ ...none, tx_history: 1 })).toContain(': 1 transaction history record.');
  });
});
