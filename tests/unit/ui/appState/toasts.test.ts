import { describe, expect, it } from 'vitest';
import { addToast, ERROR_TOAST_MS, MAX_TOASTS, TOAST_MS, toastLifetime, type Toast } from '../../../../src/ui/lib/toasts';

const toast = (id: number, key?: string): Toast => ({ id, title: `t${id}`, body: '', tone: 'info', ...(key ? { key } : {}) });

describe('toast list', () => {
  it('keeps the newest few', () => {
    let list: Toast[] = [];
    const removed: number[] = [];
    for (let i = 1; i <= MAX_TOASTS + 2; i++) {
      const r = addToast(list, toast(i));
      list = r.list;
      removed.push(...r.removed.map((t) => t.id));
    }
    expect(list.map((t) => t.id)).toEqual([3, 4, 5, 6]);
    expect(removed).toEqual([1, 2]);
  });

  it('replaces a toast with the same key (a swap’s newest step)', () => {
    const a = addToast([toast(1, 'swap:x'), toast(2)], toast(3, 'swap:x'));
    expect(a.list.map((t) => t.id)).toEqual([2, 3]);
    expect(a.removed.map((t) => t.id)).toEqual([1]);
  });

  it('keeps errors longer', () => {
    expect(toastLifetime({ title: '', body: '', tone: 'error' })).toBe(ERROR_TOAST_MS);
    expect(toastLifetime({ title: '', body: '', tone: 'ok' })).toBe(TOAST_MS);
  });
});
