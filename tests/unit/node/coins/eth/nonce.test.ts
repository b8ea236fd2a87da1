import { describe, expect, it } from 'vitest';
import { NonceManager, SENT_HOLD_MS, SIGNED_HOLD_MS } from '../../../../../src/node/coins/eth/nonce';

function manager(pending: { count: number }) {
  let now = 1_000_000;
  const m = new NonceManager(async () => pending.count, () => now);
  return { m, advance: (ms: number) => (now += ms) };
}

describe('NonceManager', () => {
  it('starts at the pending count', async () => {
    const { m } = manager({ count: 5 });
    expect(await m.reserve()).toBe(5);
  });

  it('never gives one nonce twice while the node has not seen the first transaction', async () => {
    const { m } = manager({ count: 5 });
    const a = await m.reserve();
    m.sent(a);
    expect(await m.reserve()).toBe(6);
  });

  it('gives two withdraws signed before either is sent different nonces', async () => {
    const { m } = manager({ count: 0 });
    expect(await Promise.all([m.reserve(), m.reserve(), m.reserve()])).toEqual([0, 1, 2]);
  });

  it('follows the chain once it counts our transactions', async () => {
    const pending = { count: 2 };
    const { m } = manager(pending);
    m.sent(await m.reserve());
    pending.count = 3;
    expect(await m.reserve()).toBe(3);
  });

  it('hands out a nonce again when its signed transaction was never sent', async () => {
    const { m, advance } = manager({ count: 4 });
    expect(await m.reserve()).toBe(4);
    advance(SIGNED_HOLD_MS);
    expect(await m.reserve()).toBe(4);
  });

  it('fills the gap an abandoned withdraw left below a sent transaction', async () => {
    const { m, advance } = manager({ count: 4 });
    expect(await m.reserve()).toBe(4); // never broadcast
    const sent = await m.reserve();
    m.sent(sent);
    expect(sent).toBe(5);
    advance(SIGNED_HOLD_MS);
    expect(await m.reserve()).toBe(4);
  });

  it('trusts the chain again after a sent transaction the node never counted', async () => {
    const { m, advance } = manager({ count: 9 });
    m.sent(await m.reserve());
    advance(SENT_HOLD_MS);
    expect(await m.reserve()).toBe(9);
  });

  it('after a reload (a new manager) only the chain decides', async () => {
    const pending = { count: 7 };
    const first = manager(pending);
    first.m.sent(await first.m.reserve());
    pending.count = 8;
    expect(await manager(pending).m.reserve()).toBe(8);
  });

  it('keeps working after a failed pending-count query', async () => {
    let fail = true;
    const m = new NonceManager(async () => {
      if (fail) throw new Error('node down');
      return 1;
    }, () => 0);
    await expect(m.reserve()).rejects.toThrow('node down');
    fail = false;
    expect(await m.reserve()).toBe(1);
  });
});
