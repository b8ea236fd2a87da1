/**
 * The taker-fee transaction of a UTXO coin (KDF's `send_taker_fee` / `validate_fee`): output 0 pays
 * the dex fee to the P2PKH of KDF's dex fee key, output 1 (KMD only) burns with a bare `OP_RETURN`
 * output carrying value; change follows. The maker accepts it only when those outputs pay at least
 * the agreed amounts and every input is signed by the taker's key, so nobody can present someone
 * else's fee payment as their own.
 */
import type { Transaction } from 'bitcoinjs-lib';
import { hash160, hexToBytes } from '../../../crypto';
import { SwapValidationError } from '../../swapOps';
import { DEX_FEE_ADDR_PUBKEY } from '../../tradeFee';
import { opReturnScript, p2pkhScript, type TxOutput } from '../tx';
import { readPushes } from '../tx/scripts/htlc';
import { sameBytes } from './bytes';

/** The dex fee address on every UTXO chain. */
export const DEX_FEE_SCRIPT = p2pkhScript(hash160(hexToBytes(DEX_FEE_ADDR_PUBKEY)));
/** KMD's burn output script: `OP_RETURN` alone. */
const BURN_SCRIPT = opReturnScript();

/** Satoshis of the dex fee and of the burn (0: no burn output). */
export interface TakerFeeSat {
  fee: bigint;
  burn: bigint;
}

export function takerFeeOutputs(amounts: TakerFeeSat): TxOutput[] {
  const outputs = [{ script: DEX_FEE_SCRIPT, value: amounts.fee }];
  if (amounts.burn > 0n) outputs.push({ script: BURN_SCRIPT, value: amounts.burn });
  return outputs;
}

/** Output 0 pays ≥ the fee to the dex address and, with a burn, output 1 burns ≥ the burn (KDF's `validate_dex_output`, `validate_burn_output`). */
export function checkTakerFeeOutputs(tx: Transaction, amounts: TakerFeeSat): void {
  checkOutput(tx, 0, DEX_FEE_SCRIPT, amounts.fee, 'dex fee');
  if (amounts.burn > 0n) checkOutput(tx, 1, BURN_SCRIPT, amounts.burn, 'burn');
}

function checkOutput(tx: Transaction, index: number, script: Uint8Array, min: bigint, what: string): void {
  const out = tx.outs[index];
  if (!out) throw new SwapValidationError(`the taker fee transaction has no ${what} output ${index}`);
  if (!sameBytes(out.script, script)) throw new SwapValidationError(`the taker fee transaction's output ${index} does not pay the ${what} address`);
  if (out.value < min) throw new SwapValidationError(`the taker fee transaction's ${what} output pays ${out.value} sat, less than ${min}`);
}

/**
 * Every input spends a P2PKH or P2WPKH output of `pubkey` (KDF's `check_all_utxo_inputs_signed_by_pub`):
 * the key in its scriptSig (`<sig> <key>`) or witness (`[sig, key]`) is `pubkey`. The signature
 * itself the chain has checked, since the transaction must be in the mempool or mined.
 */
export function checkInputsSignedBy(tx: Transaction, pubkey: Uint8Array): void {
  if (tx.ins.length === 0) throw new SwapValidationError('the transaction has no inputs');
  const foreign = tx.ins.findIndex((input) => !inputSignedBy(input, pubkey));
  if (foreign >= 0) throw new SwapValidationError(`input ${foreign} of the transaction is not signed by the expected public key`);
}

/** Whether `tx` has inputs and all of them are signed by `pubkey`, as `checkInputsSignedBy` checks. */
export function isSignedBy(tx: Transaction, pubkey: Uint8Array): boolean {
  return tx.ins.length > 0 && tx.ins.every((input) => inputSignedBy(input, pubkey));
}

function inputSignedBy(input: Transaction['ins'][number], pubkey: Uint8Array): boolean {
  const key = input.witness.length > 0 ? witnessKey(input.witness, input.script) : scriptSigKey(input.script);
  return key !== null && sameBytes(key, pubkey);
}

function scriptSigKey(scriptSig: Uint8Array): Uint8Array | null {
  const items = readPushes(scriptSig);
  if (!items || items.length !== 2) return null;
  const key = items[1];
  return key instanceof Uint8Array ? key : null;
}

function witnessKey(witness: Uint8Array[], scriptSig: Uint8Array): Uint8Array | null {
  return witness.length === 2 && scriptSig.length === 0 ? (witness[1] ?? null) : null;
}
