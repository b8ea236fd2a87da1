/** The device's `Failure` as the typed error a client acts on. */
import { HwError, type HwRpcError } from './errors';
import { FailureType, type Failure } from './protobuf';

/** Failure codes as KDF maps them (`trezor/src/error.rs` → `HwRpcError`); no code at all is its own variant. */
const FAILURE_TO_HW: ReadonlyMap<number, HwRpcError> = new Map([
  [FailureType.UnexpectedMessage, 'UnexpectedMessage'],
  [FailureType.ButtonExpected, 'ButtonExpected'],
  [FailureType.DataError, 'DataError'],
  [FailureType.ActionCancelled, 'UserCancelled'],
  [FailureType.PinExpected, 'PinExpected'],
  [FailureType.PinCancelled, 'UserCancelled'],
  [FailureType.PinInvalid, 'InvalidPin'],
  [FailureType.InvalidSignature, 'InvalidSignature'],
  [FailureType.ProcessError, 'ProcessError'],
  [FailureType.NotEnoughFunds, 'NotEnoughFunds'],
  [FailureType.NotInitialized, 'NotInitialized'],
  [FailureType.PinMismatch, 'InvalidPin'],
  [FailureType.WipeCodeMismatch, 'WipeCodeMismatch'],
  [FailureType.InvalidSession, 'InvalidSession'],
  [FailureType.FirmwareError, 'FirmwareError'],
]);

export function failureToHwError(failure: Failure): HwError {
  const code = failure.code === undefined ? undefined : FAILURE_TO_HW.get(failure.code);
  const message = failure.message ? `Trezor: ${failure.message}` : 'Trezor reported a failure';
  return new HwError(code ?? 'FailureMessageNotFound', message);
}
