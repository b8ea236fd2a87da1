/**
 * SIGHASH_ALL signature hashes of a transaction's inputs, all committing to one script code (the
 * wallet's P2PKH script), from parts kept across inputs. bitcoinjs-lib re-serializes the whole
 * transaction for every input, which makes signing hundreds of inputs take seconds:
 * - legacy: the preimages differ only in which input carries the script code, so the hash state
 *   over the inputs before it is carried forward and only the rest is hashed per input;
 * - BIP143 (P2WPKH): hashPrevouts, hashSequence and hashOutputs are computed once.
 * Byte layouts are Bitcoin's (`SignatureHash` in Bitcoin Core's interpreter.cpp). Bitcoin Cash's
 * fork-id digest (SIGHASH_FORKID, 0x40) is the BIP143 layout over non-witness inputs too; the hash
 * type, which the preimage ends with, carries the coin's fork-id bits then.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import type { Transaction } from 'bitcoinjs-lib';
import { sha256d } from '../../../crypto';
import { concatBytes } from '@noble/hashes/utils.js';
import { u32le, u64le, varInt, varSlice } from './bytes';
import { MAX_STANDARD_TX_WEIGHT } from './standardSize';

const SIGHASH_ALL = 1;
/** ANYONECANPAY (0x80) and the base types NONE (2) and SINGLE (3) hash other parts: never made here. */
const SIGHASH_ANYONECANPAY = 0x80;
const SIGHASH_BASE_MASK = 0x1f;
/** Outpoint (36), empty script (1), sequence (4): an input as the legacy preimage has it when not signed. */
const BLANK_INPUT = 41;
/**
 * The most inputs a standard transaction holds (each weighs at least 4 × 41), so the most this
 * signs: legacy hashing is quadratic in the count (n²/2 × 41 bytes, 8.7 MB at 650 inputs), and a
 * larger transaction would be refused by every node anyway.
 */
export const MAX_SIGHASH_INPUTS = Math.floor(MAX_STANDARD_TX_WEIGHT / 4 / BLANK_INPUT);

type Hasher = ReturnType<typeof sha256.create>;

export class SighashCache {
  private readonly version: Uint8Array;
  private readonly lockAndType: Uint8Array;
  private readonly scriptCodeSlice: Uint8Array;
  private readonly outpoints: Uint8Array[];
  private readonly sequences: Uint8Array[];
  /** The serialized outputs, without their count. */
  private readonly outputs: Uint8Array;
  // legacy
  private readonly legacyPrefix: Uint8Array;
  private readonly blankInputs: Uint8Array;
  private readonly legacySuffix: Uint8Array;
  private running: { hasher: Hasher; next: number } | null = null;
  // BIP143
  private witnessParts: { prevouts: Uint8Array; sequence: Uint8Array; outputs: Uint8Array } | null = null;

  /** `hashType` is a 32-bit SIGHASH_ALL type: 1, or 0x41 (with a fork value above it) on a fork-id coin. */
  constructor(tx: Transaction, scriptCode: Uint8Array, hashType = SIGHASH_ALL) {
    const base = hashType & SIGHASH_BASE_MASK;
    if (!Number.isInteger(hashType) || hashType < 0 || hashType > 0xffff_ffff || hashType & SIGHASH_ANYONECANPAY || base === 2 || base === 3) {
      throw new RangeError(`sighash type ${hashType} is not a SIGHASH_ALL type`);
    }
    if (tx.ins.length > MAX_SIGHASH_INPUTS) throw new RangeError(`${tx.ins.length} inputs, more than a standard transaction's ${MAX_SIGHASH_INPUTS}`);
    this.version = u32le(tx.version >>> 0);
    this.lockAndType = concatBytes(u32le(tx.locktime), u32le(hashType));
    this.scriptCodeSlice = varSlice(scriptCode);
    this.outpoints = tx.ins.map((i) => concatBytes(i.hash, u32le(i.index)));
    this.sequences = tx.ins.map((i) => u32le(i.sequence));
    this.legacyPrefix = concatBytes(this.version, varInt(tx.ins.length));
    this.blankInputs = concatBytes(...this.outpoints.flatMap((o, j) => [o, Uint8Array.of(0), this.sequences[j]!]));
    const outputs = concatBytes(...tx.outs.flatMap((o) => [u64le(o.value), varSlice(o.script)]));
    this.legacySuffix = concatBytes(varInt(tx.outs.length), outputs, this.lockAndType);
    this.outputs = outputs;
  }

  /** The legacy (pre-segwit) hash of input `index`; cheapest when asked in increasing order. */
  legacy(index: number): Uint8Array {
    this.checkIndex(index);
    if (!this.running || this.running.next > index) this.running = { hasher: sha256.create().update(this.legacyPrefix), next: 0 };
    const r = this.running;
    r.hasher.update(this.blankInputs.subarray(r.next * BLANK_INPUT, index * BLANK_INPUT));
    r.next = index;
    const h = r.hasher
      .clone()
      .update(this.outpoints[index]!)
      .update(this.scriptCodeSlice)
      .update(this.sequences[index]!)
      .update(this.blankInputs.subarray((index + 1) * BLANK_INPUT))
      .update(this.legacySuffix)
      .digest();
    return sha256(h);
  }

  /** The BIP143 hash of input `index`, which spends `value` sat; also a fork-id coin's hash of any input. */
  witnessV0(index: number, value: bigint): Uint8Array {
    this.checkIndex(index);
    this.witnessParts ??= {
      prevouts: sha256d(concatBytes(...this.outpoints)),
      sequence: sha256d(concatBytes(...this.sequences)),
      outputs: sha256d(this.outputs),
    };
    const p = this.witnessParts;
    return sha256d(
      concatBytes(
        this.version,
        p.prevouts,
        p.sequence,
        this.outpoints[index]!,
        this.scriptCodeSlice,
        u64le(value),
        this.sequences[index]!,
        p.outputs,
        this.lockAndType,
      ),
    );
  }

  private checkIndex(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.outpoints.length) throw new RangeError(`no input ${index}`);
  }
}
