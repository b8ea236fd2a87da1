/**
 * Zcash-layout transactions, as Komodo and its asset chains (KMD, DOC, MARTY: coins-file
 * `overwintered: 1`) use them: Overwinter v3 (ZIP-202) and Sapling v4 (ZIP-243's layout). The header
 * is the version with the overwinter bit (bit 31) set, then the version group id, the transparent
 * inputs and outputs and lock time as Bitcoin's, the expiry height and, for v4, the value balance
 * and the shielded spends and outputs; then the JoinSplits (with their key and signature when there
 * are any) and, for v4 with shielded parts, the binding signature. Wallet transactions have empty
 * shielded parts: `00000000 00000000 00 00 00` after the expiry height on v4, as zcashd writes them.
 *
 * A ZcashTransaction is a bitcoinjs-lib Transaction (so the swap and history code read its inputs
 * and outputs as any other) that serializes, hashes and clones in this layout. Shielded parts are
 * kept as opaque bytes: they are carried through and hashed by the signature hash, never built.
 * Transparent signatures use the ZIP-143/243 digest (zip243.ts), never bitcoinjs's.
 */
import { Transaction } from 'bitcoinjs-lib';
import { concatBytes } from '@noble/hashes/utils.js';
import { bytesToHex, sha256d } from '../../../crypto';
import { MmError } from '../../../core/errors';
import { ByteReader, u32le, u64le, varInt, varSlice } from './bytes';

export const OVERWINTER_FLAG = 0x8000_0000;
/** The version group id each Zcash transaction version must carry (consensus rule). */
export const ZCASH_VERSION_GROUP_ID: Readonly<Record<ZcashVersion, number>> = { 3: 0x03c4_8270, 4: 0x892f_2085 };

export type ZcashVersion = 3 | 4;

/** Sizes of the shielded descriptions (Zcash protocol spec §7.2–7.4). */
const SPEND_BYTES = 384;
/** A spend description without its spendAuthSig: what ZIP-243's hashShieldedSpends commits to. */
export const SPEND_SIGHASH_BYTES = 320;
const OUTPUT_BYTES = 948;
/** JoinSplits carry a PHGR13 proof (296 bytes) in v3 and a Groth16 proof (192) from v4 on. */
const JOINSPLIT_BYTES: Readonly<Record<ZcashVersion, number>> = { 3: 1802, 4: 1698 };
const JOINSPLIT_PUBKEY_BYTES = 32;
const SIGNATURE_BYTES = 64;
/** Outpoint, an empty script's length and the sequence: no input is smaller. */
const MIN_INPUT_BYTES = 41;
/** Value and an empty script's length. */
const MIN_OUTPUT_BYTES = 9;
/** Amounts are int64 in Zcash. */
const MAX_AMOUNT = 0x7fff_ffff_ffff_ffffn;

/** The shielded parts of a transaction, as serialized; all empty in a transparent one. */
export interface ShieldedParts {
  /** v4: the net value leaving the Sapling pool (0 when there are no shielded parts). */
  valueBalance: bigint;
  /** v4: Sapling spend descriptions, 384 bytes each. */
  spends: Uint8Array[];
  /** v4: Sapling output descriptions, 948 bytes each. */
  outputs: Uint8Array[];
  joinSplits: Uint8Array[];
  /** Present with JoinSplits only. */
  joinSplitPubKey: Uint8Array;
  joinSplitSig: Uint8Array;
  /** v4 with spends or outputs only. */
  bindingSig: Uint8Array;
}

function emptyShieldedParts(): ShieldedParts {
  return {
    valueBalance: 0n,
    spends: [],
    outputs: [],
    joinSplits: [],
    joinSplitPubKey: new Uint8Array(0),
    joinSplitSig: new Uint8Array(0),
    bindingSig: new Uint8Array(0),
  };
}

/** A transaction that is not one whole, well-formed Zcash v3/v4 transaction of the expected kind. */
export class TxDecodeError extends MmError {
  constructor(reason: string) {
    const message = `transaction cannot be decoded: ${reason}`;
    super({ errorType: 'TxDeserializationError', message, errorData: message, httpStatus: 400 });
  }
}

export class ZcashTransaction extends Transaction {
  /** The version without the overwinter bit; set to 3 or 4 with its group id. */
  override version: ZcashVersion = 4;
  versionGroupId = ZCASH_VERSION_GROUP_ID[4];
  /** 0: never expires (KDF builds every transaction so). */
  expiryHeight = 0;
  shielded: ShieldedParts = emptyShieldedParts();
  /**
   * The consensus branch whose rules its signatures commit to (ZIP-143/243 personalisation):
   * the coin's, not part of the bytes.
   */
  consensusBranchId: number;

  constructor(version: ZcashVersion, consensusBranchId: number) {
    super();
    this.version = version;
    this.versionGroupId = ZCASH_VERSION_GROUP_ID[version];
    this.consensusBranchId = consensusBranchId;
  }

  /**
   * One whole transaction. `expected` is the coin's version and group id, and refuses any other
   * kind; without it, a version's consensus group id is required.
   */
  static parse(raw: Uint8Array, consensusBranchId: number, expected?: { version: number; versionGroupId: number }): ZcashTransaction {
    const r = new ByteReader(raw, (reason) => new TxDecodeError(reason));
    const header = r.u32();
    if ((header & OVERWINTER_FLAG) === 0) throw new TxDecodeError(`header ${hex32(header)} has no overwinter flag`);
    const version = header & ~OVERWINTER_FLAG;
    if (version !== 3 && version !== 4) throw new TxDecodeError(`overwintered version ${version} is not 3 or 4`);
    const versionGroupId = r.u32();
    if (expected && (expected.version !== version || expected.versionGroupId !== versionGroupId)) {
      throw new TxDecodeError(`version ${version} (group ${hex32(versionGroupId)}) is not the coin's ${expected.version} (group ${hex32(expected.versionGroupId)})`);
    }
    if (!expected && versionGroupId !== ZCASH_VERSION_GROUP_ID[version]) {
      throw new TxDecodeError(`version group id ${hex32(versionGroupId)} is not version ${version}'s ${hex32(ZCASH_VERSION_GROUP_ID[version])}`);
    }
    const tx = new ZcashTransaction(version, consensusBranchId);
    tx.versionGroupId = versionGroupId;
    const inputs = r.varInt(Math.floor(r.remaining / MIN_INPUT_BYTES));
    for (let i = 0; i < inputs; i++) {
      const hash = r.take(32);
      const index = r.u32();
      const script = r.varSlice();
      tx.ins.push({ hash, index, script, sequence: r.u32(), witness: [] });
    }
    const outputs = r.varInt(Math.floor(r.remaining / MIN_OUTPUT_BYTES));
    for (let o = 0; o < outputs; o++) {
      const value = r.u64();
      if (value > MAX_AMOUNT) throw new TxDecodeError(`output ${o} value ${value} is not a signed 64-bit amount`);
      tx.outs.push({ value, script: r.varSlice() });
    }
    tx.locktime = r.u32();
    tx.expiryHeight = r.u32();
    tx.shielded = readShieldedParts(r, version);
    if (r.remaining > 0) throw new TxDecodeError(`${r.remaining} bytes after the transaction`);
    return tx;
  }

  override toBuffer(buffer?: Uint8Array, initialOffset = 0): Uint8Array {
    const bytes = this.serialize();
    if (!buffer) return bytes;
    buffer.set(bytes, initialOffset);
    return buffer.subarray(initialOffset, initialOffset + bytes.length);
  }

  override toHex(): string {
    return bytesToHex(this.serialize());
  }

  /** The txid's bytes (natural order): sha256d of the whole serialization; there are no witnesses. */
  override getHash(): Uint8Array {
    return sha256d(this.serialize());
  }

  override byteLength(): number {
    return this.serialize().length;
  }

  override hasWitnesses(): boolean {
    return false;
  }

  override setWitness(): void {
    throw new Error('Zcash transactions have no witnesses');
  }

  override clone(): ZcashTransaction {
    const copy = new ZcashTransaction(this.version, this.consensusBranchId);
    copy.versionGroupId = this.versionGroupId;
    copy.locktime = this.locktime;
    copy.expiryHeight = this.expiryHeight;
    copy.ins = this.ins.map((i) => ({ ...i, witness: [] }));
    copy.outs = this.outs.map((o) => ({ ...o }));
    copy.shielded = { ...this.shielded, spends: [...this.shielded.spends], outputs: [...this.shielded.outputs], joinSplits: [...this.shielded.joinSplits] };
    return copy;
  }

  /** Bitcoin's digests do not apply; transparent inputs are signed over zip243.ts's. */
  override hashForSignature(): Uint8Array {
    throw new Error('a Zcash transaction is signed over the ZIP-143/243 digest');
  }

  override hashForWitnessV0(): Uint8Array {
    throw new Error('a Zcash transaction is signed over the ZIP-143/243 digest');
  }

  /** The serialized transaction; see the module comment for the layout. */
  serialize(): Uint8Array {
    const parts: Uint8Array[] = [u32le((this.version | OVERWINTER_FLAG) >>> 0), u32le(this.versionGroupId), varInt(this.ins.length)];
    for (const i of this.ins) parts.push(i.hash, u32le(i.index), varSlice(i.script), u32le(i.sequence));
    parts.push(varInt(this.outs.length));
    for (const o of this.outs) parts.push(u64le(o.value), varSlice(o.script));
    parts.push(u32le(this.locktime), u32le(this.expiryHeight), this.extraData());
    return concatBytes(...parts);
  }

  /**
   * What follows the expiry height: the shielded parts, which a Trezor takes as the previous
   * transaction's opaque `extra_data` (11 zero bytes for a transparent v4 one).
   */
  extraData(): Uint8Array {
    const s = this.shielded;
    const parts: Uint8Array[] = [];
    if (this.version >= 4) parts.push(u64le(s.valueBalance), varInt(s.spends.length), ...s.spends, varInt(s.outputs.length), ...s.outputs);
    parts.push(varInt(s.joinSplits.length), ...s.joinSplits);
    if (s.joinSplits.length > 0) parts.push(s.joinSplitPubKey, s.joinSplitSig);
    if (this.version >= 4 && s.spends.length + s.outputs.length > 0) parts.push(s.bindingSig);
    return concatBytes(...parts);
  }
}

function readShieldedParts(r: ByteReader, version: ZcashVersion): ShieldedParts {
  const parts = emptyShieldedParts();
  const list = (size: number) => Array.from({ length: r.varInt(Math.floor(r.remaining / size)) }, () => r.take(size));
  if (version >= 4) {
    parts.valueBalance = r.i64();
    parts.spends = list(SPEND_BYTES);
    parts.outputs = list(OUTPUT_BYTES);
  }
  parts.joinSplits = list(JOINSPLIT_BYTES[version]);
  if (parts.joinSplits.length > 0) {
    parts.joinSplitPubKey = r.take(JOINSPLIT_PUBKEY_BYTES);
    parts.joinSplitSig = r.take(SIGNATURE_BYTES);
  }
  if (version >= 4 && parts.spends.length + parts.outputs.length > 0) parts.bindingSig = r.take(SIGNATURE_BYTES);
  return parts;
}

function hex32(n: number): string {
  return `0x${(n >>> 0).toString(16).padStart(8, '0')}`;
}
