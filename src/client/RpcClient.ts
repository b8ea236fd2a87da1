/**
 * The one way the UI (and browser tests) reach the node: request/response over postMessage with
 * ids, plus a subscription to the worker's events. It speaks the spec's JSON unchanged.
 */
import type { LegacyMethod, LegacyResult, MmRpcMethod, MmRpcResult } from '../shared/contract';
import type { LegacyParams, MmRpcParams } from '../shared/contract/params';
import type { ErrorReason, ErrorType } from '../shared/contract/errors';
import type { ChannelError, ControlAnswerOf, ControlOp, ControlRequest, EventMessage, PageMessage, WorkerMessage } from '../shared/wire';
import { isEventMessage, isResponseMessage } from '../shared/wire';
import { isLegacyErrorBody, isMmRpcErrorBody, MMRPC_VERSION } from '../shared/envelopes';

/** A method's params as arguments: optional when the method requires none. */
type ParamsArg<P> = Record<never, never> extends P ? [params?: P] : [params: P];

/** What RpcClient needs of a Worker (or a MessagePort in tests). */
export interface MessageEndpoint {
  postMessage(message: PageMessage): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
}

export interface RawResponse {
  status: number;
  body: unknown;
  /** The typed error the answer reports, from the worker channel (never read from the body's text). */
  error?: ChannelError;
}

/**
 * A failed call: the HTTP status, the node's text (to show, never to match), and the error's type,
 * data and page reason as the worker channel gives them, for flat methods as for mmrpc ones.
 */
export class RpcError extends Error {
  readonly status: number;
  readonly errorType: ErrorType | undefined;
  readonly errorData: unknown;
  readonly reason: ErrorReason | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown, error?: ChannelError) {
    const text = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
    super(typeof text === 'string' ? text : `request failed with status ${status}`);
    this.name = 'RpcError';
    this.status = status;
    // Without the channel (a bridge that forwards bodies only), an mmrpc or control error body still names its type.
    const typed = error ?? typedErrorOfBody(body);
    this.errorType = typed?.type;
    this.errorData = typed?.data;
    this.reason = typed?.reason;
    this.body = body;
  }
}

/** The `error_type` / `error_data` of an mmrpc or control error body: KDF's typed fields (a flat `{error}` has none). */
function typedErrorOfBody(body: unknown): ChannelError | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error_type: type, error_data: data } = body as { error_type?: unknown; error_data?: unknown };
  // The node's JSON names only the types of src/shared/contract/errors.
  return typeof type === 'string' ? { type: type as ErrorType, data } : undefined;
}

type EventHandler = (data: unknown) => void;

export class RpcClient {
  private nextId = 1;
  private readonly pending = new Map<number, (r: RawResponse) => void>();
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private userpass: string | undefined;
  private readonly listener = (ev: MessageEvent): void => this.onMessage(ev.data as WorkerMessage);

  constructor(private readonly endpoint: MessageEndpoint) {
    endpoint.addEventListener('message', this.listener);
  }

  /** The rpc password put into requests made through `call` and `legacy`. */
  setUserpass(userpass: string | undefined): void {
    this.userpass = userpass;
  }

  /** Sends a body exactly as given and resolves with the status and body, whatever they are. */
  request(body: unknown): Promise<RawResponse> {
    return this.send((id) => ({ id, body }));
  }

  /** An mmrpc 2.0 call; resolves with `result`, typed by the contract, rejects with RpcError. */
  async call<M extends MmRpcMethod>(method: M, ...params: ParamsArg<MmRpcParams<M>>): Promise<MmRpcResult<M>> {
    return (await this.callReporting(method, ...params)).result;
  }

  /**
   * An mmrpc 2.0 call that also resolves with the typed error its answer reports: a task status
   * `Error`'s type and reason, which the worker channel carries beside KDF's JSON.
   */
  async callReporting<M extends MmRpcMethod>(
    method: M,
    ...[params]: ParamsArg<MmRpcParams<M>>
  ): Promise<{ result: MmRpcResult<M>; error: ChannelError | undefined }> {
    const body: Record<string, unknown> = { mmrpc: MMRPC_VERSION, method, id: this.nextId };
    if (this.userpass !== undefined) body.userpass = this.userpass;
    if (params !== undefined) body.params = params;
    const r = await this.request(body);
    if (r.status !== 200 || isMmRpcErrorBody(r.body)) throw new RpcError(r.status, r.body, r.error);
    // The node answers `M` as the contract says: tests/integration/conformance checks every answer against KDF's shapes.
    return { result: (r.body as { result: MmRpcResult<M> }).result, error: r.error };
  }

  /** A flat call; resolves with the whole body, rejects with RpcError on `{error}`. */
  async legacy<M extends LegacyMethod>(method: M, ...[args]: ParamsArg<LegacyParams<M>>): Promise<LegacyResult<M>> {
    const body: Record<string, unknown> = { ...args, method };
    if (this.userpass !== undefined) body.userpass = this.userpass;
    const r = await this.request(body);
    if (r.status !== 200 || isLegacyErrorBody(r.body)) throw new RpcError(r.status, r.body, r.error);
    // As for `call`: the conformance tests hold the node to the contract.
    return r.body as LegacyResult<M>;
  }

  /** A lifecycle call (start, stop, wallet list); resolves with its result, rejects with RpcError. */
  async control<O extends ControlOp>(control: Extract<ControlRequest, { op: O }>): Promise<ControlAnswerOf<O>> {
    const r = await this.send((id) => ({ id, control }));
    if (r.status !== 200) throw new RpcError(r.status, r.body, r.error);
    // The worker's control switch answers each op with its `ControlAnswers` type (nodeHost.ts).
    return r.body as ControlAnswerOf<O>;
  }

  /** Subscribes to a worker event; returns the unsubscribe function. */
  on(event: string, handler: EventHandler): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  close(): void {
    this.endpoint.removeEventListener('message', this.listener);
    for (const resolve of this.pending.values()) resolve({ status: 503, body: { error: 'client closed' } });
    this.pending.clear();
  }

  private send(make: (id: number) => PageMessage): Promise<RawResponse> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.endpoint.postMessage(make(id));
    });
  }

  private onMessage(msg: WorkerMessage): void {
    if (isResponseMessage(msg)) {
      const resolve = this.pending.get(msg.id);
      if (!resolve) return;
      this.pending.delete(msg.id);
      resolve(msg.error ? { status: msg.status, body: msg.body, error: msg.error } : { status: msg.status, body: msg.body });
    } else if (isEventMessage(msg)) {
      const { event, data } = msg as EventMessage;
      for (const h of this.handlers.get(event) ?? []) h(data);
    }
  }
}
