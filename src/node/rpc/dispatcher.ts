/**
 * The dispatcher: one JSON body in (flat, mmrpc 2.0, or a batch of them), one reply out with the
 * HTTP status KDF would send. It checks the envelope, authenticates, finds the handler through the
 * method table, and is the only place that serializes errors. Nothing a client sends escapes as an
 * exception.
 */
import { MMRPC_VERSION } from '../../shared/envelopes';
import { findMethod, isPublicMethod, type RpcFormat } from '../../shared/methods';
import { jsonTypeName, ParamError, ParamReader } from '../../shared/params';
import type { NodeContext } from '../core/context';
import { framesOf, internalError, MmError, type FrameResolver } from '../core/errors';
import { handlerOf, LegacyResponse, type DispatchTable } from '../core/handler';
import type { Authenticator } from './auth';
import { dispatcherError } from './dispatcherError';
import {
  DEFAULT_MAX_BODY_BYTES,
  MAX_BATCH_CONCURRENCY,
  MAX_BATCH_REQUESTS,
  MAX_JSON_DEPTH,
  measureRequest,
  utf8LengthExceeds,
} from './limits';
import { channelError, legacyErrorReply, mmrpcErrorReply, mmrpcSuccessReply, notJsonReply, replyOf, type Answer, type Reply } from './serialize';
import { taskErrorOf } from '../core/tasks';
import { isRecord } from '../../shared/guards';

export type { Answer, Reply } from './serialize';

/** Runs `work` on every item with at most `limit` in flight; results keep the items' order. */
async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * Argument errors become `InvalidRequest` with serde's text, as KDF's 2.0 dispatcher wraps it; a flat
 * handler answers serde's text as it is (KDF's `try_s!(json::from_value(req))`). Anything untyped
 * becomes `InternalError`.
 */
function asRpcError(e: unknown, format: RpcFormat): MmError {
  if (!(e instanceof ParamError)) return internalError(e);
  if (format === 'mmrpc') return dispatcherError.invalidRequest(e.serdeText, e);
  return new MmError({ errorType: 'InvalidRequest', message: e.serdeText, errorData: e.serdeText, cause: e });
}

/** KDF's `MmRpcRequest` is `deny_unknown_fields`: these are the only keys of a 2.0 request. */
const ENVELOPE_FIELDS = ['mmrpc', 'userpass', 'method', 'params', 'id'];

export class Dispatcher {
  constructor(
    private readonly ctx: NodeContext,
    private readonly auth: Authenticator,
    private readonly handlers: DispatchTable,
    private readonly resolveFrames?: FrameResolver,
    private readonly maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
  ) {}

  /**
   * `client` identifies the caller for throttling: the page, or a remote address on the host.
   * The body is JSON text (host) or an already parsed value (the page's postMessage); both pass the
   * same size, depth and batch limits before anything reads them.
   */
  async dispatch(body: unknown, client = 'local'): Promise<Reply> {
    return replyOf(await this.answer(body, client));
  }

  /** `dispatch` with, for the page's worker channel, the typed error the reply reports (none for a batch). */
  async answer(body: unknown, client = 'local'): Promise<Answer> {
    let request: unknown;
    try {
      request = this.admit(body);
    } catch (e) {
      // Text that is not JSON never reaches KDF's dispatchers: its HTTP layer answers a flat 500.
      return e instanceof SyntaxError ? notJsonReply(e) : this.mmrpcError(e, null);
    }
    if (Array.isArray(request)) {
      const replies = await mapBounded(request, MAX_BATCH_CONCURRENCY, (r) => this.dispatchOne(r, client));
      return { status: 200, body: replies.map((r) => r.body) };
    }
    return this.dispatchOne(request, client);
  }

  /**
   * The request as a JSON value within the limits of `limits.ts`; throws the typed refusal
   * otherwise, or JSON.parse's SyntaxError for text that is not JSON.
   */
  private admit(body: unknown): unknown {
    let request = body;
    // Text is measured exactly, in UTF-8 bytes; a value posted by the page by the walk's estimate.
    let byteBudget = this.maxBodyBytes;
    if (typeof body === 'string') {
      if (utf8LengthExceeds(body, this.maxBodyBytes)) throw dispatcherError.payloadTooLarge(this.maxBodyBytes);
      request = JSON.parse(body);
      byteBudget = Number.POSITIVE_INFINITY;
    }
    if (Array.isArray(request) && request.length > MAX_BATCH_REQUESTS) {
      throw dispatcherError.invalidRequest(`a batch of ${request.length} requests, at most ${MAX_BATCH_REQUESTS} are allowed`);
    }
    const breach = measureRequest(request, byteBudget, MAX_JSON_DEPTH);
    if (breach === 'too_large') throw dispatcherError.payloadTooLarge(this.maxBodyBytes);
    if (breach === 'too_deep') throw dispatcherError.invalidRequest(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    return request;
  }

  private async dispatchOne(request: unknown, client: string): Promise<Answer> {
    if (!isRecord(request)) {
      const found = jsonTypeName(request);
      return this.mmrpcError(dispatcherError.invalidRequest(`expected a JSON object or an array of them, found ${found}`), null);
    }
    const isMmRpc = request.mmrpc !== undefined && request.mmrpc !== null;
    return isMmRpc ? this.mmrpc(request, client) : this.legacy(request, client);
  }

  private async mmrpc(req: Record<string, unknown>, client: string): Promise<Answer> {
    const rawId = req.id;
    const id = typeof rawId === 'number' && Number.isSafeInteger(rawId) && rawId >= 0 ? rawId : null;
    try {
      if (rawId !== undefined && rawId !== null && id === null) {
        throw dispatcherError.invalidRequest(`invalid type for \`id\`: ${jsonTypeName(rawId)}, expected a non-negative integer`);
      }
      if (req.mmrpc !== MMRPC_VERSION) {
        const found = typeof req.mmrpc === 'string' ? `unknown variant \`${req.mmrpc}\`` : `invalid type ${jsonTypeName(req.mmrpc)}`;
        throw dispatcherError.invalidMmRpcVersion(`${found}, expected \`${MMRPC_VERSION}\``);
      }
      const envelope = new ParamReader(req);
      const method = envelope.str('method');
      if (envelope.has('userpass')) envelope.str('userpass');
      const unknown = Object.keys(req).find((k) => !ENVELOPE_FIELDS.includes(k));
      if (unknown !== undefined) {
        const expected = ENVELOPE_FIELDS.map((f) => `\`${f}\``).join(', ');
        throw dispatcherError.invalidRequest(`unknown field \`${unknown}\`, expected one of ${expected}`);
      }
      const params = req.params === undefined || req.params === null ? {} : req.params;
      this.authenticate(method, req.userpass, client);
      const spec = findMethod(method, 'mmrpc');
      const handler = spec && handlerOf(this.handlers, spec.name, 'mmrpc');
      if (!handler) throw dispatcherError.noSuchMethod();
      // Called here, without an await before once loaded: an error's trace starts where it always did.
      const run = typeof handler === 'function' ? handler : (handler.loaded ?? (await handler.load()));
      const result = await run(this.ctx, new ParamReader(params, 'params'));
      return mmrpcSuccessReply(result, id, taskErrorOf(result));
    } catch (e) {
      return this.mmrpcError(e, id);
    }
  }

  /**
   * KDF's `rpc.rs`: a request without `mmrpc` goes to the legacy dispatcher, which authenticates it
   * (a request without a string `method` counts as public there) and, when no flat handler has the
   * method, hands it over as a 2.0 request. So mmrpc-only methods answer without `mmrpc`, and an
   * unknown method or a missing `method` answers the 2.0 dispatcher's 400 rather than a flat 500.
   */
  private async legacy(req: Record<string, unknown>, client: string): Promise<Answer> {
    const method = typeof req.method === 'string' ? req.method : undefined;
    const spec = method === undefined ? undefined : findMethod(method, 'legacy');
    const handler = spec && handlerOf(this.handlers, spec.name, 'legacy');
    try {
      this.authenticate(method, req.userpass, client);
      if (!handler) return await this.mmrpc({ ...req, mmrpc: MMRPC_VERSION }, client);
      const run = typeof handler === 'function' ? handler : (handler.loaded ?? (await handler.load()));
      const body = await run(this.ctx, new ParamReader(req));
      if (!(body instanceof LegacyResponse)) return { status: 200, body };
      return body.error ? { status: body.status, body: body.body, error: channelError(body.error) } : { status: body.status, body: body.body };
    } catch (e) {
      const err = asRpcError(e, 'legacy');
      return legacyErrorReply(err, await framesOf(err, this.resolveFrames));
    }
  }

  private async mmrpcError(e: unknown, id: number | null): Promise<Answer> {
    const err = asRpcError(e, 'mmrpc');
    return mmrpcErrorReply(err, await framesOf(err, this.resolveFrames), id);
  }

  /** A missing method name is public, as KDF's `None` in PUBLIC_METHODS: its request fails on parsing instead. */
  private authenticate(method: string | undefined, userpass: unknown, client: string): void {
    this.auth.checkNotBanned(client);
    if (method !== undefined && !isPublicMethod(method)) this.auth.check(client, userpass);
  }
}
