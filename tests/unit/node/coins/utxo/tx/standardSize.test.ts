import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import fixture from '../../../../../fixtures/utxo/standardSize.json';
import plans from '../../../../../fixtures/utxo/plans.json';
import { hexToBytes } from '../../../../../../src/node/crypto';
import { MmError } from '../../../../../../src/node/core/errors';
import {
  estimateTxVsize,
  estimateTxWeight,
  MAX_STANDARD_TX_WEIGHT,
  maxStandardInputs,
  planTx,
  type FeePolicy,
  type InputKind,
  type TxPlanRequest,
  type Unspent,
} from '../../../../../../src/node/coins/utxo/tx';

type Case = (typeof fixture.cases)[number];
const scripts: Record<string, string> = plans.scripts;
const DUST = 5460n;

function script(name: string): Uint8Array {
  const hex = scripts[name];
  if (hex === undefined) throw new Error(`no script named ${name} in plans.json`);
  return hexToBytes(hex);
}

/** Each output of the wallet gets its own txid; listed in an order unlike any sort. */
function wallet(groups: { count: number; value: string }[]): Unspent[] {
  const out: Unspent[] = [];
  for (const g of groups) {
    for (let i = 0; i < g.count; i++) {
      const n = out.length;
      out.push({ txid: ((n * 7919) % 100_003).toString(16).padStart(64, '0'), vout: n % 3, value: BigInt(g.value), height: 1 });
    }
  }
  return out.reverse();
}

function request(c: Case): TxPlanRequest {
  const unspents = wallet(c.wallet);
  const all = unspents.reduce((a, u) => a + u.value, 0n);
  return {
    unspents,
    outputs: c.outputs.map((o) => ({ script: script(o.script), value: o.value === 'all' ? all : BigInt(o.value) })),
    changeScript: script(c.inputKind === 'p2pkh' ? 'bobP2pkh' : 'bobP2wpkh'),
    inputKind: c.inputKind as InputKind,
    feeRate: { kind: 'fixedPerKb', satPerKb: 1000n },
    feePolicy: c.feePolicy as FeePolicy,
    dust: DUST,
    ticker: 'LTC',
    decimals: 8,
  };
}

describe('the standard size limit', () => {
  it.each(fixture.limits)('$description', ({ inputKind, outputs, maxInputs }) => {
    const outs = outputs.map((name) => ({ script: script(name), value: 0n }));
    const kind = inputKind as InputKind;
    expect(maxStandardInputs(outs, kind)).toBe(maxInputs);
    expect(estimateTxWeight(maxInputs, outs, kind)).toBeLessThanOrEqual(MAX_STANDARD_TX_WEIGHT);
    expect(estimateTxWeight(maxInputs + 1, outs, kind)).toBeGreaterThan(MAX_STANDARD_TX_WEIGHT);
  });

  it('weighs a legacy transaction at 4 x its size and a segwit one at its vsize x 4 or just under', () => {
    const outs = [{ script: script('destP2pkh'), value: 0n }];
    expect(estimateTxWeight(3, outs, 'p2pkh')).toBe(4 * estimateTxVsize(3, outs, 'p2pkh'));
    const w = estimateTxWeight(3, outs, 'p2wpkh');
    expect(Math.floor(w / 4)).toBe(estimateTxVsize(3, outs, 'p2wpkh'));
  });
});

const successes = fixture.cases.filter((c) => !('error' in c.expected));
const failures = fixture.cases.filter((c) => 'error' in c.expected);

describe('planTx within the standard size', () => {
  it.each(successes)('$description', (c) => {
    const req = request(c);
    const expected = c.expected as { inputs: number; outputs: string[]; fee: string; change: string; spent: string; vsize: number };
    const plan = planTx(req);
    expect(plan.inputs).toHaveLength(expected.inputs);
    expect(plan.outputs.map((o) => o.value.toString())).toEqual(expected.outputs);
    expect(plan.fee.toString()).toBe(expected.fee);
    expect(plan.change.toString()).toBe(expected.change);
    expect(plan.spent.toString()).toBe(expected.spent);
    expect(plan.inputs.reduce((a, u) => a + u.value, 0n)).toBe(plan.spent);
    expect(estimateTxVsize(plan.inputs.length, plan.outputs, req.inputKind)).toBe(expected.vsize);
    expect(estimateTxWeight(plan.inputs.length, plan.outputs, req.inputKind)).toBeLessThanOrEqual(MAX_STANDARD_TX_WEIGHT);
    // the inputs are the wallet's own, each once
    const outpoints = new Set(plan.inputs.map((u) => `${u.txid}:${u.vout}`));
    expect(outpoints.size).toBe(plan.inputs.length);
  });

  it('a max spends the largest outputs, whatever order the server lists them in', () => {
    const req: TxPlanRequest = {
      ...request(successes[0]!),
      unspents: wallet([
        { count: 700, value: '100000' },
        { count: 100, value: '300000' },
        { count: 500, value: '50000' },
      ]),
    };
    const all = req.unspents.reduce((a, u) => a + u.value, 0n);
    req.outputs = [{ script: script('destP2pkh'), value: all }];
    const plan = planTx(req);
    expect(plan.inputs).toHaveLength(675);
    expect(plan.inputs.filter((u) => u.value === 300000n)).toHaveLength(100);
    expect(plan.inputs.filter((u) => u.value === 100000n)).toHaveLength(575);
    expect(planTx({ ...req, unspents: [...req.unspents].reverse() })).toEqual(plan);
  });

  it.each(failures)('$description', (c) => {
    const expected = (c.expected as { error: { errorType: string; errorData: unknown } }).error;
    const req = request(c);
    const before = req.unspents.map((u) => ({ ...u }));
    let caught: unknown;
    try {
      planTx(req);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MmError);
    const err = caught as MmError;
    expect(err.errorType).toBe(expected.errorType);
    expect(err.httpStatus).toBe(400);
    expect(err.errorData).toEqual(expected.errorData);
    const { max_inputs: fit } = expected.errorData as { max_inputs: number };
    expect(err.message).toContain(`at most ${fit} inputs fit`);
    expect(req.unspents).toEqual(before);
  });

  it('not enough coins is still NotSufficientBalance, not a size error', () => {
    const req = request(failures[0]!);
    req.outputs = [{ script: script('destP2pkh'), value: 130_000_000n }];
    expect(() => planTx(req)).toThrow(expect.objectContaining({ errorType: 'NotSufficientBalance' }) as Error);
  });

  it('never plans over the limit, for random wallets of small outputs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ count: fc.integer({ min: 1, max: 900 }), value: fc.bigInt({ min: 6000n, max: 400_000n }) }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom('p2pkh' as const, 'p2wpkh' as const),
        fc.boolean(),
        fc.bigInt({ min: 10_000n, max: 300_000_000n }),
        (groups, inputKind, max, amount) => {
          const unspents = wallet(groups.map((g) => ({ count: g.count, value: g.value.toString() })));
          const all = unspents.reduce((a, u) => a + u.value, 0n);
          const req: TxPlanRequest = {
            unspents,
            outputs: [{ script: script('destP2pkh'), value: max ? all : amount }],
            changeScript: script('bobP2pkh'),
            inputKind,
            feeRate: { kind: 'dynamic', satPerKb: 1000n },
            feePolicy: max ? { kind: 'deductFromOutput', index: 0 } : { kind: 'sendExact' },
            dust: DUST,
            ticker: 'LTC',
            decimals: 8,
          };
          try {
            const plan = planTx(req);
            return estimateTxWeight(plan.inputs.length, plan.outputs, inputKind) <= MAX_STANDARD_TX_WEIGHT;
          } catch (e) {
            return ['NotSufficientBalance', 'TransactionTooLarge'].includes((e as MmError).errorType) && !max;
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
