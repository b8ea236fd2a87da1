/**
 * The nLockTime of a funding transaction, which KMD interest is counted from. A KMD output may have
 * been created by any transaction the chain ever took: a Sapling v4 or Overwinter v3 one (the
 * overwinter bit set in its header) or an older plain v1/v2 one, so both layouts are read. The
 * bytes come from the server: a transaction that does not decode is a Transport error.
 */
import { Transaction } from 'bitcoinjs-lib';
import { hexToBytes } from '../../../crypto';
import { coinError } from '../../coinErrors';
import { OVERWINTER_FLAG, ZcashTransaction } from '../tx/zcashTx';

export function fundingLockTime(txHex: string, consensusBranchId: number): number {
  const raw = hexToBytes(txHex);
  try {
    const header = raw.length >= 4 ? new DataView(raw.buffer, raw.byteOffset, 4).getUint32(0, true) : 0;
    const tx = (header & OVERWINTER_FLAG) !== 0 ? ZcashTransaction.parse(raw, consensusBranchId) : Transaction.fromBuffer(raw);
    return tx.locktime;
  } catch (e) {
    throw coinError.transport(`the server's funding transaction does not decode: ${e instanceof Error ? e.message : String(e)}`, e);
  }
}
