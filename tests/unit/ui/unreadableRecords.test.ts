/** The wallet page's warning about stored records the node could not read. */
import { describe, expect, it, vi } from 'vitest';
import type { RpcClient } from '../../../src/client/RpcClient';
import { followUnreadableRecords, unreadableRecordsWarning } from '../../../src/ui/lib/unreadableRecords';

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

describe('followUnreadableRecords', () => {
  it('asks get_storage_status at once and again on each unreadable_records event, until unsubscribed', async () => {
    const counts = [none, { ...none, orders: 1 }];
    const handlers = new Map<string, () => void>();
    const calls: string[] = [];
    const client = {
      call: async (method: string) => {
        calls.push(method);
        return { unreadable_records: counts[Math.min(calls.length - 1, counts.length - 1)] };
      },
      on: (event: string, handler: () => void) => {
        handlers.set(event, handler);
        return () => handlers.delete(event);
      },
    } as unknown as RpcClient;
    const shown: (string | null)[] = [];
    const off = followUnreadableRecords(client, (w) => shown.push(w));
    await vi.waitFor(() => expect(shown).toEqual([null]));
    handlers.get('unreadable_records')?.();
    await vi.waitFor(() => expect(shown).toHaveLength(2));
    expect(shown[1]).toMatch(/skipped: 1 order\./);
    expect(calls).toEqual(['get_storage_status', 'get_storage_status']);
    off();
    expect(handlers.size).toBe(0);
  });

  it('shows nothing when the call fails (a node that is not running)', async () => {
    const client = { call: async () => Promise.reject(new Error('not running')), on: () => () => undefined } as unknown as RpcClient;
    const shown: (string | null)[] = [];
    followUnreadableRecords(client, (w) => shown.push(w));
    await new Promise((r) => setTimeout(r, 10));
    expect(shown).toEqual([]);
  });
});
