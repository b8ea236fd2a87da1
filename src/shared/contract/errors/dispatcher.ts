/** KDF's `DispatcherError` (rpc.rs), plus ours: `PayloadTooLarge` (a body limit KDF lacks) and `NotRunning` (no wallet unlocked yet). */
export type DispatcherErrorType =
  | 'NoSuchMethod'
  | 'InvalidRequest'
  | 'InvalidMmRpcVersion'
  | 'LocalHostOnly'
  | 'UserpassIsNotSet'
  | 'UserpassIsInvalid'
  | 'Banned'
  | 'PayloadTooLarge'
  | 'NotRunning';
