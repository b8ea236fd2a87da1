/**
 * The swap lock time setting (KDF's conf `payment_locktime`): empty is the node's default; otherwise
 * whole seconds within bounds, anything else refused with a message before it reaches a start.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PAYMENT_LOCKTIME_S, MIN_PAYMENT_LOCKTIME_S, parsePaymentLocktime } from '../../../src/ui/lib/network';

describe('the swap lock time setting', () => {
  it('is empty for the default, or whole seconds', () => {
    expect(parsePaymentLocktime('')).toEqual({ value: null, error: null });
    expect(parsePaymentLocktime('  ')).toEqual({ value: null, error: null });
    expect(parsePaymentLocktime(' 90 ')).toEqual({ value: 90, error: null });
    expect(parsePaymentLocktime(String(MIN_PAYMENT_LOCKTIME_S))).toEqual({ value: MIN_PAYMENT_LOCKTIME_S, error: null });
    expect(parsePaymentLocktime(String(MAX_PAYMENT_LOCKTIME_S))).toEqual({ value: MAX_PAYMENT_LOCKTIME_S, error: null });
  });

  it('refuses what a node could not use', () => {
    for (const text of ['59', '0', '-90', '90.5', '1e3', '0x5a', 'ninety', String(MAX_PAYMENT_LOCKTIME_S + 1), '99999999999']) {
      const r = parsePaymentLocktime(text);
      expect(r.value, text).toBeNull();
      expect(r.error, text).toMatch(/whole number of seconds/);
    }
  });
});
