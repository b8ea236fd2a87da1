/**
 * UTXO signing on the Trezor (KDF `trezor/src/utxo/sign_utxo.rs`): send `SignTx`, then answer
 * every `TxRequest` in whatever order the firmware asks (inputs and outputs of the new transaction,
 * metadata, inputs, outputs and extra data of the previous transactions it spends, over both of
 * its passes) until `TXFINISHED`, collecting the serialized pieces of the signed transaction.
 * P2PKH (SPENDADDRESS) and P2WPKH (SPENDWITNESS) inputs of Bitcoin-like coins, and Komodo's
 * Sapling v4 transactions: SignTx then carries the overwinter fields (version group id, consensus
 * branch id, expiry height 0, as KDF's `with_trezor.rs`), and an overwintered previous
 * transaction is described with its own group id, expiry height and shielded parts as extra data.
 */
import { Transaction } from 'bitcoinjs-lib';
import { parseChainTx } from '../../coins/utxo/tx/txFormat';
import { ZcashTransaction } from '../../coins/utxo/tx/zcashTx';
import { bytesToHex, hexToBytes } from '../../crypto';
import { MmError } from '../../core/errors';
import { TrezorProtocolError } from './errors';
import { toAddressN, type DerivationPath } from './path';
import { OutputScriptType, RequestType, type TransactionType, type TxRequest, type TxRequestDetailsType } from './protobuf';
import { INPUT_SCRIPT_TYPE, type CallOptions, type TrezorSession, type UtxoScriptType } from './session';
import { concatBytes } from '@noble/hashes/utils.js';

export interface UtxoSignInput {
  path: DerivationPath;
  scriptType: UtxoScriptType;
  /** The raw previous transaction (hex); the device recomputes its txid from what it is sent. */
  prevTxHex: string;
  prevIndex: number;
  /** Must equal the spent output's value. */
  amount: bigint;
  /** Default 0xffffffff. */
  sequence?: number;
}

export type UtxoSignOutput =
  | { address: string; amount: bigint }
  /** Change back to the wallet: the device derives the script and does not ask the user about it. */
  | { changePath: DerivationPath; scriptType: UtxoScriptType; amount: bigint };

export interface UtxoSignRequest {
  /** The coin config's `trezor_coin` ("Bitcoin", "Testnet", "Litecoin", …). */
  coinName: string;
  inputs: readonly UtxoSignInput[];
  outputs: readonly UtxoSignOutput[];
  /** Default 1. */
  version?: number;
  /** Default 0. */
  lockTime?: number;
  /** Zcash-layout v4 coins (`overwintered`, Trezor coin "Komodo"): the fields of the coins file. */
  overwinter?: { versionGroupId: number; branchId: number };
}

export interface SignedUtxoTx {
  /** The complete signed transaction, as the device serialized it. */
  txHex: string;
  /** DER signature (no sighash byte) of each input. */
  signatures: Uint8Array[];
}

/** What the coins domain will be handed (through the context) to sign UTXO transactions with a Trezor. */
export interface TrezorUtxoSigner {
  signUtxoTx(request: UtxoSignRequest, options?: CallOptions): Promise<SignedUtxoTx>;
}

export function trezorUtxoSigner(session: TrezorSession): TrezorUtxoSigner {
  return { signUtxoTx: (request, options) => signUtxoTx(session, request, options) };
}

const OUTPUT_SCRIPT_TYPE: Readonly<Record<UtxoScriptType, number>> = {
  p2pkh: OutputScriptType.PAYTOADDRESS,
  p2wpkh: OutputScriptType.PAYTOWITNESS,
};

/** A previous transaction as the device asks for it. */
interface PrevTx {
  tx: Transaction;
  /** What follows the expiry height of an overwintered transaction; none for a Bitcoin-layout one. */
  extraData: Uint8Array;
}

interface PrevTxs {
  /** By txid in display order, as `details.tx_hash` names them. */
  byTxid: ReadonlyMap<string, PrevTx>;
  /** The request's inputs, each with the txid it spends from. */
  inputs: readonly { input: UtxoSignInput; txid: string }[];
}

export async function signUtxoTx(
  session: TrezorSession,
  request: UtxoSignRequest,
  options?: CallOptions,
): Promise<SignedUtxoTx> {
  const prevTxs = parsePrevTxs(request.inputs, request.overwinter?.branchId);
  const signatures: (Uint8Array | undefined)[] = request.inputs.map(() => undefined);
  const chunks: Uint8Array[] = [];
  const signTx = {
    outputs_count: request.outputs.length,
    inputs_count: request.inputs.length,
    coin_name: request.coinName,
    version: request.version ?? 1,
    lock_time: request.lockTime ?? 0,
    ...(request.overwinter ? { expiry: 0, version_group_id: request.overwinter.versionGroupId, branch_id: request.overwinter.branchId } : {}),
  };

  return session.run(async () => {
    let txRequest = await session.call({ name: 'SignTx', message: signTx }, 'TxRequest', options);
    for (;;) {
      collectSerialized(txRequest, signatures, chunks);
      if (txRequest.request_type === RequestType.TXFINISHED) break;
      const tx = answer(txRequest, request, prevTxs);
      txRequest = await session.call({ name: 'TxAck', message: { tx } }, 'TxRequest', options);
    }
    if (chunks.length === 0 || signatures.some((s) => s === undefined)) {
      throw new TrezorProtocolError('The Trezor finished signing without the whole transaction and every signature');
    }
    return { txHex: bytesToHex(concatBytes(...chunks)), signatures: signatures as Uint8Array[] };
  });
}

function collectSerialized(txRequest: TxRequest, signatures: (Uint8Array | undefined)[], chunks: Uint8Array[]): void {
  const serialized = txRequest.serialized;
  if (!serialized) return;
  if (serialized.signature) {
    const index = serialized.signature_index;
    if (index === undefined || index >= signatures.length) {
      throw new TrezorProtocolError(`Signature for unknown input ${index} of ${signatures.length}`);
    }
    signatures[index] = serialized.signature;
  }
  if (serialized.serialized_tx) chunks.push(serialized.serialized_tx);
}

/** The `TxAck.tx` that answers one request. */
function answer(txRequest: TxRequest, request: UtxoSignRequest, prevTxs: PrevTxs): TransactionType {
  const details = txRequest.details ?? {};
  const type = txRequest.request_type;
  if (details.tx_hash) {
    const prev = prevTxs.byTxid.get(bytesToHex(details.tx_hash));
    if (!prev) throw new TrezorProtocolError(`The Trezor asked for unknown transaction ${bytesToHex(details.tx_hash)}`);
    switch (type) {
      case RequestType.TXMETA:
        return prevMeta(prev);
      case RequestType.TXINPUT: {
        const input = item(prev.tx.ins, details, 'previous input');
        const prevHash = Uint8Array.from(input.hash).reverse();
        const prevInput = { prev_hash: prevHash, prev_index: input.index, script_sig: input.script, sequence: input.sequence };
        return { inputs: [prevInput] };
      }
      case RequestType.TXOUTPUT: {
        const output = item(prev.tx.outs, details, 'previous output');
        return { bin_outputs: [{ amount: output.value, script_pubkey: output.script }] };
      }
      case RequestType.TXEXTRADATA:
        return { extra_data: extraDataChunk(prev, details) };
    }
  } else {
    switch (type) {
      case RequestType.TXINPUT: {
        const { input, txid } = item(prevTxs.inputs, details, 'input');
        return {
          inputs: [
            {
              address_n: toAddressN(input.path),
              prev_hash: hexToBytes(txid),
              prev_index: input.prevIndex,
              sequence: input.sequence ?? 0xffffffff,
              script_type: INPUT_SCRIPT_TYPE[input.scriptType],
              amount: input.amount,
            },
          ],
        };
      }
      case RequestType.TXOUTPUT: {
        const output = item(request.outputs, details, 'output');
        if ('address' in output) {
          return { outputs: [{ address: output.address, amount: output.amount, script_type: OutputScriptType.PAYTOADDRESS }] };
        }
        const scriptType = OUTPUT_SCRIPT_TYPE[output.scriptType];
        return { outputs: [{ address_n: toAddressN(output.changePath), amount: output.amount, script_type: scriptType }] };
      }
    }
  }
  throw new TrezorProtocolError(`Unexpected TxRequest type ${type}${details.tx_hash ? ' for a previous transaction' : ''}`);
}

function prevMeta({ tx, extraData }: PrevTx): TransactionType {
  const zcash = tx instanceof ZcashTransaction ? { expiry: tx.expiryHeight, version_group_id: tx.versionGroupId, branch_id: tx.consensusBranchId } : {};
  return {
    version: tx.version,
    lock_time: tx.locktime,
    inputs_cnt: tx.ins.length,
    outputs_cnt: tx.outs.length,
    ...(extraData.length > 0 ? { extra_data_len: extraData.length } : {}),
    ...zcash,
  };
}

function extraDataChunk({ extraData }: PrevTx, details: TxRequestDetailsType): Uint8Array {
  const offset = details.extra_data_offset ?? 0;
  const length = details.extra_data_len ?? 0;
  if (offset + length > extraData.length) {
    throw new TrezorProtocolError(`Extra data request ${offset}+${length} beyond its ${extraData.length} bytes`);
  }
  return extraData.slice(offset, offset + length);
}

function item<T>(list: readonly T[], details: TxRequestDetailsType, what: string): T {
  const index = details.request_index;
  const found = index === undefined ? undefined : list[index];
  if (found === undefined) throw new TrezorProtocolError(`The Trezor asked for ${what} ${index} of ${list.length}`);
  return found;
}

/**
 * Parses every previous transaction once and checks that the inputs really spend them as claimed.
 * With `branchId` (an overwintered coin) a previous transaction with the overwinter flag is read
 * in the Zcash layout; older ones of such a chain are plain.
 */
function parsePrevTxs(inputs: readonly UtxoSignInput[], branchId: number | undefined): PrevTxs {
  const byTxid = new Map<string, PrevTx>();
  const spends = inputs.map((input) => {
    let tx: Transaction;
    try {
      const raw = hexToBytes(input.prevTxHex);
      tx = branchId === undefined ? Transaction.fromBuffer(raw) : parseChainTx(raw, branchId);
    } catch (e) {
      throw invalidInput(`Previous transaction is not a valid ${branchId === undefined ? 'Bitcoin-style' : 'Zcash or Bitcoin-style'} transaction`, e);
    }
    const output = tx.outs[input.prevIndex];
    if (!output) throw invalidInput(`Previous transaction ${tx.getId()} has no output ${input.prevIndex}`);
    if (output.value !== input.amount) {
      const spent = `${tx.getId()}:${input.prevIndex}`;
      throw invalidInput(`Input amount ${input.amount} differs from the value of ${spent} (${output.value})`);
    }
    const txid = tx.getId();
    byTxid.set(txid, { tx, extraData: tx instanceof ZcashTransaction ? tx.extraData() : new Uint8Array(0) });
    return { input, txid };
  });
  return { byTxid, inputs: spends };
}


function invalidInput(message: string, cause?: unknown): MmError {
  return new MmError({ errorType: 'InvalidParam', message, errorData: message, httpStatus: 400, cause });
}
