import { describe, expect, it } from 'vitest';
import vectors from '../../../../../fixtures/utxo/amounts.json';
import { decimalToSat, satToDecimal } from '../../../../../../src/node/coins/utxo/tx';
import { MmError } from '../../../../../../src/node/core/errors';

describe('satToDecimal', () => {
  it.each(vectors.satToDecimal)('$description', ({ sat, decimals, expected }) => {
    expect(satToDecimal(BigInt(sat), decimals)).toBe(expected);
  });
});

describe('decimalToSat', () => {
  it.each(vectors.decimalToSat)('$description', ({ amount, decimals, expected }) => {
    expect(decimalToSat(amount, decimals).toString()).toBe(expected);
  });

  it.each(vectors.decimalToSatErrors)('rejects $description', ({ amount, decimals, expected }) => {
    let caught: unknown;
    try {
      decimalToSat(amount, decimals);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MmError);
    expect((caught as MmError).errorType).toBe('InvalidParam');
    expect((caught as MmError).httpStatus).toBe(400);
    expect((caught as MmError).errorData).toBe(expected);
  });

  it('round-trips with satToDecimal', () => {
    for (const sat of [0n, 1n, 999n, 1000n, 123456789n, 2100000000000000n]) {
      expect(decimalToSat(satToDecimal(sat, 8), 8)).toBe(sat);
    }
  });
});
