/**
 * KDF's event streaming manager (mm2_event_stream/manager.rs) for a node in a worker: the page is
 * the one client (KDF's wasm build registers client 0 for its worker port), each streamer is named
 * by KDF's streamer id (`BALANCE:<coin>`, `TX_HISTORY:<coin>`), and its events reach the page on
 * the platform's event channel as `stream` events carrying KDF's `{_type, message}`.
 */
import type { NodeContext } from '../core/context';
import { MmError } from '../core/errors';
import { NodeEvents } from '../../shared/wire';

/** The platform event that carries KDF's streamer events to the page. */
export const STREAM_EVENT = NodeEvents.stream;

/** The only client: the page that owns the worker (KDF wasm's client 0). */
export const PAGE_CLIENT_ID = 0;

/** KDF's `{_type, message}`; an error event's `_type` is prefixed with `ERROR:`. */
export interface StreamEventData {
  _type: string;
  message: unknown;
}

/** Stops a running streamer: its timers and listeners go, nothing is emitted afterwards. */
export type StopStreamer = () => void;

/** What a streamer gets to send with; `emit` does nothing once the streamer is stopped. */
export interface StreamerOutput {
  emit(message: unknown): void;
  emitError(message: unknown): void;
  readonly stopped: boolean;
}

export const streamError = {
  /** KDF's `EnableError(format!("{e:?}"))`: the manager's error variant name, or serde's text. */
  enable: (reason: string): MmError => new MmError({ errorType: 'EnableError', message: reason, errorData: reason, httpStatus: 400 }),
  disable: (reason: string): MmError => new MmError({ errorType: 'DisableError', message: reason, errorData: reason, httpStatus: 400 }),
  coinNotFound: (): MmError => new MmError({ errorType: 'CoinNotFound', message: 'CoinNotFound', httpStatus: 404 }),
  coinNotSupported: (): MmError => new MmError({ errorType: 'CoinNotSupported', message: 'CoinNotSupported', httpStatus: 501 }),
};

interface Running {
  output: { stopped: boolean };
  stop: StopStreamer;
}

export class StreamHub {
  private readonly running = new Map<string, Running>();

  constructor(private readonly emit: (event: string, data: StreamEventData) => void) {}

  /**
   * Starts the streamer `id` for `clientId` (KDF's `add`): an unknown client and a second enable of
   * the same streamer are KDF's `UnknownClient` / `ClientAlreadyListening`.
   */
  async enable(clientId: number, id: string, start: (out: StreamerOutput) => Promise<StopStreamer>): Promise<{ streamer_id: string }> {
    if (clientId !== PAGE_CLIENT_ID) throw streamError.enable('UnknownClient');
    if (this.running.has(id)) throw streamError.enable('ClientAlreadyListening');
    const state = { stopped: false };
    const output: StreamerOutput = {
      emit: (message) => {
        if (!state.stopped) this.emit(STREAM_EVENT, { _type: id, message });
      },
      emitError: (message) => {
        if (!state.stopped) this.emit(STREAM_EVENT, { _type: `ERROR:${id}`, message });
      },
      get stopped() {
        return state.stopped;
      },
    };
    // Reserved while it starts, so two concurrent enables cannot both start it.
    const entry: Running = { output: state, stop: () => undefined };
    this.running.set(id, entry);
    try {
      entry.stop = await start(output);
    } catch (e) {
      state.stopped = true;
      this.running.delete(id);
      throw e;
    }
    if (state.stopped) entry.stop();
    return { streamer_id: id };
  }

  /** KDF's `stop`: `UnknownClient` for another client, `StreamerNotFound` for a streamer not running. */
  disable(clientId: number, id: string): void {
    if (clientId !== PAGE_CLIENT_ID) throw streamError.disable('UnknownClient');
    if (!this.running.has(id)) throw streamError.disable('StreamerNotFound');
    this.drop(id);
  }

  /** Stops a streamer whose source went away (its coin was disabled or the node stopped). */
  drop(id: string): void {
    const entry = this.running.get(id);
    if (!entry) return;
    this.running.delete(id);
    entry.output.stopped = true;
    entry.stop();
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }
}

const hubs = new WeakMap<NodeContext, StreamHub>();

/** The running node's hub: it lives and dies with the node's context. */
export function streamHubOf(ctx: NodeContext): StreamHub {
  let hub = hubs.get(ctx);
  if (!hub) {
    hub = new StreamHub((event, data) => ctx.platform.emit(event, data));
    hubs.set(ctx, hub);
  }
  return hub;
}
