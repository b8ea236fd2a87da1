/** KDF's hardware wallet errors: `InitHwError`, `TrezorConnectionError` and the `HwError` of a failed device call. */
export type HwErrorType = 'HwError' | 'HwContextInitializingAlready' | 'HwContextNotInitialized' | 'TrezorNotInitialized' | 'FoundUnexpectedDevice';

/**
 * KDF's `HwRpcError`, the `error_data` of an `HwError`: what a client must be able to tell apart.
 * (The fieldless variants; `HwError`'s data is one of these strings.)
 */
export type HwRpcError =
  | 'NoTrezorDeviceAvailable'
  | 'FoundMultipleDevices'
  | 'FoundUnexpectedDevice'
  | 'InvalidPin'
  | 'UnexpectedMessage'
  | 'ButtonExpected'
  | 'DataError'
  | 'PinExpected'
  | 'InvalidSignature'
  | 'ProcessError'
  | 'NotEnoughFunds'
  | 'NotInitialized'
  | 'WipeCodeMismatch'
  | 'InvalidSession'
  | 'FirmwareError'
  | 'FailureMessageNotFound'
  | 'UserCancelled'
  | 'PongMessageMismatch';
