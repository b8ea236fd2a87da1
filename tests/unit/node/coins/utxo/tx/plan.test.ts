import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import fixture from '../../../../../fixtures/utxo/plans.json';
import { bytesToHex, hexToBytes } from '../../../../../../src/node/crypto';
import { MmError } from '../../../../../../src/node/core/errors';
import {
  estimateTxVsize,
  feeForVsize,
  planTx,
  type FeePolicy,
  type FeeRate,
  type InputKind,
  type TxPlanRequest,
} from '../../../../../../src/node/coins/utxo/tx';

type Case = (typeof fixture.cases)[number];
const scripts: Record<string, string> = fixture.scripts;

function script(name: string): Uint8Array {
  const hex = scripts[name];
  if (hex === undefined) throw new Error(`no script named ${name} in plans.json`);
  return hexToBytes(hex);
}

function request(c: Case): TxPlanRequest {
  const r = c.request as Case['request'] & { gasFee?: string; minRelayFeeRate?: string };
  return {
    unspents: r.unspents.map((u) => ({ txid: u.txid, vout: u.vout, value: BigInt(u.value), height: u.height })),
    outputs: r.outputs.map((o) => ({ script: script(o.script), value: BigInt(o.value) })),
    changeScript: script(r.changeScript),
    inputKind: r.inputKind as InputKind,
    feeRate: { kind: r.feeRate.kind, satPerKb: BigInt(r.feeRate.satPerKb) } as FeeRate,
    feePolicy: r.feePolicy as FeePolicy,
    dust: BigInt(r.dust),
    gasFee: r.gasFee === undefined ? undefined : BigInt(r.gasFee),
    minRelayFeeRate: r.minRelayFeeRate === undefined ? undefined : BigInt(r.minRelayFeeRate),
    ticker: r.ticker,
    decimals: r.decimals,
  };
}

const successes = fixture.cases.filter((c) => !('error' in c.expected));
const failures = fixture.cases.filter((c) => 'error' in c.expected);

describe('planTx: KDF UtxoTxBuilder amounts', () => {
  it.each(successes)('$description', (c) => {
    const req = request(c);
    const expected = c.expected as { inputs: number[]; outputs: string[]; fee: string; change: string; spent: string; vsize: number };
    const plan = planTx(req);

    expect(plan.inputs).toEqual(expected.inputs.map((i) => req.unspents[i]));
    expect(plan.outputs.map((o) => o.value.toString())).toEqual(expected.outputs);
    expect(plan.fee.toString()).toBe(expected.fee);
    expect(plan.change.toString()).toBe(expected.change);
    expect(plan.spent.toString()).toBe(expected.spent);
    expect(estimateTxVsize(plan.inputs.length, plan.outputs, req.inputKind)).toBe(expected.vsize);

    // Change (when there is some) goes last, to the wallet; everything balances.
    if (plan.change > 0n) expect(bytesToHex(plan.outputs.at(-1)!.script)).toBe(bytesToHex(req.changeScript));
    const outputs = plan.outputs.reduce((a, o) => a + o.value, 0n);
    expect(plan.spent).toBe(outputs + plan.fee + (req.gasFee ?? 0n));
  });

  it.each(failures)('$description', (c) => {
    const expected = (c.expected as { error: { errorType: string; errorData: unknown } }).error;
    let caught: unknown;
    try {
      planTx(request(c));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MmError);
    const err = caught as MmError;
    expect(err.errorType).toBe(expected.errorType);
    expect(err.httpStatus).toBe(400);
    expect(err.errorData ?? null).toEqual(expected.errorData);
  });

  it('does not depend on the order the server lists unspents in', () => {
    for (const c of successes) {
      const req = request(c);
      const reversed = planTx({ ...req, unspents: [...req.unspents].reverse() });
      expect(reversed).toEqual(planTx(req));
    }
  });

  it('refuses a plan without outputs or a deduct index without an output', () => {
    const req = request(successes[0]!);
    expect(() => planTx({ ...req, outputs: [] })).toThrow(/at least one output/);
    expect(() => planTx({ ...req, feePolicy: { kind: 'deductFromOutput', index: 1 } })).toThrow(/no output 1/);
  });
});

/**
 * KDF's own randomized check of the builder (`test_generate_transaction_random_values`,
 * utxo_tests.rs), restated: dust outputs fail, a shortfall is real, and a plan balances, pays at
 * least the fee its shape needs and overpays by no more than dropped change plus one fee step.
 */
describe('planTx properties', () => {
  const P2PKH = hexToBytes(scripts['destP2pkh']!);
  const CHANGE = hexToBytes(scripts['bobP2pkh']!);
  const values = (max: number) => fc.array(fc.bigInt({ min: 1n, max: 100_000n }), { minLength: 1, maxLength: max });

  it('holds for random unspents, outputs, dust and rates', () => {
    fc.assert(
      fc.property(
        values(60),
        values(12),
        fc.bigInt({ min: 0n, max: 1000n }),
        fc.bigInt({ min: 0n, max: 5000n }),
        fc.constantFrom('fixedPerKb' as const, 'dynamic' as const),
        fc.constantFrom('p2pkh' as const, 'p2wpkh' as const),
        (inputValues, outputValues, dust, rate, rateKind, inputKind) => {
          const feeRate: FeeRate = { kind: rateKind, satPerKb: rate };
          const req: TxPlanRequest = {
            unspents: inputValues.map((value, i) => ({ txid: i.toString(16).padStart(64, '0'), vout: 0, value, height: 1 })),
            outputs: outputValues.map((value) => ({ script: P2PKH, value })),
            changeScript: CHANGE,
            inputKind,
            feeRate,
            feePolicy: { kind: 'sendExact' },
            dust,
            ticker: 'LTC',
            decimals: 8,
          };
          const total = (xs: bigint[]) => xs.reduce((a, x) => a + x, 0n);
          let plan;
          try {
            plan = planTx(req);
          } catch (e) {
            const err = e as MmError;
            if (outputValues.some((v) => v < dust)) return err.errorType === 'AmountTooLow';
            const withChange = [...req.outputs, { script: CHANGE, value: 0n }];
            const maxFee = feeForVsize(feeRate, estimateTxVsize(inputValues.length, withChange, inputKind));
            return err.errorType === 'NotSufficientBalance' && total(inputValues) < total(outputValues) + maxFee;
          }
          const needed = feeForVsize(feeRate, estimateTxVsize(plan.inputs.length, plan.outputs, inputKind));
          const outputs = total(plan.outputs.map((o) => o.value));
          return (
            !outputValues.some((v) => v < dust) &&
            plan.spent === outputs + plan.fee &&
            plan.fee >= needed &&
            plan.fee - needed <= dust + rate &&
            (plan.change === 0n) === (plan.outputs.length === outputValues.length)
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
