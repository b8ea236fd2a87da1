/**
 * The orders domain's model, named after KDF's `lp_ordermatch` structs. A maker order always
 * sells its base for its rel (KDF turns a "buy" into a sell of the other coin), so matching has
 * only two cases: a taker that buys the maker's base, or one that sells the maker's rel.
 */
import type { MmNumber } from '../../shared/number';

/** KDF's `OrderConfirmationsSettings`. */
export interface ConfSettings {
  baseConfs: number;
  baseNota: boolean;
  relConfs: number;
  relNota: boolean;
}

export type TakerAction = 'Buy' | 'Sell';

export type OrderType = 'GoodTillCancelled' | 'FillOrKill';

/** Pubkeys are 32-byte x-only hex (KDF's `H256Json`), as taker requests carry them. */
export type MatchBy = { type: 'Any' } | { type: 'Orders'; data: string[] } | { type: 'Pubkeys'; data: string[] };

/** Hex of 32 zero bytes: KDF's `dest_pub_key` "anyone may match". */
export const ZERO_PUBKEY = '0'.repeat(64);

export interface TakerRequest {
  base: string;
  rel: string;
  baseAmount: MmNumber;
  relAmount: MmNumber;
  action: TakerAction;
  uuid: string;
  senderPubkey: string;
  destPubKey: string;
  matchBy: MatchBy;
  confSettings: ConfSettings;
  baseProtocolInfo?: Uint8Array;
  relProtocolInfo?: Uint8Array;
}

export interface MakerReserved {
  base: string;
  rel: string;
  baseAmount: MmNumber;
  relAmount: MmNumber;
  takerOrderUuid: string;
  makerOrderUuid: string;
  senderPubkey: string;
  destPubKey: string;
  confSettings: ConfSettings;
  baseProtocolInfo?: Uint8Array;
  relProtocolInfo?: Uint8Array;
}

/** `TakerConnect` and `MakerConnected` carry the same fields. */
export interface ConnectMessage {
  takerOrderUuid: string;
  makerOrderUuid: string;
  senderPubkey: string;
  destPubKey: string;
}

export interface MakerMatch {
  request: TakerRequest;
  reserved: MakerReserved;
  connect?: ConnectMessage;
  connected?: ConnectMessage;
  /** ms */
  lastUpdated: number;
}

export interface TakerMatch {
  reserved: MakerReserved;
  connect: ConnectMessage;
  connected?: ConnectMessage;
  lastUpdated: number;
}

/** A state an order had before an `update_maker_order` (KDF's `HistoricalOrder`): only what changed. */
export interface HistoricalOrder {
  maxBaseVol?: MmNumber;
  minBaseVol?: MmNumber;
  price?: MmNumber;
  updatedAt?: number;
  confSettings?: ConfSettings;
}

export interface MakerOrder {
  uuid: string;
  base: string;
  rel: string;
  price: MmNumber;
  maxBaseVol: MmNumber;
  minBaseVol: MmNumber;
  /** ms */
  createdAt: number;
  updatedAt: number;
  /** By taker order uuid. */
  matches: Map<string, MakerMatch>;
  startedSwaps: string[];
  confSettings: ConfSettings;
  changesHistory: HistoricalOrder[];
  saveInHistory: boolean;
  baseOrderbookTicker: string | null;
  relOrderbookTicker: string | null;
  /** A GoodTillCancelled taker request nobody took, kept under its uuid (KDF's `was_taker`). */
  wasTaker: boolean;
  /**
   * The request such an order began as: KDF's history row keeps the request's terms and says
   * `ToMaker` until the maker order is updated or ends. Absent for orders converted before it was kept.
   */
  takerOrigin?: TakerOrigin;
}

/** A taker request as it was when it became a maker order. */
export interface TakerOrigin {
  request: TakerRequest;
  /** ms: when the request was made. */
  createdAt: number;
}

export interface TakerOrder {
  /** ms */
  createdAt: number;
  request: TakerRequest;
  /** By maker order uuid. */
  matches: Map<string, TakerMatch>;
  minVolume: MmNumber;
  orderType: OrderType;
  /** Seconds until a GoodTillCancelled request becomes a maker order (FillOrKill: is cancelled). */
  timeout: number;
  saveInHistory: boolean;
  baseOrderbookTicker: string | null;
  relOrderbookTicker: string | null;
}

/** Why an order left the active set, as KDF records it in the history. */
export type OrderEndReason = 'Fulfilled' | 'Cancelled' | 'InsufficientBalance' | 'TimedOut' | 'ToMaker';

/** An order leaving the active set, and why. */
export interface EndedOrder {
  order: MakerOrder | TakerOrder;
  reason: OrderEndReason;
}

/** A maker order of any node as the orderbook knows it (KDF's `OrderbookItem`). */
export interface OrderbookItem {
  /** 33-byte compressed hex. */
  pubkey: string;
  /** Orderbook tickers. */
  base: string;
  rel: string;
  price: MmNumber;
  maxVolume: MmNumber;
  minVolume: MmNumber;
  uuid: string;
  /** Seconds. */
  createdAt: number;
  baseProtocolInfo: Uint8Array;
  relProtocolInfo: Uint8Array;
  confSettings: ConfSettings | null;
}

/** A connected match, handed to whoever runs the swap: the swap uuid is the taker order's uuid. */
export interface SwapStart {
  swapUuid: string;
  role: 'Maker' | 'Taker';
  makerOrderUuid: string;
  /** The counterparty's 32-byte x-only pubkey hex. */
  otherPubkey: string;
  /** Amounts in the maker order's orientation: the maker sends `base`, the taker sends `rel`. */
  base: string;
  rel: string;
  baseAmount: MmNumber;
  relAmount: MmNumber;
  /** The match's confirmation settings (the maker's reserved ones), `base` being the maker coin. */
  confSettings: ConfSettings;
}
