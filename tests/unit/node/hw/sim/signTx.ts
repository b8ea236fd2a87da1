/**
 * The simulated SignTx flow, shaped like the Trezor One's: a first pass streams each input with
 * the whole previous transaction it spends (its txid is recomputed from the streamed data) and
 * each output (external ones confirmed on the device), then the total is confirmed; a second pass
 * streams everything again, checks nothing changed, signs (legacy sighash for P2PKH, BIP143 for
 * P2WPKH, ZIP-243 for an overwintered coin's v4 transaction) and hands the serialized transaction
 * back piece by piece on the following requests. For an overwintered coin (Komodo) SignTx must
 * carry the version group id and branch id, as the firmware requires, and an overwintered previous
 * transaction's txid is recomputed from its group id, expiry height and extra data.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { HDKey } from '@scure/bip32';
import { bytesToHex } from '../../../../../src/node/crypto';
import {
  ButtonRequestType,
  FailureType,
  OutputScriptType,
  RequestType,
  type SignTx,
  type TransactionType,
  type TxInputType,
  type TxOutputType,
  type TxRequestDetailsType,
  type TxRequestSerializedType,
  type AnyMessage,
  type MessageName,
  type TrezorMessages,
} from '../../../../../src/node/hw/trezor/protobuf';

/** What the signing flow needs of the firmware: send a message, wait for one, ask the user to confirm. */
export interface SigningFirmware {
  send(msg: AnyMessage): void;
  expect<N extends MessageName>(name: N): Promise<TrezorMessages[N]>;
  confirm(code: number): Promise<void>;
}
import {
  bip143Sighash,
  ByteWriter,
  legacySighash,
  overwinterHeader,
  SIGHASH_ALL,
  txid,
  zcashTxid,
  zip243Sighash,
  type SimOverwinter,
  type SimTx,
  type SimTxInput,
  type SimTxOutput,
} from './txmath';
import { deriveNode, isWitness, p2pkhScript, p2wpkhScript, scriptForAddress, SimFailure, type SimCoin } from './wallet';

interface SigningInput extends SimTxInput {
  key: HDKey;
  witness: boolean;
  amount: bigint;
  /** What the host sent, to detect a change between the passes. */
  fingerprint: string;
}

interface SigningOutput extends SimTxOutput {
  fingerprint: string;
}

export async function signTxFlow(fw: SigningFirmware, msg: SignTx, root: HDKey, coin: SimCoin): Promise<void> {
  await new TxSigning(fw, root, coin).run(msg);
}

class TxSigning {
  private readonly chunks: Uint8Array[] = [];
  private signature: { index: number; der: Uint8Array } | null = null;

  constructor(
    private readonly fw: SigningFirmware,
    private readonly root: HDKey,
    private readonly coin: SimCoin,
  ) {}

  async run(msg: SignTx): Promise<void> {
    const overwinter = this.overwinter(msg);
    const inputs: SigningInput[] = [];
    for (let i = 0; i < msg.inputs_count; i++) inputs.push(await this.firstPassInput(i));
    const outputs: SigningOutput[] = [];
    for (let o = 0; o < msg.outputs_count; o++) {
      const out = one((await this.request(RequestType.TXOUTPUT, { request_index: o })).outputs);
      outputs.push(this.output(out));
      if (!out.address_n?.length) await this.fw.confirm(ButtonRequestType.ConfirmOutput);
    }
    const totalIn = inputs.reduce((sum, i) => sum + i.amount, 0n);
    const totalOut = outputs.reduce((sum, o) => sum + o.amount, 0n);
    if (totalIn < totalOut) throw new SimFailure(FailureType.NotEnoughFunds, 'Not enough funds');
    await this.fw.confirm(ButtonRequestType.SignTx);

    const tx: SimTx = { version: msg.version ?? 1, lockTime: msg.lock_time ?? 0, inputs, outputs };
    const segwit = inputs.some((i) => i.witness);
    if (overwinter && segwit) throw new SimFailure(FailureType.DataError, 'Segwit not enabled on this coin');
    const header = overwinter ? new ByteWriter().raw(overwinterHeader(tx.version, overwinter)) : new ByteWriter().u32(tx.version);
    if (segwit) header.raw(Uint8Array.of(0x00, 0x01));
    this.emit(header.varint(inputs.length).finish());

    for (const [i, input] of inputs.entries()) {
      let scriptSig: Uint8Array = new Uint8Array(0);
      if (input.witness) {
        await this.recheckInput(inputs, i);
      } else {
        for (let j = 0; j < inputs.length; j++) await this.recheckInput(inputs, j);
        for (let o = 0; o < outputs.length; o++) await this.recheckOutput(outputs, o);
        const scriptCode = p2pkhScript(input.key.publicKey!);
        const sighash = overwinter ? zip243Sighash(tx, overwinter, i, scriptCode, input.amount) : legacySighash(tx, i, scriptCode);
        const der = this.sign(input, sighash);
        scriptSig = new ByteWriter().varBytes(Uint8Array.of(...der, SIGHASH_ALL)).varBytes(input.key.publicKey!).finish();
        this.signature = { index: i, der };
      }
      this.emit(new ByteWriter().input({ ...input, scriptSig }).finish());
    }
    this.emit(new ByteWriter().varint(outputs.length).finish());
    for (let o = 0; o < outputs.length; o++) {
      await this.recheckOutput(outputs, o);
      this.emit(new ByteWriter().output(outputs[o]!).finish());
    }
    if (segwit) {
      for (const [i, input] of inputs.entries()) {
        if (!input.witness) {
          this.emit(Uint8Array.of(0));
          continue;
        }
        await this.recheckInput(inputs, i);
        const pubkey = input.key.publicKey!;
        const der = this.sign(input, bip143Sighash(tx, i, p2pkhScript(pubkey), input.amount));
        this.signature = { index: i, der };
        this.emit(new ByteWriter().varint(2).varBytes(Uint8Array.of(...der, SIGHASH_ALL)).varBytes(pubkey).finish());
      }
    }
    this.emit(new ByteWriter().u32(tx.lockTime).finish());
    // v4: expiry height, then a value balance of 0 and no shielded spends, outputs or JoinSplits.
    if (overwinter) this.emit(new ByteWriter().u32(overwinter.expiry).raw(new Uint8Array(8 + 3)).finish());
    this.fw.send({ name: 'TxRequest', message: { request_type: RequestType.TXFINISHED, ...this.takeSerialized() } });
  }

  /** The overwinter fields of SignTx: required from version 3 on an overwintered coin, refused on others. */
  private overwinter(msg: SignTx): SimOverwinter | null {
    const version = msg.version ?? 1;
    if (!this.coin.overwintered) {
      if (msg.expiry !== undefined) throw new SimFailure(FailureType.DataError, 'Expiry not enabled on this coin.');
      if (msg.version_group_id !== undefined) throw new SimFailure(FailureType.DataError, 'Version group ID not enabled on this coin.');
      if (msg.branch_id !== undefined) throw new SimFailure(FailureType.DataError, 'Branch ID not enabled on this coin.');
      return null;
    }
    if (version < 3) return null;
    if (version !== 4) throw new SimFailure(FailureType.DataError, 'Unsupported transaction version.');
    if (msg.version_group_id === undefined) throw new SimFailure(FailureType.DataError, 'Version group ID must be set.');
    if (msg.version_group_id !== SAPLING_VERSION_GROUP_ID) throw new SimFailure(FailureType.DataError, 'Unsupported version group ID.');
    if (msg.branch_id === undefined) throw new SimFailure(FailureType.DataError, 'Branch ID must be set.');
    return { versionGroupId: msg.version_group_id, branchId: msg.branch_id, expiry: msg.expiry ?? 0 };
  }

  private async firstPassInput(index: number): Promise<SigningInput> {
    const input = one((await this.request(RequestType.TXINPUT, { request_index: index })).inputs);
    const witness = isWitness(input.script_type);
    const key = deriveNode(this.root, input.address_n ?? []);
    const spent = await this.prevOutput(input.prev_hash, input.prev_index);
    if (input.amount !== undefined && input.amount !== spent.amount) {
      throw new SimFailure(FailureType.DataError, 'Invalid amount specified');
    }
    const ownScript = witness ? p2wpkhScript(key.publicKey!) : p2pkhScript(key.publicKey!);
    if (!equal(spent.script, ownScript)) throw new SimFailure(FailureType.DataError, 'Input does not match scriptPubKey');
    return {
      prevHash: input.prev_hash,
      prevIndex: input.prev_index,
      sequence: input.sequence ?? 0xffffffff,
      scriptSig: new Uint8Array(0),
      key,
      witness,
      amount: spent.amount,
      fingerprint: inputFingerprint(input),
    };
  }

  private output(out: TxOutputType): SigningOutput {
    let script: Uint8Array;
    if (out.address_n?.length) {
      const pubkey = deriveNode(this.root, out.address_n).publicKey!;
      script = out.script_type === OutputScriptType.PAYTOWITNESS ? p2wpkhScript(pubkey) : p2pkhScript(pubkey);
    } else if (out.address !== undefined) {
      script = scriptForAddress(out.address, this.coin);
    } else {
      throw new SimFailure(FailureType.DataError, 'Missing output address');
    }
    return { amount: out.amount, script, fingerprint: outputFingerprint(out) };
  }

  /** Streams the previous transaction, checks its txid, and returns the output being spent. */
  private async prevOutput(txHash: Uint8Array, index: number): Promise<SimTxOutput> {
    const meta = await this.request(RequestType.TXMETA, { tx_hash: txHash });
    if (meta.inputs_cnt === undefined || meta.outputs_cnt === undefined) {
      throw new SimFailure(FailureType.DataError, 'Missing previous transaction metadata');
    }
    const inputs: SimTxInput[] = [];
    for (let j = 0; j < meta.inputs_cnt; j++) {
      const prev = one((await this.request(RequestType.TXINPUT, { request_index: j, tx_hash: txHash })).inputs);
      inputs.push({
        prevHash: prev.prev_hash,
        prevIndex: prev.prev_index,
        scriptSig: prev.script_sig ?? new Uint8Array(0),
        sequence: prev.sequence ?? 0xffffffff,
      });
    }
    const outputs: SimTxOutput[] = [];
    for (let k = 0; k < meta.outputs_cnt; k++) {
      const prev = one((await this.request(RequestType.TXOUTPUT, { request_index: k, tx_hash: txHash })).bin_outputs);
      outputs.push({ amount: prev.amount, script: prev.script_pubkey });
    }
    const prev = { version: meta.version ?? 1, lockTime: meta.lock_time ?? 0, inputs, outputs };
    const computed = this.coin.overwintered && prev.version >= 3 ? await this.overwinteredTxid(txHash, prev, meta) : txid(prev);
    if (!equal(computed, txHash)) throw new SimFailure(FailureType.DataError, 'Encountered invalid prevhash');
    const spent = outputs[index];
    if (!spent) throw new SimFailure(FailureType.DataError, 'Not enough outputs in previous transaction');
    return spent;
  }

  /** The txid of an overwintered previous transaction, its extra data read in chunks. */
  private async overwinteredTxid(txHash: Uint8Array, prev: SimTx, meta: TransactionType): Promise<Uint8Array> {
    if (meta.version_group_id === undefined) throw new SimFailure(FailureType.DataError, 'Version group ID must be set.');
    const length = meta.extra_data_len ?? 0;
    const extra: Uint8Array[] = [];
    for (let offset = 0; offset < length; offset += EXTRA_DATA_CHUNK) {
      const details = { tx_hash: txHash, extra_data_offset: offset, extra_data_len: Math.min(EXTRA_DATA_CHUNK, length - offset) };
      const chunk = (await this.request(RequestType.TXEXTRADATA, details)).extra_data;
      if (chunk?.length !== details.extra_data_len) throw new SimFailure(FailureType.DataError, 'Invalid extra data chunk');
      extra.push(chunk);
    }
    return zcashTxid(prev, { versionGroupId: meta.version_group_id, branchId: meta.branch_id ?? 0, expiry: meta.expiry ?? 0 }, concat(extra));
  }

  private async recheckInput(inputs: readonly SigningInput[], index: number): Promise<void> {
    const input = one((await this.request(RequestType.TXINPUT, { request_index: index })).inputs);
    if (inputFingerprint(input) !== inputs[index]!.fingerprint) throw changed();
  }

  private async recheckOutput(outputs: readonly SigningOutput[], index: number): Promise<void> {
    const output = one((await this.request(RequestType.TXOUTPUT, { request_index: index })).outputs);
    if (outputFingerprint(output) !== outputs[index]!.fingerprint) throw changed();
  }

  private sign(input: SigningInput, sighash: Uint8Array): Uint8Array {
    return secp256k1.sign(sighash, input.key.privateKey!, { prehash: false, lowS: true, format: 'der' });
  }

  /** A TxRequest carrying whatever was serialized since the previous one; resolves with the TxAck's `tx`. */
  private async request(type: number, details: TxRequestDetailsType): Promise<TransactionType> {
    this.fw.send({ name: 'TxRequest', message: { request_type: type, details, ...this.takeSerialized() } });
    return (await this.fw.expect('TxAck')).tx ?? {};
  }

  private emit(chunk: Uint8Array): void {
    this.chunks.push(chunk);
  }

  private takeSerialized(): { serialized?: TxRequestSerializedType } {
    if (this.chunks.length === 0 && !this.signature) return {};
    const serialized: TxRequestSerializedType = { serialized_tx: concat(this.chunks.splice(0)) };
    if (this.signature) {
      serialized.signature_index = this.signature.index;
      serialized.signature = this.signature.der;
      this.signature = null;
    }
    return { serialized };
  }
}

const SAPLING_VERSION_GROUP_ID = 0x892f2085;
/** The firmware asks for a previous transaction's extra data a kilobyte at a time. */
const EXTRA_DATA_CHUNK = 1024;

function one<T>(items: T[] | undefined): T {
  const item = items?.length === 1 ? items[0] : undefined;
  if (item === undefined) throw new SimFailure(FailureType.DataError, 'Expected exactly one item in TxAck');
  return item;
}

function inputFingerprint(i: TxInputType): string {
  return [bytesToHex(i.prev_hash), i.prev_index, i.sequence, i.script_type, i.amount, i.address_n?.join('/')].join('|');
}

function outputFingerprint(o: TxOutputType): string {
  return [o.address, o.address_n?.join('/'), o.amount, o.script_type].join('|');
}

function changed(): SimFailure {
  return new SimFailure(FailureType.ProcessError, 'Transaction has changed during signing');
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  return Uint8Array.from(parts.flatMap((p) => [...p]));
}
