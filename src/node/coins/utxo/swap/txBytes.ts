/**
 * Reading swap transactions handed over by the counterparty or a server: bounded in size before
 * parsing, read in the coin's layout (txFormat.ts), their hash checked, and compared with what the
 * chain holds.
 */
import type { Transaction } from 'bitcoinjs-lib';
import { SwapValidationError, type SwapTx } from '../../swapOps';
import { MAX_STANDARD_TX_WEIGHT, parseTx, type TxFormat } from '../tx';

/** No standard transaction serializes to more bytes than its weight limit. */
export const MAX_TX_BYTES = MAX_STANDARD_TX_WEIGHT;
const MAX_TX_HEX_CHARS = 2 * MAX_TX_BYTES;
const HEX = /^([0-9a-f]{2})+$/i;

/** The transaction of `tx`, whose `txHash` must be its id. */
export function decodeSwapTx(tx: SwapTx, format: TxFormat): Transaction {
  if (tx.txHex.length > MAX_TX_HEX_CHARS) throw new SwapValidationError(`transaction of ${tx.txHex.length / 2} bytes is larger than a standard one`);
  if (!HEX.test(tx.txHex)) throw new SwapValidationError('transaction is not hex');
  const decoded = decodeTx(tx.txHex, format);
  if (decoded.getId() !== tx.txHash.toLowerCase()) throw new SwapValidationError(`transaction hash ${tx.txHash} is not the hash of its bytes (${decoded.getId()})`);
  return decoded;
}

/** One whole transaction of the coin's layout from its bytes; anything else is a SwapValidationError. */
export function decodeTx(raw: Uint8Array | string, format: TxFormat): Transaction {
  try {
    return parseTx(raw, format);
  } catch (e) {
    // parseTx's TxDecodeError already says the transaction cannot be decoded, and why.
    throw new SwapValidationError((e as Error).message, e);
  }
}

/** The chain's copy equals ours, with or without witness data (KDF compares both serializations). */
export function sameAsChain(tx: Transaction, chainHex: string): boolean {
  const hex = chainHex.toLowerCase();
  if (hex === tx.toHex()) return true;
  const stripped = tx.clone();
  for (const input of stripped.ins) input.witness = [];
  return hex === stripped.toHex();
}

export function toSwapTx(tx: Transaction): SwapTx {
  return { txHex: tx.toHex(), txHash: tx.getId() };
}
