import { afterEach, describe, expect, it, vi } from 'vitest';
import { sliceClock, yieldToEventLoop } from '../../../../../../src/node/coins/utxo/tx/yieldToEventLoop';

describe('yieldToEventLoop', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resolves only after macrotasks already queued had their turn (setImmediate under Node)', async () => {
    let ran = false;
    setImmediate(() => {
      ran = true;
    });
    await yieldToEventLoop();
    expect(ran).toBe(true);
  });

  it('falls back to a MessageChannel message where there is no setImmediate (browsers, workers)', async () => {
    vi.stubGlobal('setImmediate', undefined);
    let microtasksDone = 0;
    for (let i = 0; i < 100; i++) void Promise.resolve().then(() => microtasksDone++);
    await yieldToEventLoop();
    expect(microtasksDone).toBe(100);
  });
});

describe('sliceClock', () => {
  it('is due once a slice of about 10 ms is used up, then starts the next', () => {
    const now = vi.spyOn(performance, 'now');
    now.mockReturnValue(1000);
    const slice = sliceClock();
    now.mockReturnValue(1009);
    expect(slice.due()).toBe(false);
    now.mockReturnValue(1010);
    expect(slice.due()).toBe(true);
    now.mockReturnValue(1015);
    expect(slice.due()).toBe(false);
    now.mockReturnValue(1020);
    expect(slice.due()).toBe(true);
    now.mockRestore();
  });
});
