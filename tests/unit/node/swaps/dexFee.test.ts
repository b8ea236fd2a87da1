import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import fixture from '../../../fixtures/swaps/dex-fee.json';
import { MmNumber } from '../../../../src/shared/number';
import { dexFee, dexFeeRate } from '../../../../src/node/swaps/dexFee';

const num = (v: unknown): MmNumber => MmNumber.parse(v);

describe('dexFee (KDF DexFee::new_from_taker_coin)', () => {
  it.each(fixture.cases)('$description', (c) => {
    const fee = dexFee(c.taker, c.maker, num(c.amount), num(c.minTxAmount));
    expect(fee.total.eq(num(c.expected.total)), `total ${fee.total.toFraction().numer}/${fee.total.toFraction().denom}`).toBe(true);
    expect(fee.fee.eq(num(c.expected.fee)), `fee ${fee.fee.toDecimalString()}`).toBe(true);
    expect(fee.burn.eq(num(c.expected.burn)), `burn ${fee.burn.toDecimalString()}`).toBe(true);
    expect(fee.fee.add(fee.burn).eq(fee.total)).toBe(true);
  });

  it(fixture.docs.description, () => {
    const { total } = dexFee(fixture.docs.taker, fixture.docs.maker, num(fixture.docs.amount), num(fixture.docs.minTxAmount));
    expect(total.toRational()).toEqual(fixture.docs.amount_rat);
    expect(total.toFraction()).toEqual(fixture.docs.amount_fraction);
    expect(total.toJsonTriple('amount')).toMatchObject({ amount_rat: fixture.docs.amount_rat, amount_fraction: fixture.docs.amount_fraction });
  });

  it('gives the KMD discount on either side only', () => {
    expect(dexFeeRate('KMD', 'DOC').eq(MmNumber.of(9n, 7770n))).toBe(true);
    expect(dexFeeRate('DOC', 'KMD').eq(MmNumber.of(9n, 7770n))).toBe(true);
    expect(dexFeeRate('KMD-BEP20', 'DOC').eq(MmNumber.of(1n, 777n))).toBe(true);
  });

  it('never goes below the floor and never decreases with the amount', () => {
    const sats = fc.bigInt({ min: 0n, max: 10n ** 12n });
    fc.assert(
      fc.property(sats, sats, fc.constantFrom('RLTC1', 'KMD'), (a, b, taker) => {
        const minTx = MmNumber.of(5460n, 10n ** 8n);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const small = dexFee(taker, 'RLTC2', MmNumber.fromBaseUnits(lo, 8), minTx);
        const large = dexFee(taker, 'RLTC2', MmNumber.fromBaseUnits(hi, 8), minTx);
        return small.total.gte(minTx) && small.fee.gte(minTx) && large.total.gte(small.total) && !small.burn.isNegative();
      }),
    );
  });
});
