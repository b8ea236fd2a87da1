/**
 * The other side's swap transaction as the chain knows it. The bytes the counterparty sent only
 * name the transaction (their hash must be the one claimed); what is checked is what the node
 * reports for that hash, as KDF's `validate_fee` and `validate_payment` read `eth_getTransactionByHash`.
 */
import { Transaction } from 'ethers';
import { SwapValidationError, type SwapTx } from '../../swapOps';
import type { EthChainApi, RpcReceipt, RpcTransaction } from '../chainApi';

/** geth's limit on a transaction's size (128 KiB), as hex digits: larger bytes are no transaction. */
export const MAX_TX_HEX_LENGTH = 2 * 128 * 1024;

/** Signed bytes (0x-less hex) read as a transaction, or a SwapValidationError. */
export function parseSignedTx(txHex: string): Transaction {
  if (txHex.length > MAX_TX_HEX_LENGTH) throw new SwapValidationError(`Transaction of ${txHex.length / 2} bytes is larger than any the chain accepts`);
  let tx: Transaction;
  try {
    tx = Transaction.from(`0x${txHex}`);
  } catch (e) {
    throw new SwapValidationError(`Transaction is not a signed EVM transaction: ${(e as Error).message}`, e);
  }
  if (!tx.hash) throw new SwapValidationError('Transaction is not signed');
  return tx;
}

/** The 0x-less hash of signed bytes. */
export function signedTxHash(txHex: string): string {
  return (parseSignedTx(txHex).hash as string).slice(2).toLowerCase();
}

export interface ChainTx {
  tx: RpcTransaction;
  /** Null while the transaction waits in the mempool. */
  receipt: RpcReceipt | null;
}

/** The transaction and its receipt from the node; unknown or mismatched bytes are refused. */
export async function readSwapTx(api: EthChainApi, swapTx: SwapTx): Promise<ChainTx> {
  const hash = signedTxHash(swapTx.txHex);
  if (hash !== swapTx.txHash.replace(/^0x/, '').toLowerCase()) {
    throw new SwapValidationError(`Transaction bytes hash to ${hash}, not to the claimed ${swapTx.txHash}`);
  }
  const tx = await api.transaction(`0x${hash}`);
  if (!tx) throw new SwapValidationError(`Didn't find provided tx ${hash} on the ETH node`);
  return { tx, receipt: await api.receipt(`0x${hash}`) };
}

/** A mined transaction that reverted did nothing: refused. */
export function requireNotReverted({ tx, receipt }: ChainTx): void {
  if (receipt && receipt.status !== 1) throw new SwapValidationError(`Transaction ${tx.hash} reverted`);
}
