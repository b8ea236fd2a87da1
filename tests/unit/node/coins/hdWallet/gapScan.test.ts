import { describe, expect, it } from 'vitest';
import { checkNewAddress, scanChain, type UsedAddressesCheck } from '../../../../../src/node/coins/hdWallet/gapScan';

/** A fake history source: the used ids, and every batch asked. */
function history(used: number[]): { check: UsedAddressesCheck; asked: number[][] } {
  const asked: number[][] = [];
  const set = new Set(used);
  return {
    asked,
    check: async (ids) => {
      asked.push([...ids]);
      return ids.map((id) => set.has(id));
    },
  };
}

/** KDF's loop, one address at a time, as the reference for the batched scan. */
function kdfScan(known: number, gap: number, used: Set<number>, limit: number): number {
  let id = known;
  let unused = 0;
  while (id < limit && unused <= gap) {
    unused = used.has(id) ? 0 : unused + 1;
    id += 1;
  }
  return id - unused;
}

describe('scanChain', () => {
  it('finds used addresses 0, 5 and 24 with gap 20 and stops 21 empty addresses after the last', async () => {
    const h = history([0, 5, 24]);
    const scan = await scanChain(0, 20, h.check);
    expect(scan).toEqual({ knownAddressesNumber: 25, used: [0, 5, 24], batches: 3 });
    expect(h.asked.map((b) => [b[0], b.at(-1)])).toEqual([
      [0, 20],
      [21, 26],
      [27, 45],
    ]);
  });

  it('does not reach an address beyond the gap', async () => {
    const scan = await scanChain(0, 20, history([0, 22]).check);
    expect(scan).toEqual({ knownAddressesNumber: 1, used: [0], batches: 2 });
  });

  it('an empty wallet: one batch of gap + 1, nothing known', async () => {
    const h = history([]);
    expect(await scanChain(0, 20, h.check)).toEqual({ knownAddressesNumber: 0, used: [], batches: 1 });
    expect(h.asked[0]).toHaveLength(21);
  });

  it('starts after the known addresses and keeps them when nothing new is used', async () => {
    const h = history([2, 40]);
    expect(await scanChain(30, 20, h.check)).toEqual({ knownAddressesNumber: 41, used: [40], batches: 2 });
    expect(h.asked[0]?.[0]).toBe(30);
    expect(await scanChain(41, 20, history([2, 40]).check)).toMatchObject({ knownAddressesNumber: 41, used: [] });
  });

  it('stops at the address limit', async () => {
    const h = history([0, 1, 2, 3, 4]);
    expect(await scanChain(0, 20, h.check, 5)).toEqual({ knownAddressesNumber: 5, used: [0, 1, 2, 3, 4], batches: 1 });
  });

  it('gap limit 0 checks one address past each used one', async () => {
    expect(await scanChain(0, 0, history([0, 1, 3]).check)).toEqual({ knownAddressesNumber: 2, used: [0, 1], batches: 3 });
  });

  it('agrees with the one-by-one loop on random wallets', async () => {
    let seed = 7;
    const rand = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 200; round += 1) {
      const used = Array.from({ length: rand(8) }, () => rand(120)).sort((a, b) => a - b);
      const gap = rand(25);
      const known = rand(3) === 0 ? rand(60) : 0;
      const limit = rand(4) === 0 ? 1 + rand(100) : 2 ** 31;
      if (known > limit) continue;
      const scan = await scanChain(known, gap, history(used).check, limit);
      expect(scan.knownAddressesNumber).toBe(kdfScan(known, gap, new Set(used), limit));
    }
  });

  it('refuses an answer of the wrong length', async () => {
    await expect(scanChain(0, 3, async () => [true])).rejects.toThrow('asked about 4 addresses, got 1 answers');
  });
});

describe('checkNewAddress', () => {
  it('allows while fewer addresses are known than the gap limit, without asking', async () => {
    const h = history([]);
    expect(await checkNewAddress(0, 20, h.check)).toBeNull();
    expect(await checkNewAddress(19, 20, h.check)).toBeNull();
    expect(h.asked).toEqual([]);
  });

  it('refuses when the last gap-limit addresses are all empty, in one batch', async () => {
    const h = history([4]);
    expect(await checkNewAddress(25, 20, h.check)).toEqual({ kind: 'EmptyAddressesLimitReached', gapLimit: 20 });
    expect(h.asked).toEqual([Array.from({ length: 20 }, (_, i) => 5 + i)]);
    expect(await checkNewAddress(25, 20, history([5]).check)).toBeNull();
    expect(await checkNewAddress(20, 20, history([0]).check)).toBeNull();
  });

  it('gap limit 0 looks at the last known address only', async () => {
    expect(await checkNewAddress(3, 0, history([2]).check)).toBeNull();
    expect(await checkNewAddress(3, 0, history([0, 1]).check)).toEqual({ kind: 'EmptyAddressesLimitReached', gapLimit: 0 });
  });

  it('refuses a full chain', async () => {
    expect(await checkNewAddress(5, 2, history([4]).check, 5)).toEqual({ kind: 'AddressLimitReached', maxAddressesNumber: 5 });
  });
});
