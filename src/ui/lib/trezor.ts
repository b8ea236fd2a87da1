/// <reference types="vite/client" />
/**
 * Trezor in the page: WebUSB access (the chooser must open from the page, on the user's click;
 * the worker then finds the granted device itself), the `task::init_hwdevice` status shapes
 * (spec §2.6), and the texts the user sees for each status and error.
 */
import type { MmRpcResult } from '../../shared/contract';
import type { ErrorReason, ErrorType } from '../../shared/contract/errors';
import type { ChannelError } from '../../shared/wire';
import { stripTrace } from './coinErrors';

/** Builds for browser tests (VITE_TREZOR_SIM=1): the worker holds a simulated Trezor, no chooser. */
export const TREZOR_SIMULATED = import.meta.env.VITE_TREZOR_SIM === '1';

/** Trezor firmware and bootloader over WebUSB (the worker looks for the same ids). */
export const TREZOR_USB_FILTERS = [
  { vendorId: 0x1209, productId: 0x53c1 },
  { vendorId: 0x1209, productId: 0x53c0 },
] as const;

/** Trezor's longest PIN. */
export const MAX_PIN_LENGTH = 50;

export interface TaskErrorDetails {
  error?: string;
  error_type?: string;
  error_data?: unknown;
}

/** `task::init_hwdevice::status`, as the contract types it (spec §2.6). */
export type HwTaskStatus = MmRpcResult<'task::init_hwdevice::status'>;

/** KDF's `TrezorDeviceInfo`: what a connected Trezor says of itself. */
export type TrezorDeviceInfo = Extract<HwTaskStatus, { status: 'Ok' }>['details'];

/** A failure to show: from a task's Error status or a refused call (RpcError). */
export interface HwFailure {
  errorType: ErrorType | undefined;
  errorData: unknown;
  message: string;
  /** The finer cause the worker channel gives (unplugged, HID-only, busy). */
  reason?: ErrorReason | undefined;
}

/** A task's `Error` status; `error` is what the worker channel said of it (its type and reason). */
export function failureOfStatus(details: TaskErrorDetails, error?: ChannelError): HwFailure {
  return { errorType: error?.type, errorData: details.error_data, message: details.error ?? '', reason: error?.reason };
}

export function failureOfError(e: unknown): HwFailure {
  const typed = e as { errorType?: ErrorType; message?: unknown; errorData?: unknown; reason?: ErrorReason } | null | undefined;
  return {
    errorType: typeof typed?.errorType === 'string' ? typed.errorType : undefined,
    errorData: typed?.errorData,
    message: typeof typed?.message === 'string' ? typed.message : String(e),
    reason: typed?.reason,
  };
}

/** What the page says while the task is `InProgress`. */
export function progressText(details: string): { title: string; hint: string } {
  switch (details) {
    case 'WaitingForTrezorToConnect':
      return { title: 'Waiting for your Trezor…', hint: 'Plug it in with its USB cable.' };
    case 'FollowHwDeviceInstructions':
      return { title: 'Follow the instructions on your Trezor', hint: 'Look at its screen: it may ask for your PIN or a confirmation.' };
    default:
      return { title: 'Initializing…', hint: 'Talking to your Trezor.' };
  }
}

function secondsOf(data: unknown): number | undefined {
  const secs = (data as { secs?: unknown } | null)?.secs;
  return typeof secs === 'number' ? secs : undefined;
}

/** A task error or a refused call, in plain words. */
export function describeHwFailure(f: HwFailure): string {
  const text = stripTrace(f.message);
  switch (f.errorType) {
    case 'HwError':
      switch (f.errorData) {
        case 'InvalidPin':
          return 'Wrong PIN. Try again.';
        case 'UserCancelled':
          return 'Cancelled on your Trezor.';
        case 'NoTrezorDeviceAvailable':
          if (f.reason === 'TrezorDisconnected') return 'Your Trezor was unplugged. Plug it in again and try again.';
          if (f.reason === 'TrezorHidOnly') {
            return 'This Trezor One has old firmware that browsers cannot reach. Update it with Trezor Suite, then try again.';
          }
          return 'No Trezor found. Plug it in and try again.';
        case 'FoundMultipleDevices':
          return 'More than one Trezor is connected. Unplug the others and try again.';
        case 'FoundUnexpectedDevice':
          return 'This is not the Trezor that was expected. Connect the right one and try again.';
        case 'NotInitialized':
          return 'This Trezor is not set up yet. Set it up with Trezor Suite first.';
        case 'UnexpectedMessage':
        case 'ButtonExpected':
        case 'PinExpected':
        case 'InvalidSession':
          return 'Your Trezor answered something unexpected. Unplug it, plug it in again and try again.';
        default:
          return `Your Trezor reported a problem: ${text || String(f.errorData)}`;
      }
    case 'Timeout': {
      const secs = secondsOf(f.errorData);
      const after = secs === undefined ? '' : secs >= 120 ? ` after ${Math.round(secs / 60)} minutes` : ` after ${secs} seconds`;
      return `Timed out${after}: nothing came from your Trezor. Try again.`;
    }
    case 'HwContextInitializingAlready':
      return 'A Trezor is being connected already. Finish or cancel that first.';
    case 'NoSuchTask':
      return 'The connection attempt was lost. Try again.';
    case 'Internal':
      if (f.reason === 'TrezorBusy') {
        return 'Your Trezor could not be opened. It may be in use in another tab or in Trezor Suite: close it there and try again.';
      }
      return `Something went wrong while talking to your Trezor: ${text}`;
    default:
      return text || 'Something went wrong while talking to your Trezor.';
  }
}

/** Whether an error means the user should simply try again (a new init). */
export function canRetry(f: HwFailure): boolean {
  return f.errorType !== 'HwContextInitializingAlready';
}

interface UsbDeviceLike {
  vendorId: number;
  productId: number;
}

interface UsbLike {
  getDevices(): Promise<UsbDeviceLike[]>;
  requestDevice(options: { filters: { vendorId: number; productId: number }[] }): Promise<UsbDeviceLike>;
}

function webUsb(): UsbLike | undefined {
  return (navigator as Navigator & { usb?: UsbLike }).usb;
}

/** `navigator.usb` exists only in Chromium-based browsers, and only in secure contexts. */
export function hasWebUsb(): boolean {
  return webUsb() !== undefined;
}

export type GrantResult = 'granted' | 'none-chosen';

function isTrezor(d: UsbDeviceLike): boolean {
  return TREZOR_USB_FILTERS.some((f) => f.vendorId === d.vendorId && f.productId === d.productId);
}

/**
 * Lets the page use a Trezor: a device granted before is used as it is; otherwise the browser's
 * chooser opens. Must run from the click handler (the chooser needs the user's gesture).
 */
export async function grantTrezor(): Promise<GrantResult> {
  if (TREZOR_SIMULATED) return 'granted';
  const usb = webUsb();
  if (!usb) throw new Error('WebUSB is not available in this browser.');
  try {
    if ((await usb.getDevices()).some(isTrezor)) return 'granted';
    await usb.requestDevice({ filters: TREZOR_USB_FILTERS.map((f) => ({ ...f })) });
    return 'granted';
  } catch (e) {
    if (e instanceof DOMException && e.name === 'NotFoundError') return 'none-chosen';
    if (e instanceof DOMException && e.name === 'SecurityError') {
      throw new Error('The browser does not allow USB access on this page.', { cause: e });
    }
    throw e;
  }
}
