/**
 * The signature hash of a Zcash-layout transaction's transparent inputs: ZIP-143 (Overwinter, v3)
 * and ZIP-243 (Sapling, v4), which Komodo chains use. BLAKE2b-256 over the header, version group
 * id, and hashes of the prevouts, sequences, outputs, JoinSplits (and, v4, shielded spends and
 * outputs), the lock time, expiry height (v4: value balance), hash type and the signed input with
 * its script code and value; the final hash's personalisation ends in the consensus branch id, so
 * a signature is valid on one network upgrade only. The shared parts are computed once per
 * transaction (a SIGHASH_ALL wallet transaction signs every input over the same ones).
 */
import { blake2b } from '@noble/hashes/blake2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { u32le, u64le, varSlice } from './bytes';
import { SPEND_SIGHASH_BYTES, type ZcashTransaction } from './zcashTx';

export const SIGHASH_ALL = 1;
const SIGHASH_NONE = 2;
const SIGHASH_SINGLE = 3;
const SIGHASH_ANYONECANPAY = 0x80;
const ZERO_HASH = new Uint8Array(32);

/** The transparent input being signed: it spends `value` from an output whose script code is `scriptCode`. */
export interface SignedInput {
  index: number;
  scriptCode: Uint8Array;
  value: bigint;
}

export class ZcashSighash {
  private readonly parts = new Map<string, Uint8Array>();

  constructor(private readonly tx: ZcashTransaction) {}

  /**
   * The digest of `input` under `hashType` (SIGHASH_ALL for everything this node signs); `null`
   * signs no transparent input (what shielded signatures commit to).
   */
  digest(input: SignedInput | null, hashType: number): Uint8Array {
    const tx = this.tx;
    if (input && (!Number.isInteger(input.index) || input.index < 0 || input.index >= tx.ins.length)) {
      throw new RangeError(`no input ${input.index}`);
    }
    const base = hashType & 0x1f;
    const anyoneCanPay = (hashType & SIGHASH_ANYONECANPAY) !== 0;
    const sapling = tx.version >= 4;
    const fields: Uint8Array[] = [
      u32le((tx.version | 0x8000_0000) >>> 0),
      u32le(tx.versionGroupId),
      anyoneCanPay ? ZERO_HASH : this.prevouts(),
      anyoneCanPay || base === SIGHASH_SINGLE || base === SIGHASH_NONE ? ZERO_HASH : this.sequences(),
      this.outputsFor(base, input?.index),
      this.joinSplits(),
    ];
    if (sapling) fields.push(this.shieldedSpends(), this.shieldedOutputs());
    fields.push(u32le(tx.locktime), u32le(tx.expiryHeight));
    if (sapling) fields.push(u64le(tx.shielded.valueBalance));
    fields.push(u32le(hashType));
    if (input) {
      const i = tx.ins[input.index]!;
      fields.push(i.hash, u32le(i.index), varSlice(input.scriptCode), u64le(input.value), u32le(i.sequence));
    }
    const personalization = concatBytes(utf8ToBytes('ZcashSigHash'), u32le(tx.consensusBranchId));
    return blake2b(concatBytes(...fields), { dkLen: 32, personalization });
  }

  private outputsFor(base: number, index: number | undefined): Uint8Array {
    if (base !== SIGHASH_SINGLE && base !== SIGHASH_NONE) return this.allOutputs();
    const single = base === SIGHASH_SINGLE && index !== undefined ? this.tx.outs[index] : undefined;
    return single ? hash('ZcashOutputsHash', concatBytes(u64le(single.value), varSlice(single.script))) : ZERO_HASH;
  }

  private prevouts(): Uint8Array {
    return this.memo('prevouts', () => hash('ZcashPrevoutHash', concatBytes(...this.tx.ins.flatMap((i) => [i.hash, u32le(i.index)]))));
  }

  private sequences(): Uint8Array {
    return this.memo('sequences', () => hash('ZcashSequencHash', concatBytes(...this.tx.ins.map((i) => u32le(i.sequence)))));
  }

  private allOutputs(): Uint8Array {
    return this.memo('outputs', () => hash('ZcashOutputsHash', concatBytes(...this.tx.outs.flatMap((o) => [u64le(o.value), varSlice(o.script)]))));
  }

  private joinSplits(): Uint8Array {
    const s = this.tx.shielded;
    if (s.joinSplits.length === 0) return ZERO_HASH;
    return this.memo('joinSplits', () => hash('ZcashJSplitsHash', concatBytes(...s.joinSplits, s.joinSplitPubKey)));
  }

  /** Each spend description without its spendAuthSig, which signs this very digest. */
  private shieldedSpends(): Uint8Array {
    const spends = this.tx.shielded.spends;
    if (spends.length === 0) return ZERO_HASH;
    return this.memo('spends', () => hash('ZcashSSpendsHash', concatBytes(...spends.map((d) => d.subarray(0, SPEND_SIGHASH_BYTES)))));
  }

  private shieldedOutputs(): Uint8Array {
    const outputs = this.tx.shielded.outputs;
    if (outputs.length === 0) return ZERO_HASH;
    return this.memo('shieldedOutputs', () => hash('ZcashSOutputHash', concatBytes(...outputs)));
  }

  private memo(key: string, compute: () => Uint8Array): Uint8Array {
    let value = this.parts.get(key);
    if (!value) {
      value = compute();
      this.parts.set(key, value);
    }
    return value;
  }
}

/** BLAKE2b-256 under a 16-byte personalisation. */
function hash(personalization: string, data: Uint8Array): Uint8Array {
  return blake2b(data, { dkLen: 32, personalization: utf8ToBytes(personalization) });
}
