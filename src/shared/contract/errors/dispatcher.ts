/**
 * KDF's `DispatcherError` (rpc.rs), plus ours: `PayloadTooLarge` (a body limit KDF lacks),
 * `NotRunning` (no wallet unlocked yet) and the headless host's `OriginNotAllowed` (conf `rpccors`).
 */
export type DispatcherErrorType =
  | 'NoSuchMethod'
  | 'InvalidRequest'
  | 'InvalidMmRpcVersion'
  | 'LocalHostOnly'
  | 'UserpassIsNotSet'
  | 'UserpassIsInvalid'
  | 'Banned'
  | 'PayloadTooLarge'
  | 'NotRunning'
  | 'OriginNotAllowed';
