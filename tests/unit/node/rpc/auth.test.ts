import { describe, expect, it } from 'vitest';
import { constantTimeEqual } from '../../../../src/node/rpc/auth';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('constantTimeEqual', () => {
  it.each([
    ['', '', true],
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'ab', false],
    ['ab', 'abc', false],
    ['abc\u0000', 'abc', false],
  ])('%j vs %j → %s', (a, b, equal) => {
    expect(constantTimeEqual(bytes(a), bytes(b))).toBe(equal);
  });
});
