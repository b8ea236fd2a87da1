/**
 * The Trezor adapter's public API: connect over an injected WebUSB object, run device operations,
 * sign UTXO transactions.
 */
export {
  HwError,
  TrezorProtocolError,
  TrezorTransportError,
  UnexpectedUserInteractionError,
  type HwRpcError,
  type TrezorUserInteraction,
} from './errors';
export { HARDENED, toAddressN, type DerivationPath } from './path';
export { TREZOR_USB_FILTERS, WebUsbTransport, type TrezorTransport, type UsbDeviceLike, type UsbLike } from './transport';
export {
  TrezorSession,
  type CallOptions,
  type TrezorDeviceInfo,
  type TrezorModel,
  type TrezorPublicKey,
  type TrezorRequestProcessor,
  type UtxoScriptType,
} from './session';
export {
  signUtxoTx,
  trezorUtxoSigner,
  type SignedUtxoTx,
  type TrezorUtxoSigner,
  type UtxoSignInput,
  type UtxoSignOutput,
  type UtxoSignRequest,
} from './signTx';
