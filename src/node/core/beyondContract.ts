/**
 * Answers the node gives beyond the RPC contract (`src/shared/contract`), by method and format,
 * each with its reason: KDF shapes the recorded fixtures (tests/fixtures/kdf-shapes) lack, and the
 * node's documented differences from KDF (README). A handler may answer these besides the
 * contract's answer (`handler.ts`). Each entry is one to move into the contract, then delete here.
 */
import type { Def, MethodName, MmRpcResult } from '../../shared/contract';
import type { RpcFormat } from '../../shared/methods';

/**
 * lp_ordermatch.rs `OrderForRpcWithCancellationReason`: `order_status` of an order found only in
 * the history (`OrderForRpc`, so a maker order without `cancellable`/`available_amount`) with why
 * it ended; the recorded shapes hold only the open orders' answer.
 */
export type EndedOrderStatus = ({ type: 'Maker'; order: Def<'SetPriceResult'> } | { type: 'Taker'; order: Def<'TakerOrderRpcResult'> }) & {
  cancellation_reason: string;
};

type HwDeviceInfo = Extract<MmRpcResult<'task::init_hwdevice::status'>, { status: 'Ok' }>['details'];

/**
 * The trezor crate's `TrezorDeviceInfo`: `model` is an `Option<TrezorModel>` (`"One"`, `"T"` or
 * `{"Other": "<model>"}`) and `device_id` an `Option<String>`; the recorded shape saw a plain
 * model name and an id.
 */
export type TrezorDeviceInfoWire = Omit<HwDeviceInfo, 'model' | 'device_id'> & {
  model: string | { Other: string } | null;
  device_id: string | null;
};

export interface BeyondContract {
  order_status: { legacy: EndedOrderStatus };
  'task::init_hwdevice::status': { mmrpc: { status: 'Ok'; details: TrezorDeviceInfoWire } };
  /**
   * README: `encrypted` answers this node's own AES-256-GCM / PBKDF2-SHA256 record as stored (an
   * object the wallet store checked), not KDF's AES-CBC / Argon2 one.
   */
  get_mnemonic: { mmrpc: { format: 'encrypted'; encrypted_mnemonic_data: object } };
}

/** What `M` answers in format `F` beyond the contract; never for most methods. */
export type Beyond<M extends MethodName, F extends RpcFormat> = M extends keyof BeyondContract
  ? F extends keyof BeyondContract[M]
    ? BeyondContract[M][F]
    : never
  : never;
