/** KMD interest against KDF's own test cases and the rule's edges (tests/fixtures/kmd/kdf-interest.json). */
import { describe, expect, it } from 'vitest';
import cases from '../../../../../fixtures/kmd/kdf-interest.json';
import { kmdAccrueStartAt, kmdAccrueStopAt, kmdInterest } from '../../../../../../src/node/coins/utxo/kmd/interest';

describe('kmdInterest', () => {
  it.each(cases.interest)('$name', (c) => {
    const got = kmdInterest({ height: c.height, value: BigInt(c.value), lockTime: c.lockTime }, c.currentTime);
    if ('sat' in c.expected) expect(got).toEqual({ accrued: true, sat: BigInt(c.expected.sat!) });
    else expect(got).toEqual({ accrued: false, reason: c.expected.reason });
  });
});

describe('the accrual window', () => {
  it.each(cases.accrueStopAt)('stops $name', (c) => {
    expect(kmdAccrueStopAt(c.height, c.lockTime)).toBe(c.expected);
  });

  it('starts an hour after the lock time', () => {
    expect(kmdAccrueStartAt(1595845640)).toBe(1595849240);
  });
});
