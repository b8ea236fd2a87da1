/**
 * The nLockTime of a funding transaction, which KMD interest is counted from. A KMD output may have
 * been created by any transaction the chain ever took, overwintered or older and plain
 * (`parseChainTx`). The bytes come from the server: a transaction that does not decode is a
 * Transport error.
 */
import { hexToBytes } from '../../../crypto';
import { coinError } from '../../coinErrors';
import { parseChainTx } from '../tx/txFormat';
import { errorMessage } from '../../../../shared/errorChain';

export function fundingLockTime(txHex: string, consensusBranchId: number): number {
  try {
    return parseChainTx(hexToBytes(txHex), consensusBranchId).locktime;
  } catch (e) {
    throw coinError.transport(`the server's funding transaction does not decode: ${errorMessage(e)}`, e);
  }
}
