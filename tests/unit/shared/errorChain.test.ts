import { describe, expect, it } from 'vitest';
import { errorMessage, findInChain, walk } from '../../../src/shared/errorChain';

class Marked extends Error {
  constructor(readonly mark: string, cause?: unknown) {
    super(`marked ${mark}`, cause === undefined ? undefined : { cause });
  }
}

describe('walk over cause chains (viem’s BaseError.walk)', () => {
  const root = new TypeError('socket closed');
  const middle = new Marked('middle', root);
  const outer = new Error('activation failed', { cause: middle });

  it('without a predicate, ends at the innermost cause', () => {
    expect(walk(outer)).toBe(root);
    expect(walk(root)).toBe(root);
    expect(walk('a string thrown')).toBe('a string thrown');
  });

  it('with a predicate, finds the first link it accepts, outermost first, or null', () => {
    expect(walk(outer, (e) => e instanceof Marked)).toBe(middle);
    expect(walk(outer, (e) => e instanceof Error)).toBe(outer);
    expect(walk(outer, (e) => e instanceof RangeError)).toBeNull();
    expect(findInChain(outer, (e): e is Marked => e instanceof Marked)?.mark).toBe('middle');
  });

  it('follows a cause that is not an Error as the last link', () => {
    const e = new Error('outer', { cause: { code: 'ECONNRESET' } });
    expect(walk(e)).toEqual({ code: 'ECONNRESET' });
  });

  it('stops on a cycle after 16 links instead of hanging', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    let visited = 0;
    expect(walk(a, () => (visited++, false))).toBeNull();
    expect(visited).toBe(16);
  });
});

describe('errorMessage', () => {
  it('is an Error’s message, else the value as text', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(42)).toBe('42');
  });
});
