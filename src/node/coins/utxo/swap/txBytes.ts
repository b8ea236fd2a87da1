/**
 * Reading swap transactions handed over by the counterparty or a server: bounded in size before
 * parsing, their hash checked, and compared with what the chain holds.
 */
import { Transaction } from 'bitcoinjs-lib';
import { SwapValidationError, type SwapTx } from '../../swapOps';
import { MAX_STANDARD_TX_WEIGHT } from '../tx';

/** No standard transaction serializes to more bytes than its weight limit. */
export const MAX_TX_BYTES = MAX_STANDARD_TX_WEIGHT;
const MAX_TX_HEX_CHARS = 2 * MAX_TX_BYTES;
const HEX = /^([0-9a-f]{2})+$/i;

/** The transaction of `tx`, whose `txHash` must be its id. */
export function decodeSwapTx(tx: SwapTx): Transaction {
  if (tx.txHex.length > MAX_TX_HEX_CHARS) throw new SwapValidationError(`transaction of ${tx.txHex.length / 2} bytes is larger than a standard one`);
  if (!HEX.test(tx.txHex)) throw new SwapValidationError('transaction is not hex');
  const decoded = decodeTx(tx.txHex);
  if (decoded.getId() !== tx.txHash.toLowerCase()) throw new SwapValidationError(`transaction hash ${tx.txHash} is not the hash of its bytes (${decoded.getId()})`);
  return decoded;
}

/** One whole transaction from its bytes (bitcoinjs refuses trailing bytes); anything else is a SwapValidationError. */
export function decodeTx(raw: Uint8Array | string): Transaction {
  try {
    return typeof raw === 'string' ? Transaction.fromHex(raw) : Transaction.fromBuffer(raw);
  } catch (e) {
    throw new SwapValidationError(`transaction cannot be decoded: ${(e as Error).message}`, e);
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
