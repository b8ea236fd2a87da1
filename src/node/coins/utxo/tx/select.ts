/**
 * Which unspents a payment spends, chosen for the lowest fee rather than KDF's smallest-first
 * (which turns a small send from a wallet of many small outputs into a consolidation of hundreds
 * of inputs). As Bitcoin Core's wallet: branch and bound for a set that pays the target with no
 * change (`SelectCoinsBnB`, coinselection.cpp), and largest-first as the fallback, so few inputs
 * are used. Both are orders the planner's KDF rounds (plan.ts) then size to the satoshi; which of
 * them is cheaper is the planner's choice. Consolidation stays explicit: a `max` or a UTXO merge
 * spends everything it is given whatever the order.
 */
import { estimateTxVsize, estimateTxWeight } from './size';
import type { InputKind, TxOutput, TxPlanRequest, Unspent } from './types';

/** Bitcoin Core's bound on the search, so a wallet of thousands of outputs still answers at once. */
const BNB_TRIES = 100_000;

/** Descending by value; equal values by outpoint, so the choice never depends on the server's order. */
export function largestFirst(unspents: readonly Unspent[]): Unspent[] {
  return [...unspents].sort((a, b) => (a.value > b.value ? -1 : a.value < b.value ? 1 : 0) || byOutpoint(a, b));
}

/** Ascending by value; equal values by outpoint. */
export function smallestFirst(unspents: readonly Unspent[]): Unspent[] {
  return [...unspents].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) || byOutpoint(a, b));
}

function byOutpoint(a: Unspent, b: Unspent): number {
  return a.txid.localeCompare(b.txid) || a.vout - b.vout;
}

/**
 * A set of unspents, largest first, whose effective values (value less the fee its input costs)
 * pay `outputs`, gas and the fee of the rest of the transaction with an excess too small to be
 * worth a change output: at most what a change output would cost to create and later spend, and
 * below dust, since KDF keeps any change ≥ dust. The smallest excess found wins, then the fewest
 * inputs; null when the search finds none. Only `sendExact` has such a target: with the fee taken
 * out of an output the inputs need not pay it.
 */
export function changelessMatch(req: TxPlanRequest, unspents: readonly Unspent[], outputs: readonly TxOutput[], maxInputs: number): Unspent[] | null {
  const proRata = proRataFee(req);
  const inputFee = inputCost(req, outputs);
  const changeVsize = estimateTxVsize(0, [...outputs, { script: req.changeScript, value: 0n }], req.inputKind) - estimateTxVsize(0, outputs, req.inputKind);
  const costOfChange = proRata(changeVsize) + inputFee;
  const window = req.dust > 0n ? min(costOfChange, req.dust - 1n) : 0n;
  const target = outputs.reduce((a, o) => a + o.value, 0n) + (req.gasFee ?? 0n) + proRata(estimateTxVsize(0, outputs, req.inputKind, req.layoutBytes));

  const pool = largestFirst(unspents.filter((u) => u.value > inputFee));
  const values = pool.map((u) => u.value - inputFee);
  const picks = branchAndBound(values, target, target + window, maxInputs);
  return picks && picks.map((i) => pool[i]!);
}

/**
 * Depth-first over include/exclude of `values` (descending), as Core's `SelectCoinsBnB`: a branch
 * is cut when what is left cannot reach `target` or the sum passes `upper`; an output equal to the
 * one just excluded is not tried again (so a wallet of equal outputs is one path, not C(n, k)).
 */
function branchAndBound(values: readonly bigint[], target: bigint, upper: bigint, maxInputs: number): number[] | null {
  let available = values.reduce((a, v) => a + v, 0n);
  if (available < target) return null;
  const selection: number[] = [];
  let value = 0n;
  let best: number[] | null = null;
  let bestExcess = 0n;
  let index = 0;
  for (let tries = 0; tries < BNB_TRIES; tries++, index++) {
    let backtrack = false;
    if (value + available < target || value > upper || selection.length > maxInputs) backtrack = true;
    else if (value >= target) {
      const excess = value - target;
      if (!best || excess < bestExcess || (excess === bestExcess && selection.length < best.length)) {
        best = [...selection];
        bestExcess = excess;
      }
      backtrack = true;
    }
    if (backtrack) {
      const last = selection.at(-1);
      if (last === undefined) break;
      // Outputs skipped after the last one included count as available again, then that one is excluded.
      for (index--; index > last; index--) available += values[index]!;
      value -= values[index]!;
      selection.pop();
    } else {
      const v = values[index]!;
      available -= v;
      const previous = selection.at(-1);
      if (previous === undefined || previous === index - 1 || v !== values[index - 1]) {
        selection.push(index);
        value += v;
      }
    }
  }
  return best;
}

/**
 * What one more input costs at the request's rate, rounded up: what a change output will cost to
 * spend later, which the planner adds to a plan with change when it compares plans (Core's waste).
 */
export function inputCost(req: TxPlanRequest, outputs: readonly TxOutput[]): bigint {
  return proRataFee(req)(inputVbytes(req.inputKind, outputs));
}

/** The rate (at least the relay rate) per byte, rounded up; a per-started-kB rate is taken pro rata. */
function proRataFee(req: TxPlanRequest): (vsize: number) => bigint {
  const rate = req.minRelayFeeRate !== undefined && req.minRelayFeeRate > req.feeRate.satPerKb ? req.minRelayFeeRate : req.feeRate.satPerKb;
  return (vsize) => (rate * BigInt(vsize) + 999n) / 1000n;
}

/** The virtual bytes one more input of `inputKind` adds (148 for P2PKH, 68 for P2WPKH). */
function inputVbytes(inputKind: InputKind, outputs: readonly TxOutput[]): number {
  return Math.ceil((estimateTxWeight(2, outputs, inputKind) - estimateTxWeight(1, outputs, inputKind)) / 4);
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
