/**
 * Who answers the Trezor's requests for the user. A device call made by a running task carries
 * that task's processor for the duration of the call (KDF's `TrezorRpcTaskProcessor`): the PIN and
 * passphrase become the task's `UserActionRequired`, a button its `FollowHwDeviceInstructions`.
 * A call made outside any task gets the processor that fails at once, so a prompt can never reach
 * a finished task or wait for an answer nobody is asked for.
 */
import { PASSPHRASE_ACTIONS, PIN_ACTIONS, type TaskHandle } from '../core/tasks';
import { UnexpectedUserInteractionError, type TrezorRequestProcessor } from './trezor';

/** KDF's TREZOR_PIN_TIMEOUT: how long a task waits for the PIN or passphrase. */
export const USER_ACTION_TIMEOUT_MS = 600_000;

/** The running task `h` answers the device; `onFollowDevice` reports that the user must act on the device. */
export function taskProcessor(h: TaskHandle, onFollowDevice = () => h.progress('FollowHwDeviceInstructions')): TrezorRequestProcessor {
  return {
    onButtonRequest: () => onFollowDevice(),
    onPinRequest: async () => String((await h.awaitUserAction('EnterTrezorPin', PIN_ACTIONS, USER_ACTION_TIMEOUT_MS)).pin),
    onPassphraseRequest: async () =>
      String((await h.awaitUserAction('EnterTrezorPassphrase', PASSPHRASE_ACTIONS, USER_ACTION_TIMEOUT_MS)).passphrase),
  };
}

/** No task made the call: a button is only reported, a PIN or passphrase fails the call at once. */
export function noTaskProcessor(onFollowDevice: () => void = () => undefined): TrezorRequestProcessor {
  return {
    onButtonRequest: () => onFollowDevice(),
    onPinRequest: () => Promise.reject(new UnexpectedUserInteractionError('PinMatrix3x3')),
    onPassphraseRequest: () => Promise.reject(new UnexpectedUserInteractionError('PassphraseRequest')),
  };
}
