/**
 * Finer causes that one error type lumps together: KDF's `HwError: NoTrezorDeviceAvailable` is
 * both "none plugged in" and "unplugged mid-call", and its flat order methods fail with a text
 * only. They travel on the worker channel only, so the page can word each case without reading
 * the node's text; the JSON never carries them.
 */
import type { OrderRefusal } from './orders';

export type HwReason =
  /** The Trezor went away during the call (unplugged, its USB connection closed). */
  | 'TrezorDisconnected'
  /** Only a Trezor One on pre-1.7 firmware is connected: it speaks HID, which WebUSB cannot drive. */
  | 'TrezorHidOnly'
  /** The Trezor could not be opened (claimed by another tab or by Trezor Suite). */
  | 'TrezorBusy';

/** The flat `electrum` / `enable` refused a coin that runs already (KDF: "Coin … already initialized"). */
export type CoinReason = 'CoinAlreadyActive';

export type ErrorReason = HwReason | OrderRefusal | CoinReason;
