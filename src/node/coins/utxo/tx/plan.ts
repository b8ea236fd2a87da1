/**
 * Coin selection and fee. The fee rules are KDF's `UtxoTxBuilder::build` (utxo_common.rs, the loop
 * of KDF PR #2316), step for step, so a given set of inputs pays KDF's fee to the satoshi:
 * 1. Unspents are deduplicated; every non-OP_RETURN output must be ≥ dust.
 * 2. Each round takes unspents in the order given until they cover the outputs plus, with
 *    `sendExact`, the fee (and gas) of the previous round; the first round's fee is 0, and its fee
 *    is then sized without change. Not covered → NotSufficientBalance.
 * 3. `deductFromOutput` takes fee + gas out of that output, which must be ≥ fee + gas + dust.
 * 4. Change = inputs − outputs − fee − gas, kept only when ≥ dust (else it adds to the fee).
 * 5. The fee is sized again with the change output; when the inputs still cover everything the
 *    plan is done, else the next round starts with that fee. Inputs only grow and a shape's fee
 *    only repeats, so this ends.
 * Sizes are KDF's estimate (size.ts), fees per fee.ts.
 *
 * The order differs from KDF, which takes the smallest unspents first (so a small send from a
 * wallet of many small outputs spends hundreds of them): the rounds run over a changeless match
 * (branch and bound, select.ts) and over the unspents largest first, and the cheaper plan wins
 * (counting what change will cost to spend, then fewer inputs). Withdraw, trade_preimage, max_taker_vol and swaps all plan
 * here, so their figures agree. Consolidation is explicit: a `max` or a UTXO merge asks to spend
 * everything it passes. The cheapest plan lists its inputs ascending by value.
 *
 * Unlike KDF, a plan never exceeds the standard size nodes relay (standardSize.ts). When the
 * cheapest plan would, the same steps run over the largest unspents that fit instead: with
 * `deductFromOutput` (a `max` or an upper bound) that output is lowered to what they carry when it
 * asks for more; with `sendExact`, when they cannot pay it, the answer is TransactionTooLarge
 * naming how many inputs fit.
 */
import { MmError } from '../../../core/errors';
import { coinError } from '../../coinErrors';
import { amountTooLow, notSufficientBalance, transactionTooLarge, zeroBalanceToWithdrawMax } from '../../withdrawErrors';
import { feeForVsize } from './fee';
import { isOpReturn } from './scripts';
import { changelessMatch, inputCost, largestFirst, smallestFirst } from './select';
import { estimateTxVsize } from './size';
import { fitsStandardSize, MAX_STANDARD_TX_WEIGHT, maxStandardInputs } from './standardSize';
import type { TxOutput, TxPlan, TxPlanRequest, Unspent } from './types';

/** The cheapest plan within the standard size: what every UTXO payment, fee figure and swap builds on. */
export function planTx(req: TxPlanRequest): TxPlan {
  return planWith(req, cheapestPlan);
}

/**
 * The plan KDF (and this planner until it chose for the fee) makes: the rounds over the unspents
 * smallest first. Kept only so the benchmark compares both selections on one wallet in one run.
 */
export function planTxSmallestFirst(req: TxPlanRequest): TxPlan {
  return planWith(req, selectAndSize);
}

type Selection = (req: TxPlanRequest, ascending: Unspent[], outputs: TxOutput[]) => TxPlan;

function planWith(req: TxPlanRequest, select: Selection): TxPlan {
  const { outputs, dust } = req;
  const deductIndex = req.feePolicy.kind === 'deductFromOutput' ? req.feePolicy.index : undefined;
  const unspents = sortDedup(req.unspents);

  if (outputs.length === 0) throw coinError.internal('a transaction needs at least one output');
  if (deductIndex !== undefined) {
    if (!outputs[deductIndex]) throw coinError.internal(`there is no output ${deductIndex} to take the fee from`);
    if (sum(unspents) === 0n) throw zeroBalanceToWithdrawMax();
  }
  for (const o of outputs) if (!isOpReturn(o.script) && o.value < dust) throw amountTooLow(req, o.value, dust);

  const plan = select(req, unspents, outputs);
  if (fitsStandardSize(plan.inputs.length, plan.outputs, req.inputKind)) return plan;
  const needed = plan.inputs.length;
  return deductIndex === undefined ? sendWithinStandardSize(req, unspents, needed) : deductWithinStandardSize(req, unspents, deductIndex, needed);
}

/**
 * The cheaper of the rounds over a changeless match and over the unspents largest first (fewer
 * inputs on a tie), inputs ascending. Cost is Core's waste: the fee, plus for a plan with change
 * what spending that change will cost. Largest first fails only when the balance cannot pay.
 */
function cheapestPlan(req: TxPlanRequest, unspents: Unspent[], outputs: TxOutput[]): TxPlan {
  let best = selectAndSize(req, largestFirst(unspents), outputs);
  const match = req.feePolicy.kind === 'sendExact' ? changelessMatch(req, unspents, outputs, maxStandardInputs(outputs, req.inputKind)) : null;
  const changeless = match && planOrNull(() => selectAndSize(req, match, outputs));
  if (changeless) {
    const changeCost = inputCost(req, outputs);
    const waste = (p: TxPlan) => p.fee + (p.change > 0n ? changeCost : 0n);
    const [a, b] = [waste(changeless), waste(best)];
    if (a < b || (a === b && changeless.inputs.length < best.inputs.length)) best = changeless;
  }
  return { ...best, inputs: smallestFirst(best.inputs) };
}

/** A plan the match's rounds could not fund (its fee estimate was a little low) is no candidate. */
function planOrNull(plan: () => TxPlan): TxPlan | null {
  try {
    return plan();
  } catch (e) {
    if (e instanceof MmError && e.errorType === 'NotSufficientBalance') return null;
    throw e;
  }
}

/** The requested outputs over the largest unspents a standard transaction with change can spend, largest first. */
function sendWithinStandardSize(req: TxPlanRequest, sorted: Unspent[], needed: number): TxPlan {
  const maxInputs = maxStandardInputs([...req.outputs, { script: req.changeScript, value: 0n }], req.inputKind);
  try {
    return selectAndSize(req, largest(sorted, maxInputs).reverse(), req.outputs);
  } catch (e) {
    if (e instanceof MmError && e.errorType === 'NotSufficientBalance') throw transactionTooLarge(needed, maxInputs, MAX_STANDARD_TX_WEIGHT);
    throw e;
  }
}

/**
 * `deductFromOutput` within the standard size: when the output asks for more than the largest
 * unspents that fit carry, it is lowered to exactly that (so there is no change), else it is
 * planned over the largest that fit with a change output, as `sendWithinStandardSize`.
 */
function deductWithinStandardSize(req: TxPlanRequest, sorted: Unspent[], index: number, needed: number): TxPlan {
  const carried = largest(sorted, maxStandardInputs(req.outputs, req.inputKind));
  const others = sum(req.outputs) - req.outputs[index]!.value;
  const cap = sum(carried) - others;
  if (req.outputs[index]!.value >= cap) {
    const capped = req.outputs.map((o, i) => (i === index ? { script: o.script, value: cap } : o));
    return selectAndSize(req, carried, capped);
  }
  return sendWithinStandardSize(req, sorted, needed);
}

/** KDF's rounds (steps 2–5 above), taking `unspents` in the order given. */
function selectAndSize(req: TxPlanRequest, unspents: Unspent[], outputs: TxOutput[]): TxPlan {
  const { dust } = req;
  const gas = req.gasFee ?? 0n;
  const deductIndex = req.feePolicy.kind === 'deductFromOutput' ? req.feePolicy.index : undefined;
  const outputSum = sum(outputs);
  /** KDF's `tx_fee_needed`: the miner fee of the last shape sized, gas not included. */
  let fee = 0n;
  const sizedFee = (inputCount: number, outs: TxOutput[]) =>
    feeForVsize(req.feeRate, estimateTxVsize(inputCount, outs, req.inputKind, req.layoutBytes), req.minRelayFeeRate);
  const required = () => outputSum + (deductIndex === undefined ? fee + gas : 0n);
  if (unspents.length === 0) throw notSufficientBalance(req, 0n, required());

  for (let round = 0; ; round++) {
    const target = required();
    const inputs = takeInOrder(unspents, target);
    const spent = sum(inputs);
    const interest = req.interestOf?.(inputs) ?? 0n;
    const outs = outputs.map((o) => ({ script: o.script, value: o.value }));
    if (round === 0) fee = sizedFee(inputs.length, outs);
    if (spent < target) throw notSufficientBalance(req, spent, required());

    let paid = outputSum;
    if (deductIndex !== undefined) {
      const out = outs[deductIndex]!;
      if (out.value < fee + gas + dust) throw notSufficientBalance(req, out.value, fee + gas + dust);
      out.value -= fee + gas;
      paid -= fee + gas;
    }
    const surplus = spent - paid - fee - gas;
    // KMD's interest joins the change once the inputs alone pay outputs and fee (KDF's `add_change`).
    const changeValue = surplus < 0n ? 0n : surplus + interest;
    // KDF also adds a 0-sat change output when dust is 0; a worthless output is left out instead.
    const change = changeValue > 0n && changeValue >= dust ? changeValue : 0n;
    if (change > 0n) {
      outs.push({ script: req.changeScript, value: change });
      paid += change;
    }
    fee = sizedFee(inputs.length, outs);
    if (spent + interest >= paid + fee + gas) {
      return { inputs, outputs: outs, fee: spent + interest - paid - gas, change, spent, ...(req.interestOf ? { interest } : {}) };
    }
  }
}

/** Ascending by value; equal values by outpoint, so the plan never depends on the server's order. */
function sortDedup(unspents: Unspent[]): Unspent[] {
  const byOutpoint = new Map<string, Unspent>();
  for (const u of unspents) {
    const key = `${u.txid}:${u.vout}`;
    if (!byOutpoint.has(key)) byOutpoint.set(key, u);
  }
  return smallestFirst([...byOutpoint.values()]);
}

/** The `count` largest of `sorted` (ascending), still ascending. */
function largest(sorted: Unspent[], count: number): Unspent[] {
  return count <= 0 ? [] : sorted.slice(-count);
}

function takeInOrder(unspents: Unspent[], target: bigint): Unspent[] {
  const taken: Unspent[] = [];
  let total = 0n;
  for (const u of unspents) {
    if (total >= target) break;
    taken.push(u);
    total += u.value;
  }
  return taken;
}

function sum(items: readonly { value: bigint }[]): bigint {
  return items.reduce((a, x) => a + x.value, 0n);
}
