import { describe, expect, it } from 'vitest';
import fixture from '../../../../../fixtures/utxo/plans.json';
import { hexToBytes } from '../../../../../../src/node/crypto';
import { estimateTxVsize, feeForVsize, maxStandardInputs, planTx, type TxPlan, type TxPlanRequest, type Unspent } from '../../../../../../src/node/coins/utxo/tx';
import { planTxSmallestFirst } from '../../../../../../src/node/coins/utxo/tx/plan';
import { changelessMatch } from '../../../../../../src/node/coins/utxo/tx/select';

const DEST = hexToBytes(fixture.scripts.destP2pkh);
const CHANGE = hexToBytes(fixture.scripts.bobP2pkh);
const LTC = 100_000_000n;

function unspent(i: number, value: bigint): Unspent {
  return { txid: (i + 1).toString(16).padStart(64, '0'), vout: i % 3, value, height: 100 };
}

/** The devnet's "many" wallet: 1,200 outputs of 0.001 LTC. */
const uniform = Array.from({ length: 1200 }, (_, i) => unspent(i, 100_000n));
/** 1,150 outputs of 0.001 and 50 larger ones, 0.02 to 1 LTC (25.5 LTC): a wallet that received change and payments. */
const mixed = [...Array.from({ length: 1150 }, (_, i) => unspent(i, 100_000n)), ...Array.from({ length: 50 }, (_, k) => unspent(1150 + k, 2_000_000n * BigInt(k + 1)))];

function send(unspents: Unspent[], value: bigint): TxPlanRequest {
  return {
    unspents,
    outputs: [{ script: DEST, value }],
    changeScript: CHANGE,
    inputKind: 'p2pkh',
    feeRate: { kind: 'dynamic', satPerKb: 1000n },
    feePolicy: { kind: 'sendExact' },
    dust: 5460n,
    ticker: 'LTC',
    decimals: 8,
  };
}

/** The rules every plan keeps whichever inputs it chose: it balances, pays its shape's fee, keeps only change ≥ dust. */
function expectKdfFeeRules(req: TxPlanRequest, plan: TxPlan): void {
  const outputs = plan.outputs.reduce((a, o) => a + o.value, 0n);
  expect(plan.spent).toBe(plan.inputs.reduce((a, u) => a + u.value, 0n));
  expect(plan.spent).toBe(outputs + plan.fee);
  expect(plan.fee).toBeGreaterThanOrEqual(feeForVsize(req.feeRate, estimateTxVsize(plan.inputs.length, plan.outputs, req.inputKind)));
  if (plan.change > 0n) expect(plan.change).toBeGreaterThanOrEqual(req.dust);
  expect(new Set(plan.inputs.map((u) => `${u.txid}:${u.vout}`)).size).toBe(plan.inputs.length);
}

describe('coin selection for the lowest fee', () => {
  it('spends one large output for 0.01 and 0.5 where KDF spends hundreds of small ones', () => {
    const small = send(mixed, LTC / 100n);
    const plan = planTx(small);
    const kdf = planTxSmallestFirst(small);
    expectKdfFeeRules(small, plan);
    expect(plan.inputs.map((u) => u.value)).toEqual([LTC]); // the largest, 1 LTC
    expect(plan.fee).toBe(226n); // 1 in, 2 out: 226 B at 1 sat/B
    expect(kdf.inputs).toHaveLength(11);
    expect(kdf.fee).toBe(1_706n); // 10 + 11 × 148 + 2 × 34 = 1706 B

    const half = send(mixed, LTC / 2n);
    const halfPlan = planTx(half);
    expectKdfFeeRules(half, halfPlan);
    expect(halfPlan.inputs).toHaveLength(1);
    expect(planTxSmallestFirst(half).inputs.length).toBeGreaterThan(500);
  });

  it('pays 5 LTC with the six largest, as KDF order does only after overflowing the standard size', () => {
    const req = send(mixed, 5n * LTC);
    const plan = planTx(req);
    expectKdfFeeRules(req, plan);
    // 1 + 0.98 + 0.96 + 0.94 + 0.92 = 4.8 is short; the sixth (0.9) covers 5 and the fee
    expect(plan.inputs.map((u) => u.value)).toEqual([90_000_000n, 92_000_000n, 94_000_000n, 96_000_000n, 98_000_000n, LTC]);
    expect(plan.fee).toBe(BigInt(10 + 6 * 148 + 2 * 34));
    // smallest first needs more than the 675 inputs a standard transaction holds, so it falls back to the largest
    expect(planTxSmallestFirst(req).inputs).toHaveLength(6);
  });

  it('needs as many inputs as KDF from a wallet of equal outputs, and pays the same', () => {
    const req = send(uniform, LTC / 2n);
    const plan = planTx(req);
    const kdf = planTxSmallestFirst(req);
    expectKdfFeeRules(req, plan);
    expect(plan.inputs).toHaveLength(kdf.inputs.length);
    expect(plan.fee).toBe(kdf.fee);
    expect(plan.outputs.map((o) => o.value)).toEqual(kdf.outputs.map((o) => o.value));
  });

  it('finds a changeless set among many equal outputs (branch and bound skips equal branches)', () => {
    // 10 inputs of 100000 have effective value 10 × 99852 = 998520; a payment 10 under what they
    // carry after the fee of the rest of the transaction (44 B) needs no change.
    const req = send(uniform, 998_520n - 44n - 10n);
    const limit = maxStandardInputs(req.outputs, 'p2pkh');
    expect(changelessMatch(req, uniform, req.outputs, limit)).toHaveLength(10);
    // 1 sat more than 10 carry, while 11 overshoot the window (a change output, 34 B, and spending it later, 148 B)
    const short = send(uniform, 998_520n - 44n + 1n);
    expect(changelessMatch(short, uniform, short.outputs, limit)).toBeNull();
    const plan = planTx(req);
    expectKdfFeeRules(req, plan);
    expect(plan.inputs).toHaveLength(10);
    expect(plan.change).toBe(0n);
    expect(plan.fee).toBe(1_000_000n - req.outputs[0]!.value);
  });

  it('chooses the same inputs whatever order the server lists them in', () => {
    const req = send(mixed, 3n * LTC + 12_345n);
    const plan = planTx(req);
    // a deterministic shuffle
    const shuffled = [...mixed].sort((a, b) => ((a.vout * 7919 + Number(a.value % 9973n)) % 101) - ((b.vout * 7919 + Number(b.value % 9973n)) % 101) || b.txid.localeCompare(a.txid));
    expect(planTx({ ...req, unspents: shuffled })).toEqual(plan);
  });

  it('keeps consolidation explicit: max spends every output', () => {
    const wallet = mixed.slice(0, 300);
    const balance = wallet.reduce((a, u) => a + u.value, 0n);
    const req: TxPlanRequest = { ...send(wallet, balance), feePolicy: { kind: 'deductFromOutput', index: 0 } };
    const plan = planTx(req);
    expect(plan.inputs).toHaveLength(300);
    expect(plan.change).toBe(0n);
    expectKdfFeeRules(req, plan);
  });
});
