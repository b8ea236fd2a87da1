/**
 * The largest transaction nodes relay: Bitcoin Core's (and Litecoin's) MAX_STANDARD_TX_WEIGHT,
 * 400,000 weight units (100,000 vbytes). A bigger one is refused with `tx-size`, so the planner
 * never builds one: it is the cap on how many inputs one transaction may spend.
 */
import { estimateTxWeight } from './size';
import type { InputKind, TxOutput } from './types';

export const MAX_STANDARD_TX_WEIGHT = 400_000;

export function fitsStandardSize(inputCount: number, outputs: readonly TxOutput[], inputKind: InputKind): boolean {
  return estimateTxWeight(inputCount, outputs, inputKind) <= MAX_STANDARD_TX_WEIGHT;
}

/** The most inputs of `inputKind` a standard transaction with these outputs can spend (weight grows with the count). */
export function maxStandardInputs(outputs: readonly TxOutput[], inputKind: InputKind): number {
  let fits = 0;
  let tooMany = Math.ceil(MAX_STANDARD_TX_WEIGHT / 4) + 1; // every input weighs more than 4
  while (tooMany - fits > 1) {
    const mid = Math.floor((fits + tooMany) / 2);
    if (fitsStandardSize(mid, outputs, inputKind)) fits = mid;
    else tooMany = mid;
  }
  return fits;
}
