/**
 * Messages between the page and the node's Web Worker.
 *
 * RPC bodies travel untouched: `body` is exactly the spec's JSON request or response, and `status`
 * the HTTP status KDF would send, so an HTTP bridge can forward them byte for byte.
 * Lifecycle calls (KDF's wasm entry points `mm2_main`, `mm2_stop`, ...) use `control` instead.
 */
import type { ErrorReason, ErrorType } from './contract/errors';

/** Page → worker: one RPC request (flat, mmrpc 2.0, or a batch array). */
export interface RpcRequestMessage {
  id: number;
  body: unknown;
}

/** Page → worker: a lifecycle call; answered with a ResponseMessage like an RPC. */
export interface ControlRequestMessage {
  id: number;
  control: ControlRequest;
}

export type PageMessage = RpcRequestMessage | ControlRequestMessage;

/**
 * The typed error an answer reports, beside the JSON: KDF's flat methods answer only `{error}`
 * (a text), so the page learns their type here and never reads the text. For a task status
 * `Error` it is the task's error; `reason` is a finer cause the type lumps together.
 */
export interface ChannelError {
  type: ErrorType;
  data?: unknown;
  reason?: ErrorReason;
}

/** Worker → page: the answer to a request with the same id; `error` when it reports one (not for a batch). */
export interface ResponseMessage {
  id: number;
  status: number;
  body: unknown;
  error?: ChannelError;
}

/** Worker → page: something happened (log line, node started or stopped, later balances, swaps). */
export interface EventMessage<T = unknown> {
  event: string;
  data: T;
}

export type WorkerMessage = ResponseMessage | EventMessage;

/** The node's start configuration: KDF's conf keys (kdf-facts §9). */
export interface NodeConf {
  gui?: string;
  netid?: number;
  rpc_password?: string;
  allow_weak_password?: boolean;
  /** A BIP39 mnemonic, legacy passphrase, WIF or 0x-hex key. */
  passphrase?: string;
  wallet_name?: string;
  wallet_password?: string;
  enable_hd?: boolean;
  /** Inline coins list; when absent the platform loads its default coins file. */
  coins?: unknown[];
  seednodes?: string[];
  rpcport?: number;
  /** Largest request body in bytes (ours, KDF has none); default DEFAULT_MAX_BODY_BYTES. */
  rpc_max_body_bytes?: number;
  /** KDF's `rpccors`: the web origin the headless host serves, or `*`. */
  rpccors?: string;
  dbdir?: string;
  /** KDF's `payment_locktime`: the base swap lock duration in seconds (default 2 h 10 min). */
  payment_locktime?: number;
  /** KDF's `is_watcher` (default false) and `watcher_conf`: serve KDF takers' swap watcher messages. */
  is_watcher?: boolean;
  /** KDF's `use_watchers` (default true): this node's takers hand their swaps to watchers. */
  use_watchers?: boolean;
  watcher_conf?: { wait_taker_payment?: number; wait_maker_payment_spend_factor?: number; refund_start_factor?: number; search_interval?: number };
}

export type ControlRequest =
  | { op: 'status' }
  | { op: 'wallet_names' }
  | { op: 'generate_mnemonic' }
  | { op: 'start'; conf: NodeConf }
  | { op: 'stop' }
  /**
   * Renames a stored wallet once its password is proved (KDF has no RPC for it); refused while the
   * wallet runs in any tab and when `new_name` is taken. Answers `{wallet_name}` (the new name).
   */
  | { op: 'rename_wallet'; wallet_name: string; new_name: string; password: string }
  /** The peer-to-peer state now (`P2pStatusData`), for a page that opens after the last `p2p_status` event. */
  | { op: 'p2p_status' }
  /**
   * Makes `seednodes` (conf form: multiaddrs or bare hosts on the running netid's WSS port) the running
   * node's seeds: new ones are dialled, removed ones dropped, the network stays up. Answers `P2pStatusData`.
   */
  | { op: 'set_seednodes'; seednodes: string[] };

/** What each control op answers; `RpcClient.control` and the node's control switch are typed by it. */
export interface ControlAnswers {
  status: NodeStatus;
  wallet_names: { wallet_names: string[] };
  generate_mnemonic: { mnemonic: string };
  start: { result: 'success'; wallet_name: string | null };
  stop: { result: 'success' };
  rename_wallet: { wallet_name: string };
  p2p_status: P2pStatusData;
  set_seednodes: P2pStatusData;
}

export type ControlOp = ControlRequest['op'];

/** Fails to compile unless every control op has an answer and every answer an op. */
type EveryOp<T extends { [O in ControlOp]: unknown } & Record<Exclude<keyof T, ControlOp>, never>> = T;
export type ControlAnswerOf<O extends ControlOp> = EveryOp<ControlAnswers>[O];

/** Result of `status`. */
export interface NodeStatus {
  running: boolean;
  wallet_name: string | null;
  /** Stored records (orders, swaps, wallets, transaction histories) that could not be read and were skipped; only when some were. */
  unreadable_records?: number;
}

/** Stored records each domain found unreadable and skipped; `unreadable_records` of `get_storage_status` (ours). */
export interface UnreadableRecordCounts {
  orders: number;
  swaps: number;
  wallets: number;
  tx_history: number;
}

/** Event the node sends when it finds a stored record it cannot read (orders, transaction histories). */
export const UNREADABLE_RECORDS_EVENT = 'unreadable_records';

/** Error body of a failed control call; the same typed fields as an mmrpc error. */
export interface ControlErrorBody {
  error: string;
  error_type: ErrorType;
  error_data?: unknown;
}

/** Events the worker emits. Later domains add their own names. */
export const NodeEvents = {
  log: 'log',
  started: 'node_started',
  stopped: 'node_stopped',
  /** A swap was stored and started: `SwapEventData` with its `Started` event. */
  swapStarted: 'swap_started',
  /** A swap stored a new event: `SwapEventData`. */
  swapStatus: 'swap_status',
  /** A swap transaction being waited on has a new confirmation count: `SwapConfirmationsData`. */
  swapConfirmations: 'swap_confirmations',
  /** One of this node's orders matched, or the match connected: `OrderMatchedData` (KDF's ORDER_STATUS stream event). */
  orderMatched: 'order_matched',
  /** One of this node's orders changed: `OrderStatusData`. */
  orderStatus: 'order_status',
  /** A KDF event stream (`stream::*::enable`) has news: `{_type, message}` as KDF's streamer sends it. */
  stream: 'stream',
  /** The peer-to-peer state changed (a seed connected, failed or was lost; peers came or went): `P2pStatusData`. */
  p2pStatus: 'p2p_status',
  /** The simple market-maker bot started, stopped, placed, moved or cancelled an order: `MmBotEventData`. */
  mmBot: 'mm_bot',
} as const;

/** One seed node as the node dials it. */
export interface SeedStatusData {
  /** The multiaddr dialled (a bare host of the conf is shown on its netid's WSS port). */
  addr: string;
  /** connecting: first dial, or redialling after the connection closed; unreachable: the last dial failed. */
  state: 'connecting' | 'connected' | 'unreachable';
  /** Why the last dial failed, in words; only when unreachable. */
  error?: string;
}

/** The data of `p2p_status` and the answer of the `p2p_status` / `set_seednodes` control ops. */
export interface P2pStatusData {
  /**
   * off: no seed nodes (no peer-to-peer, no trading); connecting: no seed connected yet and one still
   * trying for the first time (or again after a loss); connected: at least one seed is connected;
   * unreachable: every seed failed its last dial.
   */
  state: 'off' | 'connecting' | 'connected' | 'unreachable';
  /** Peers connected now: seeds and any others. */
  peers: number;
  /** The network id the node runs on (conf `netid`). */
  netid: number;
  seeds: SeedStatusData[];
}

/** The data of `swap_confirmations`: how far a swap transaction the engine waits for has got. */
export interface SwapConfirmationsData {
  uuid: string;
  coin: string;
  tx_hash: string;
  /** 0: in the mempool; null: not known to the chain (dropped or not yet seen). */
  confirmations: number | null;
  required: number;
}

/**
 * The data of `order_matched`: KDF's `OrderStatusEvent` as its ORDER_STATUS stream sends it —
 * `order_type` MakerMatch / TakerMatch / MakerConnected / TakerConnected and `order_data` the match
 * as `my_orders` shows it.
 */
export interface OrderMatchedData {
  order_type: 'MakerMatch' | 'TakerMatch' | 'MakerConnected' | 'TakerConnected';
  order_data: unknown;
}

/** The data of `order_status`: one of this node's orders changed, and how. */
export interface OrderStatusData {
  uuid: string;
  type: 'Maker' | 'Taker';
  /** Created, Updated (volume or price), Matched, Cancelled, Fulfilled, TimedOut (a taker order nobody took), Converted (a taker order that became a maker order). */
  status: 'Created' | 'Updated' | 'Matched' | 'Cancelled' | 'Fulfilled' | 'TimedOut' | 'Converted';
  /** The order as `order_status` / `my_orders` show it, or null once it is gone. */
  order: unknown;
}

/** The data of `swap_started` / `swap_status`: the swap and the KDF event just stored (`{timestamp, event: {type, data?}}`). */
export interface SwapEventData {
  uuid: string;
  type: 'Maker' | 'Taker';
  event: { timestamp: number; event: { type: string; data?: unknown } };
}

export interface LogEventData {
  level: 'debug' | 'info' | 'warn' | 'error';
  line: string;
}

export function isResponseMessage(m: unknown): m is ResponseMessage {
  return typeof m === 'object' && m !== null && 'id' in m && 'status' in m && 'body' in m;
}

export function isEventMessage(m: unknown): m is EventMessage {
  return typeof m === 'object' && m !== null && 'event' in m && !('id' in m);
}
