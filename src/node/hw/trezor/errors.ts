/**
 * The hardware wallet's typed errors. KDF reports a failed Trezor task as `error_type: "HwError"`
 * with the fieldless `HwRpcError` variant as `error_data` (`crypto/src/hw_error.rs`), and anything
 * the GUI cannot act on (garbled frames, unexpected replies, USB faults) as `Internal`.
 */
import type { HwReason, HwRpcError } from '../../../shared/contract/errors';
import { MmError } from '../../core/errors';

export type { HwRpcError } from '../../../shared/contract/errors';

export class HwError extends MmError<'HwError'> {
  readonly hwRpcError: HwRpcError;

  constructor(hwRpcError: HwRpcError, message: string, cause?: unknown, pageReason?: HwReason) {
    super({ errorType: 'HwError', message, errorData: hwRpcError, httpStatus: 500, cause, pageReason });
    this.name = 'HwError';
    this.hwRpcError = hwRpcError;
  }
}

/** The device (or something posing as it) broke protocol v1 or the message schemas. */
export class TrezorProtocolError extends MmError {
  constructor(message: string, cause?: unknown) {
    super({ errorType: 'Internal', message, errorData: message, httpStatus: 500, cause });
    this.name = 'TrezorProtocolError';
  }
}

/** A WebUSB call failed for another reason than the device going away (e.g. claimed elsewhere). */
export class TrezorTransportError extends MmError<'Internal'> {
  constructor(message: string, cause?: unknown, pageReason?: HwReason) {
    super({ errorType: 'Internal', message, errorData: message, httpStatus: 500, cause, pageReason });
    this.name = 'TrezorTransportError';
  }
}

/** KDF's `TrezorUserInteraction`: what the device asked the user for. */
export type TrezorUserInteraction = 'PinMatrix3x3' | 'PassphraseRequest';

/**
 * KDF's `HwError::UnexpectedUserInteractionRequest`: the device asked for its PIN or passphrase
 * during a call that no running task made, so nobody can be asked. KDF reports it as an internal
 * error; the call fails at once instead of waiting for an answer that cannot come.
 */
export class UnexpectedUserInteractionError extends MmError {
  readonly interaction: TrezorUserInteraction;

  constructor(interaction: TrezorUserInteraction) {
    const asked = interaction === 'PinMatrix3x3' ? 'its PIN' : 'its passphrase';
    const message =
      `Unexpected user interaction request: ${interaction}. The Trezor asks for ${asked} and no running task can ask the user: ` +
      'use task::withdraw::init, or connect the device again with task::init_hwdevice';
    super({ errorType: 'Internal', message, errorData: message, httpStatus: 500 });
    this.name = 'UnexpectedUserInteractionError';
    this.interaction = interaction;
  }
}

export function deviceDisconnected(cause?: unknown): HwError {
  return new HwError('NoTrezorDeviceAvailable', 'Trezor device disconnected', cause, 'TrezorDisconnected');
}

export function userCancelled(): HwError {
  return new HwError('UserCancelled', 'Cancelled by the user');
}
