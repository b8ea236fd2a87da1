/** The params of event streaming (KDF's mm2_main/src/rpc/streaming_activations/). */

/** KDF's `EnableStreamingRequest<T>` (mod.rs): `client_id` defaults to 0, the rest is `T`'s, flattened. */
type EnableStreaming<T> = { client_id?: number } & T;

/** One of KDF's `StreamerId`s (mm2_event_stream/src/streamer_ids.rs) as text: `BALANCE:<coin>`, `TASK:<id>`, `NETWORK`, … */
export type StreamerId = string;

export interface StreamsParams {
  /**
   * balance.rs `EnableBalanceStreamingRequest`. `config` only for coins whose balance is polled
   * (EVM: `{stream_interval_seconds}`); a coin the server pushes changes for takes none.
   */
  'stream::balance::enable': { mmrpc: EnableStreaming<{ coin: string; config?: { stream_interval_seconds?: number } }> };
  /** tx_history.rs `EnableTxHistoryStreamingRequest`. */
  'stream::tx_history::enable': { mmrpc: EnableStreaming<{ coin: string }> };
  /** disable.rs `DisableStreamingRequest`: both fields required. */
  'stream::disable': { mmrpc: { client_id: number; streamer_id: StreamerId } };
}
