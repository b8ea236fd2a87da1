/**
 * Messages of Trezor's `messages-common.proto` and `messages-management.proto` that the node
 * speaks: field names, numbers and types as there (Features keeps only the fields we read; the
 * rest are skipped on decode). Verified against trezor/trezor-firmware `common/protob` and the
 * generated `messages.json` of trezor/trezor-suite `packages/protobuf`.
 */
import { defineMessage } from './codec';

/** `Failure.FailureType`. */
export const FailureType = {
  UnexpectedMessage: 1,
  ButtonExpected: 2,
  DataError: 3,
  ActionCancelled: 4,
  PinExpected: 5,
  PinCancelled: 6,
  PinInvalid: 7,
  InvalidSignature: 8,
  ProcessError: 9,
  NotEnoughFunds: 10,
  NotInitialized: 11,
  PinMismatch: 12,
  WipeCodeMismatch: 13,
  InvalidSession: 14,
  FirmwareError: 99,
} as const;

/** `ButtonRequest.ButtonRequestType` values that occur here: which screen the device shows (informational). */
export const ButtonRequestType = {
  ConfirmOutput: 3,
  ProtectCall: 7,
  SignTx: 8,
  Address: 10,
  PassphraseEntry: 19,
  PinEntry: 20,
} as const;

/** `PinMatrixRequest.PinMatrixRequestType`: unlocking asks for the current PIN. */
export const PinMatrixRequestType = { Current: 1 } as const;

export type Empty = Record<string, never>;

export interface Success {
  message?: string;
}
export const Success = defineMessage<Success>('Success', [{ name: 'message', id: 1, kind: 'string' }]);

export interface Failure {
  code?: number;
  message?: string;
}
export const Failure = defineMessage<Failure>('Failure', [
  { name: 'code', id: 1, kind: 'enum' },
  { name: 'message', id: 2, kind: 'string' },
]);

export interface ButtonRequest {
  code?: number;
  pages?: number;
  name?: string;
}
export const ButtonRequest = defineMessage<ButtonRequest>('ButtonRequest', [
  { name: 'code', id: 1, kind: 'enum' },
  { name: 'pages', id: 2, kind: 'uint32' },
  { name: 'name', id: 4, kind: 'string' },
]);

export const ButtonAck = defineMessage<Empty>('ButtonAck', []);

export interface PinMatrixRequest {
  type?: number;
}
export const PinMatrixRequest = defineMessage<PinMatrixRequest>('PinMatrixRequest', [{ name: 'type', id: 1, kind: 'enum' }]);

export interface PinMatrixAck {
  /** Positions on the scrambled matrix, not digits. */
  pin: string;
}
export const PinMatrixAck = defineMessage<PinMatrixAck>('PinMatrixAck', [
  { name: 'pin', id: 1, kind: 'string', required: true },
]);

/** Field 1 (`on_device`) is reserved since firmware 2.3.0: the host decides, with `PassphraseAck.on_device`. */
export const PassphraseRequest = defineMessage<Empty>('PassphraseRequest', []);

export interface PassphraseAck {
  passphrase?: string;
  on_device?: boolean;
}
export const PassphraseAck = defineMessage<PassphraseAck>('PassphraseAck', [
  { name: 'passphrase', id: 1, kind: 'string' },
  { name: 'on_device', id: 3, kind: 'bool' },
]);

export interface HDNodeType {
  depth: number;
  /** The parent's fingerprint. */
  fingerprint: number;
  child_num: number;
  chain_code: Uint8Array;
  private_key?: Uint8Array;
  public_key: Uint8Array;
}
export const HDNodeType = defineMessage<HDNodeType>('HDNodeType', [
  { name: 'depth', id: 1, kind: 'uint32', required: true },
  { name: 'fingerprint', id: 2, kind: 'uint32', required: true },
  { name: 'child_num', id: 3, kind: 'uint32', required: true },
  { name: 'chain_code', id: 4, kind: 'bytes', required: true },
  { name: 'private_key', id: 5, kind: 'bytes' },
  { name: 'public_key', id: 6, kind: 'bytes', required: true },
]);

export interface Initialize {
  /** Resume this session (cached passphrase); absent or unknown starts a fresh one. */
  session_id?: Uint8Array;
}
export const Initialize = defineMessage<Initialize>('Initialize', [{ name: 'session_id', id: 1, kind: 'bytes' }]);

export const GetFeatures = defineMessage<Empty>('GetFeatures', []);

export interface Features {
  vendor?: string;
  major_version: number;
  minor_version: number;
  patch_version: number;
  bootloader_mode?: boolean;
  device_id?: string;
  pin_protection?: boolean;
  passphrase_protection?: boolean;
  language?: string;
  label?: string;
  initialized?: boolean;
  /** Formerly `pin_cached`. */
  unlocked?: boolean;
  /** "1" (Trezor One), "T", "Safe 3", … */
  model?: string;
  session_id?: Uint8Array;
  passphrase_always_on_device?: boolean;
  /** "T1B1", "T2T1", "T2B1", … */
  internal_model?: string;
}
export const Features = defineMessage<Features>('Features', [
  { name: 'vendor', id: 1, kind: 'string' },
  { name: 'major_version', id: 2, kind: 'uint32', required: true },
  { name: 'minor_version', id: 3, kind: 'uint32', required: true },
  { name: 'patch_version', id: 4, kind: 'uint32', required: true },
  { name: 'bootloader_mode', id: 5, kind: 'bool' },
  { name: 'device_id', id: 6, kind: 'string' },
  { name: 'pin_protection', id: 7, kind: 'bool' },
  { name: 'passphrase_protection', id: 8, kind: 'bool' },
  { name: 'language', id: 9, kind: 'string' },
  { name: 'label', id: 10, kind: 'string' },
  { name: 'initialized', id: 12, kind: 'bool' },
  { name: 'unlocked', id: 16, kind: 'bool' },
  { name: 'model', id: 21, kind: 'string' },
  { name: 'session_id', id: 35, kind: 'bytes' },
  { name: 'passphrase_always_on_device', id: 36, kind: 'bool' },
  { name: 'internal_model', id: 44, kind: 'string' },
]);

export interface Ping {
  message?: string;
  button_protection?: boolean;
}
export const Ping = defineMessage<Ping>('Ping', [
  { name: 'message', id: 1, kind: 'string' },
  { name: 'button_protection', id: 2, kind: 'bool' },
]);

export const Cancel = defineMessage<Empty>('Cancel', []);
