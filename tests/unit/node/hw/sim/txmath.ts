/**
 * What the simulated firmware computes over the transaction data the host streams to it:
 * Bitcoin serialization, the txid of a previous transaction (to check the host sent it
 * faithfully), and the legacy, BIP143 and ZIP-243 (Sapling, Komodo's) signature hashes. Written
 * from the BIPs and ZIPs, independent of bitcoinjs-lib and of the node's Zcash code, which the
 * tests use to check the result.
 */
import { blake2b } from '@noble/hashes/blake2.js';
import { sha256 } from '@noble/hashes/sha2.js';

export interface SimTxInput {
  /** Display order, as in the protocol. */
  prevHash: Uint8Array;
  prevIndex: number;
  sequence: number;
  scriptSig: Uint8Array;
}

export interface SimTxOutput {
  amount: bigint;
  script: Uint8Array;
}

export interface SimTx {
  version: number;
  lockTime: number;
  inputs: readonly SimTxInput[];
  outputs: readonly SimTxOutput[];
}

/** The overwinter fields of a Zcash-layout (v3/v4) transaction. */
export interface SimOverwinter {
  versionGroupId: number;
  branchId: number;
  expiry: number;
}

export const SIGHASH_ALL = 1;

export class ByteWriter {
  private readonly bytes: number[] = [];

  u32(n: number): this {
    for (let i = 0; i < 4; i++) this.bytes.push((n >>> (8 * i)) & 0xff);
    return this;
  }

  u64(n: bigint): this {
    for (let i = 0n; i < 8n; i++) this.bytes.push(Number((n >> (8n * i)) & 0xffn));
    return this;
  }

  varint(n: number): this {
    if (n < 0xfd) this.bytes.push(n);
    else if (n <= 0xffff) this.bytes.push(0xfd, n & 0xff, n >> 8);
    else {
      this.bytes.push(0xfe);
      this.u32(n);
    }
    return this;
  }

  raw(b: Uint8Array): this {
    for (const x of b) this.bytes.push(x);
    return this;
  }

  varBytes(b: Uint8Array): this {
    return this.varint(b.length).raw(b);
  }

  input(i: SimTxInput): this {
    return this.raw(Uint8Array.from(i.prevHash).reverse()).u32(i.prevIndex).varBytes(i.scriptSig).u32(i.sequence);
  }

  output(o: SimTxOutput): this {
    return this.u64(o.amount).varBytes(o.script);
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

export function sha256d(b: Uint8Array): Uint8Array {
  return sha256(sha256(b));
}

/** Non-witness serialization: what a txid commits to. */
export function serializeLegacy(tx: SimTx): Uint8Array {
  const w = new ByteWriter().u32(tx.version).varint(tx.inputs.length);
  for (const i of tx.inputs) w.input(i);
  w.varint(tx.outputs.length);
  for (const o of tx.outputs) w.output(o);
  return w.u32(tx.lockTime).finish();
}

/** The txid in display order. */
export function txid(tx: SimTx): Uint8Array {
  return sha256d(serializeLegacy(tx)).reverse();
}

/** Pre-segwit SIGHASH_ALL: every scriptSig emptied but the signed input's, which holds `scriptCode`. */
export function legacySighash(tx: SimTx, index: number, scriptCode: Uint8Array): Uint8Array {
  const inputs = tx.inputs.map((input, i) => ({ ...input, scriptSig: i === index ? scriptCode : new Uint8Array(0) }));
  const body = serializeLegacy({ ...tx, inputs });
  return sha256d(new ByteWriter().raw(body).u32(SIGHASH_ALL).finish());
}

/** BIP143 SIGHASH_ALL for a segwit v0 input spending `amount`. */
export function bip143Sighash(tx: SimTx, index: number, scriptCode: Uint8Array, amount: bigint): Uint8Array {
  const input = tx.inputs[index]!;
  const prevouts = new ByteWriter();
  const sequences = new ByteWriter();
  for (const i of tx.inputs) {
    prevouts.raw(Uint8Array.from(i.prevHash).reverse()).u32(i.prevIndex);
    sequences.u32(i.sequence);
  }
  const outputs = new ByteWriter();
  for (const o of tx.outputs) outputs.output(o);
  const preimage = new ByteWriter()
    .u32(tx.version)
    .raw(sha256d(prevouts.finish()))
    .raw(sha256d(sequences.finish()))
    .raw(Uint8Array.from(input.prevHash).reverse())
    .u32(input.prevIndex)
    .varBytes(scriptCode)
    .u64(amount)
    .u32(input.sequence)
    .raw(sha256d(outputs.finish()))
    .u32(tx.lockTime)
    .u32(SIGHASH_ALL)
    .finish();
  return sha256d(preimage);
}

/** The overwintered header: the version with bit 31 set, then the version group id. */
export function overwinterHeader(version: number, ow: SimOverwinter): Uint8Array {
  return new ByteWriter().u32((version | 0x8000_0000) >>> 0).u32(ow.versionGroupId).finish();
}

/**
 * The txid of an overwintered transaction: its whole serialization, `extraData` being everything
 * after the expiry height (the shielded parts, 11 zero bytes for a transparent v4 one).
 */
export function zcashTxid(tx: SimTx, ow: SimOverwinter, extraData: Uint8Array): Uint8Array {
  const w = new ByteWriter().raw(overwinterHeader(tx.version, ow)).varint(tx.inputs.length);
  for (const i of tx.inputs) w.input(i);
  w.varint(tx.outputs.length);
  for (const o of tx.outputs) w.output(o);
  return sha256d(w.u32(tx.lockTime).u32(ow.expiry).raw(extraData).finish()).reverse();
}

function blake(personal: string, data: Uint8Array): Uint8Array {
  return blake2b(data, { dkLen: 32, personalization: new TextEncoder().encode(personal) });
}

/** ZIP-243 SIGHASH_ALL of a transparent input of a v4 transaction without shielded parts. */
export function zip243Sighash(tx: SimTx, ow: SimOverwinter, index: number, scriptCode: Uint8Array, amount: bigint): Uint8Array {
  const input = tx.inputs[index]!;
  const prevouts = new ByteWriter();
  const sequences = new ByteWriter();
  for (const i of tx.inputs) {
    prevouts.raw(Uint8Array.from(i.prevHash).reverse()).u32(i.prevIndex);
    sequences.u32(i.sequence);
  }
  const outputs = new ByteWriter();
  for (const o of tx.outputs) outputs.output(o);
  const preimage = new ByteWriter()
    .raw(overwinterHeader(tx.version, ow))
    .raw(blake('ZcashPrevoutHash', prevouts.finish()))
    .raw(blake('ZcashSequencHash', sequences.finish()))
    .raw(blake('ZcashOutputsHash', outputs.finish()))
    .raw(new Uint8Array(32 * 3)) // JoinSplits, shielded spends and outputs: none
    .u32(tx.lockTime)
    .u32(ow.expiry)
    .u64(0n) // value balance
    .u32(SIGHASH_ALL)
    .raw(Uint8Array.from(input.prevHash).reverse())
    .u32(input.prevIndex)
    .varBytes(scriptCode)
    .u64(amount)
    .u32(input.sequence)
    .finish();
  const personal = new Uint8Array(16);
  personal.set(new TextEncoder().encode('ZcashSigHash'));
  new DataView(personal.buffer).setUint32(12, ow.branchId, true);
  return blake2b(preimage, { dkLen: 32, personalization: personal });
}
