/**
 * KDF's `OrdermatchMessage` (lp_ordermatch/new_protocol.rs) as TypeScript values. Field order and
 * optional fields follow the Rust structs exactly; the codec relies on that. Pubkeys in `matchBy`
 * are 32-byte x-only hex; everything else identifies its sender by the signed envelope.
 */
import type { MmNumber } from '../../../shared/number';
import type { ConfSettings, MatchBy, TakerAction } from '../types';

export interface MakerOrderCreatedMsg {
  uuid: string;
  base: string;
  rel: string;
  price: MmNumber;
  maxVolume: MmNumber;
  minVolume: MmNumber;
  /** Seconds. */
  createdAt: number;
  confSettings: ConfSettings;
  /** Seconds. */
  timestamp: number;
  /** 8 bytes. */
  pairTrieRoot: Uint8Array;
  baseProtocolInfo: Uint8Array;
  relProtocolInfo: Uint8Array;
}

/** V1 (six fields, older nodes) when `confSettings` is undefined and `v1` is set; V2 otherwise. */
export interface MakerOrderUpdatedMsg {
  uuid: string;
  newPrice?: MmNumber;
  newMaxVolume?: MmNumber;
  newMinVolume?: MmNumber;
  timestamp: number;
  pairTrieRoot: Uint8Array;
  confSettings?: ConfSettings;
  v1?: boolean;
}

export interface PubkeyKeepAliveMsg {
  /** Alphabetically ordered pair `A:B` → 8-byte root of the sender's orders on it. */
  trieRoots: Map<string, Uint8Array>;
  timestamp: number;
}

export interface MakerOrderCancelledMsg {
  uuid: string;
  timestamp: number;
  pairTrieRoot: Uint8Array;
}

export interface TakerRequestMsg {
  base: string;
  rel: string;
  baseAmount: MmNumber;
  relAmount: MmNumber;
  action: TakerAction;
  uuid: string;
  matchBy: MatchBy;
  confSettings: ConfSettings;
  baseProtocolInfo?: Uint8Array;
  relProtocolInfo?: Uint8Array;
  /** Absent for the legacy swap protocol (version 1), which is the only one this node speaks. */
  swapVersion?: number;
}

export interface MakerReservedMsg {
  base: string;
  rel: string;
  baseAmount: MmNumber;
  relAmount: MmNumber;
  takerOrderUuid: string;
  makerOrderUuid: string;
  confSettings: ConfSettings;
  baseProtocolInfo?: Uint8Array;
  relProtocolInfo?: Uint8Array;
  swapVersion?: number;
  premium?: MmNumber;
}

export interface ConnectMsg {
  takerOrderUuid: string;
  makerOrderUuid: string;
}

export type OrdermatchMessage =
  | { type: 'MakerOrderCreated'; msg: MakerOrderCreatedMsg }
  | { type: 'MakerOrderUpdated'; msg: MakerOrderUpdatedMsg }
  | { type: 'PubkeyKeepAlive'; msg: PubkeyKeepAliveMsg }
  | { type: 'MakerOrderCancelled'; msg: MakerOrderCancelledMsg }
  | { type: 'TakerRequest'; msg: TakerRequestMsg }
  | { type: 'MakerReserved'; msg: MakerReservedMsg }
  | { type: 'TakerConnect'; msg: ConnectMsg }
  | { type: 'MakerConnected'; msg: ConnectMsg };

/** Variant indexes, in the Rust enum's declaration order. */
export const VARIANTS = [
  'MakerOrderCreated',
  'MakerOrderUpdated',
  'PubkeyKeepAlive',
  'MakerOrderCancelled',
  'TakerRequest',
  'MakerReserved',
  'TakerConnect',
  'MakerConnected',
] as const satisfies readonly OrdermatchMessage['type'][];
