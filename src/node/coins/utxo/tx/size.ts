/**
 * KDF's size estimate of an unsigned transaction (`tx_size_in_v_bytes`, utxo_common.rs), which
 * both fee kinds multiply. It serializes the transaction with empty scriptSigs and adds, per
 * input, the largest signature: 2 push bytes + 72 (DER signature with sighash byte,
 * MAX_DER_SIGNATURE_LEN) + 33 (compressed key) = 107 bytes.
 * - P2PKH inputs: size = base + 107 × inputs (≥ the signed size: most signatures are 71 bytes).
 * - P2WPKH inputs: ⌊0.75 × base + 0.25 × (base + 4 + 108 × inputs)⌋ = base + 1 + 27 × inputs,
 *   the witness counted at a quarter, 108 = item count + the 107 above.
 * `layoutBytes` are what the coin's layout adds to Bitcoin's, which KDF's serialization counts
 * (a Zcash v4 header's group id and expiry height and its empty shielded parts, txFormat.ts).
 */
import type { InputKind, TxOutput } from './types';

/** Outpoint (32 + 4), empty scriptSig length (1), sequence (4). */
const UNSIGNED_INPUT = 41;
const SIG_AND_KEY_PUSHES = 2 + 72 + 33;

export function estimateTxVsize(inputCount: number, outputs: readonly TxOutput[], inputKind: InputKind, layoutBytes = 0): number {
  return Math.floor(estimateTxWeight(inputCount, outputs, inputKind, layoutBytes) / 4);
}

/**
 * The same estimate in weight units (BIP141: 3 × size without witness + total size), an upper
 * bound of the signed transaction's weight, which is what nodes compare to the standard limit.
 */
export function estimateTxWeight(inputCount: number, outputs: readonly TxOutput[], inputKind: InputKind, layoutBytes = 0): number {
  const base = unsignedSize(inputCount, outputs) + layoutBytes;
  if (inputKind === 'p2pkh') return 4 * (base + inputCount * SIG_AND_KEY_PUSHES);
  const total = base + 4 + inputCount * (SIG_AND_KEY_PUSHES + 1);
  return 3 * base + total;
}

/** Version, input count, inputs, output count, outputs, lock time. */
function unsignedSize(inputCount: number, outputs: readonly TxOutput[]): number {
  let size = 4 + varIntSize(inputCount) + inputCount * UNSIGNED_INPUT + varIntSize(outputs.length) + 4;
  for (const o of outputs) size += 8 + varIntSize(o.script.length) + o.script.length;
  return size;
}

function varIntSize(n: number): number {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : n <= 0xffffffff ? 5 : 9;
}
