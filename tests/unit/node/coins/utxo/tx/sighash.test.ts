import fc from 'fast-check';
import { Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import forkId from '../../../../../fixtures/utxo/forkIdSighash.json';
import { bytesToHex, hexToBytes } from '../../../../../../src/node/crypto';
import { p2pkhScript } from '../../../../../../src/node/coins/utxo/tx';
import { MAX_SIGHASH_INPUTS, SighashCache } from '../../../../../../src/node/coins/utxo/tx/sighash';

/** Every hash the cache gives equals bitcoinjs-lib's own, computed from the whole transaction (a P2PKH script code, as the wallet signs with). */
function expectSameAsBitcoinjs(tx: Transaction, scriptCode: Uint8Array, order: number[], values: bigint[]): void {
  const cache = new SighashCache(tx, scriptCode);
  for (const i of order) {
    expect(bytesToHex(cache.legacy(i))).toBe(bytesToHex(tx.hashForSignature(i, scriptCode, Transaction.SIGHASH_ALL)));
    expect(bytesToHex(cache.witnessV0(i, values[i]!))).toBe(
      bytesToHex(tx.hashForWitnessV0(i, scriptCode, values[i]!, Transaction.SIGHASH_ALL)),
    );
  }
}

const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n });

describe('SighashCache', () => {
  it('matches bitcoinjs-lib for random transactions, inputs asked in any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ hash: bytes(32), index: fc.nat({ max: 10 }), sequence: fc.nat({ max: 0xffffffff }), value: fc.bigInt({ min: 1n, max: 2n ** 50n }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.array(fc.record({ script: fc.uint8Array({ maxLength: 40 }), value: fc.bigInt({ min: 0n, max: 2n ** 60n }) }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(1, 2),
        fc.nat({ max: 0xffffffff }),
        bytes(20),
        fc.array(fc.nat({ max: 11 }), { minLength: 1, maxLength: 20 }),
        (ins, outs, version, locktime, keyHash, picks) => {
          const tx = new Transaction();
          tx.version = version;
          tx.locktime = locktime;
          for (const i of ins) tx.addInput(i.hash, i.index, i.sequence);
          for (const o of outs) tx.addOutput(o.script, o.value);
          const order = picks.map((p) => p % ins.length);
          expectSameAsBitcoinjs(
            tx,
            p2pkhScript(keyHash),
            order,
            ins.map((i) => i.value),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('matches with more than 252 inputs (a 3-byte input count), signed in order', () => {
    const tx = new Transaction();
    tx.version = 1;
    for (let i = 0; i < 300; i++) tx.addInput(new Uint8Array(32).fill(i % 256), i, 0xffffffff);
    tx.addOutput(new Uint8Array(25).fill(1), 5n);
    const scriptCode = p2pkhScript(new Uint8Array(20).fill(9));
    expectSameAsBitcoinjs(tx, scriptCode, [0, 1, 2, 150, 252, 253, 299, 3], Array<bigint>(300).fill(1000n));
  });

  it('refuses an index the transaction does not have', () => {
    const tx = new Transaction();
    tx.addInput(new Uint8Array(32), 0);
    tx.addOutput(new Uint8Array(25), 1n);
    const cache = new SighashCache(tx, new Uint8Array(25));
    for (const index of [1, -1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 32]) {
      expect(() => cache.legacy(index)).toThrow(RangeError);
      expect(() => cache.witnessV0(index, 1n)).toThrow(RangeError);
    }
    // A refused index leaves the carried hash state as it was: the next answers are still right.
    expectSameAsBitcoinjs(tx, new Uint8Array(25), [0, 0], [1n]);
  });

  it('matches for 650 inputs (the most a standard P2PKH transaction spends) asked in order, then back to the start', () => {
    const tx = new Transaction();
    tx.version = 2;
    tx.locktime = 777;
    for (let i = 0; i < 650; i++) tx.addInput(new Uint8Array(32).fill((i * 7) % 256), i % 3, 0xfffffffe - (i % 2));
    tx.addOutput(p2pkhScript(new Uint8Array(20).fill(3)), 6_400_000n);
    tx.addOutput(new Uint8Array(0), 0n);
    const order = [0, 1, 2, 251, 252, 253, 400, 648, 649, 0, 649];
    expectSameAsBitcoinjs(tx, p2pkhScript(new Uint8Array(20).fill(4)), order, Array<bigint>(650).fill(100_000n));
  });

  it(`takes up to ${MAX_SIGHASH_INPUTS} inputs (a standard transaction's most) and refuses one more before hashing anything`, () => {
    const tx = new Transaction();
    for (let i = 0; i < MAX_SIGHASH_INPUTS; i++) tx.addInput(new Uint8Array(32), i);
    tx.addOutput(new Uint8Array(25), 1n);
    const scriptCode = p2pkhScript(new Uint8Array(20));
    const last = MAX_SIGHASH_INPUTS - 1;
    expect(bytesToHex(new SighashCache(tx, scriptCode).legacy(last))).toBe(bytesToHex(tx.hashForSignature(last, scriptCode, Transaction.SIGHASH_ALL)));
    tx.addInput(new Uint8Array(32), MAX_SIGHASH_INPUTS);
    expect(() => new SighashCache(tx, scriptCode)).toThrow(RangeError);
  });
});

/** Bitcoin ABC's replay-protection rewrite of a hash type: fork value 0xff0000 | (old fork value ^ 0xdead). */
function replayProtected(hashType: number): number {
  const forkValue = (hashType >>> 8) ^ 0xdead;
  return (((0xff0000 | forkValue) << 8) | (hashType & 0xff)) >>> 0;
}

/** A uint256 as Bitcoin's GetHex() prints it: the bytes reversed. */
const getHex = (hash: Uint8Array) => bytesToHex(Uint8Array.from(hash).reverse());

describe('SighashCache: the fork-id digest (Bitcoin Cash)', () => {
  it.each(forkId.vectors.map((v, i) => ({ ...v, n: i })))(
    "Bitcoin ABC sighash.json fork-id row $n (type $hashType, input $index)",
    ({ tx, script, index, hashType, regular, replayProtected: protectedHash }) => {
      const t = Transaction.fromHex(tx);
      const scriptCode = hexToBytes(script);
      // The vectors sign an amount of zero; the preimage ends with the whole 32-bit type.
      expect(getHex(new SighashCache(t, scriptCode, hashType >>> 0).witnessV0(index, 0n))).toBe(regular);
      expect(getHex(new SighashCache(t, scriptCode, replayProtected(hashType >>> 0)).witnessV0(index, 0n))).toBe(protectedHash);
    },
  );

  it('refuses hash types whose parts it does not keep: ANYONECANPAY, NONE, SINGLE (so no "1" hash for an input past the outputs is ever signed), or not 32 bits', () => {
    const tx = new Transaction();
    tx.addInput(new Uint8Array(32), 0);
    tx.addOutput(new Uint8Array(25), 1n);
    for (const type of [2, 3, 0x83, 0xc1, 0x42, 0x43, 0x81, -1, 2 ** 32, 1.5, Number.NaN]) {
      expect(() => new SighashCache(tx, new Uint8Array(25), type)).toThrow(RangeError);
    }
    expect(() => new SighashCache(tx, new Uint8Array(25), 0x41)).not.toThrow();
  });
});
