/**
 * The secret a `receiverSpend` reveals (KDF `extract_secret`): the third argument of the call,
 * accepted only if its dhash160 is the payment's secret hash.
 */
import { getBytes, hexlify } from 'ethers';
import { hash160 } from '../../../crypto';
import { SwapValidationError } from '../../swapOps';
import { decodeSwapCall } from '../swapContract';

/** The 32-byte secret of a receiverSpend input (0x hex), checked against `secretHash`. */
export function secretFromSpendInput(input: string, secretHash: Uint8Array): Uint8Array {
  const call = decodeSwapCall(input);
  if (call?.fn !== 'receiverSpend') throw new SwapValidationError('Transaction does not call receiverSpend');
  const secret = getBytes(call.secret);
  if (hexlify(hash160(secret)) !== hexlify(secretHash)) {
    throw new SwapValidationError(`The revealed secret does not hash to ${hexlify(secretHash)}`);
  }
  return secret;
}
