import { describe, expect, it } from 'vitest';
import { tryAcquireWalletLock } from '../../../../src/node/storage/index.js';
import { MmError } from '../../../../src/node/core/errors.js';
import { asLocks, FakeLockManager } from '../fakeLocks';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('tryAcquireWalletLock', () => {
  it('grants one holder per wallet until released', async () => {
    const fake = new FakeLockManager();
    const locks = asLocks(fake);

    const first = await tryAcquireWalletLock(locks, 'abc');
    expect(first).not.toBeNull();
    expect([...fake.held]).toEqual(['kdf-node::abc']);
    expect(await tryAcquireWalletLock(locks, 'abc')).toBeNull();

    const other = await tryAcquireWalletLock(locks, 'def');
    expect(other).not.toBeNull();

    first?.release();
    first?.release();
    await settle();
    expect(fake.held.has('kdf-node::abc')).toBe(false);

    const again = await tryAcquireWalletLock(locks, 'abc');
    expect(again).not.toBeNull();
    again?.release();
    other?.release();
  });

  it('always grants without a LockManager (single-process Node host)', async () => {
    const a = await tryAcquireWalletLock(undefined, 'abc');
    const b = await tryAcquireWalletLock(undefined, 'abc');
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    a?.release();
  });

  it('turns a refused request into an MmError', async () => {
    const locks = asLocks({ request: () => Promise.reject(new DOMException('denied', 'SecurityError')) });
    await expect(tryAcquireWalletLock(locks, 'abc')).rejects.toBeInstanceOf(MmError);
  });
});
