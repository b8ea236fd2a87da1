import { describe, expect, it } from 'vitest';
import { errorPath, errorTrace, internalError, MmError, ourFrames } from '../../../src/node/core/errors';
import { dispatcherError } from '../../../src/node/rpc/dispatcherError';

describe('error locations', () => {
  it('keeps our modules only, outermost first, from a V8 stack', () => {
    const stack = [
      'Error: x',
      '    at new MmError (file:///w/src/node/errors.ts:40:5)',
      '    at make (file:///w/src/node/rpc/dispatcherError.ts:5:3)',
      '    at Dispatcher.legacy (/w/src/node/rpc/dispatcher.ts:93:11)',
      '    at async Promise.all (index 0)',
      '    at x (file:///w/node_modules/idb/build/index.js:10:1)',
      '    at NodeHost.handleRpc (http://127.0.0.1:5173/src/node/nodeHost.ts?t=123:34:7)',
    ].join('\n');
    const frames = ourFrames(stack);
    expect(frames).toEqual([
      { file: 'nodeHost', line: 34 },
      { file: 'dispatcher', line: 93 },
      { file: 'dispatcherError', line: 5 },
    ]);
    expect(errorPath(frames)).toBe('nodeHost.dispatcher.dispatcherError');
    expect(errorTrace(frames)).toBe('nodeHost:34] dispatcher:93] dispatcherError:5]');
  });

  it('writes a module once in the path when it repeats in a row', () => {
    const frames = [{ file: 'a', line: 1 }, { file: 'b', line: 2 }, { file: 'b', line: 3 }];
    expect(errorPath(frames)).toBe('a.b');
    expect(errorTrace(frames)).toBe('a:1] b:2] b:3]');
  });

  it('records the module that made an MmError, and nothing outside src/', () => {
    expect(dispatcherError.noSuchMethod().frames).toEqual([{ file: 'dispatcherError', line: expect.any(Number) }]);
    const here = new MmError({ errorType: 'Internal', message: 'm' });
    expect(here.frames).toEqual([]);
    expect(here.httpStatus).toBe(500);
  });

  it('wraps anything unexpected as InternalError with its message and keeps the cause', () => {
    const cause = new TypeError('boom');
    const e = internalError(cause);
    expect(e.errorType).toBe('InternalError');
    expect(e.errorData).toBe('boom');
    expect(e.cause).toBe(cause);
    expect(internalError(e)).toBe(e);
  });
});
