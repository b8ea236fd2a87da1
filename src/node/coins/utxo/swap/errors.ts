/** Errors of UTXO swap transactions that are not a counterparty's bad transaction (those are SwapValidationError). */
import { MmError } from '../../../core/errors';

/**
 * KDF's `PrivKeyPolicyNotAllowed(HardwareWalletNotSupported)`: a hardware wallet signs only its own
 * scripts, not an HTLC's, so a coin activated with the Trezor policy cannot swap yet.
 */
export function hardwareWalletNotSupported(ticker: string): MmError {
  const message = `Hardware Wallet is not supported: ${ticker} was activated with the Trezor policy, which cannot sign swap transactions yet`;
  return new MmError({ errorType: 'PrivKeyPolicyNotAllowed', message, errorData: message, httpStatus: 400 });
}

/** KDF's `TransactionErr::Plain("HTLC spend fee … is greater than transaction output …")`: nothing would be left to receive. */
export function htlcSpendFeeTooHigh(fee: bigint, value: bigint): MmError {
  const message = `HTLC spend fee ${fee} is greater than transaction output ${value}`;
  return new MmError({ errorType: 'TransactionErr', message, errorData: message, httpStatus: 500 });
}
