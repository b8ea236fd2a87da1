/**
 * The dispatcher: one JSON body in (flat, mmrpc 2.0, or a batch of them), one reply out with the
 * HTTP status KDF would send. It checks the envelope, authenticates, finds the handler through the
 * method table, and is the only place that serializes errors. Nothing a client sends escapes as an
 * exception.
 */
import { MMRPC_VERSION } from '../../shared/envelopes';
import { findMethod, isPublicMethod } from '../../shared/methods';
import { jsonTypeName, ParamError, ParamReader } from '../../shared/params';
import type { NodeContext } from '../context';
import { framesOf, internalError, type FrameResolver, type MmError } from '../errors';
import { LegacyResponse, type HandlerTable } from '../handler';
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
import { legacyErrorReply, mmrpcErrorReply, mmrpcSuccessReply, type Reply } from './serialize';

export type { Reply } from './serialize';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

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

/** Argument errors become `InvalidRequest` naming the field; anything untyped becomes `InternalError`. */
function asRpcError(e: unknown): MmError {
  return e instanceof ParamError ? dispatcherError.invalidRequest(e.message, e) : internalError(e);
}

export class Dispatcher {
  constructor(
    private readonly ctx: NodeContext,
    private readonly auth: Authenticator,
    private readonly handlers: HandlerTable,
    private readonly resolveFrames?: FrameResolver,
    private readonly maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
  ) {}

  /**
   * `client` identifies the caller for throttling: the page, or a remote address on the host.
   * The body is JSON text (host) or an already parsed value (the page's postMessage); both pass the
   * same size, depth and batch limits before anything reads them.
   */
  async dispatch(body: unknown, client = 'local'): Promise<Reply> {
    let request: unknown;
    try {
      request = this.admit(body);
    } catch (e) {
      return this.mmrpcError(e, null);
    }
    if (Array.isArray(request)) {
      const replies = await mapBounded(request, MAX_BATCH_CONCURRENCY, (r) => this.dispatchOne(r, client));
      return { status: 200, body: replies.map((r) => r.body) };
    }
    return this.dispatchOne(request, client);
  }

  /** The request as a JSON value within the limits of `limits.ts`; throws the typed refusal otherwise. */
  private admit(body: unknown): unknown {
    let request = body;
    // Text is measured exactly, in UTF-8 bytes; a value posted by the page by the walk's estimate.
    let byteBudget = this.maxBodyBytes;
    if (typeof body === 'string') {
      if (utf8LengthExceeds(body, this.maxBodyBytes)) throw dispatcherError.payloadTooLarge(this.maxBodyBytes);
      try {
        request = JSON.parse(body);
      } catch (e) {
        throw dispatcherError.invalidRequest(`body is not valid JSON: ${(e as Error).message}`);
      }
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

  private async dispatchOne(request: unknown, client: string): Promise<Reply> {
    if (!isRecord(request)) {
      const found = jsonTypeName(request);
      return this.mmrpcError(dispatcherError.invalidRequest(`expected a JSON object or an array of them, found ${found}`), null);
    }
    const isMmRpc = request.mmrpc !== undefined && request.mmrpc !== null;
    return isMmRpc ? this.mmrpc(request, client) : this.legacy(request, client);
  }

  private async mmrpc(req: Record<string, unknown>, client: string): Promise<Reply> {
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
      const params = req.params === undefined || req.params === null ? {} : req.params;
      this.authenticate(method, 'mmrpc', req.userpass, client);
      const spec = findMethod(method, 'mmrpc');
      const handler = spec && this.handlers[spec.name]?.mmrpc;
      if (!handler) throw dispatcherError.noSuchMethod();
      const result = await handler(this.ctx, new ParamReader(params, 'params'));
      return mmrpcSuccessReply(result, id);
    } catch (e) {
      return this.mmrpcError(e, id);
    }
  }

  private async legacy(req: Record<string, unknown>, client: string): Promise<Reply> {
    try {
      const method = typeof req.method === 'string' ? req.method : undefined;
      if (method === undefined) throw dispatcherError.invalidRequest('missing field `method`');
      this.authenticate(method, 'legacy', req.userpass, client);
      const spec = findMethod(method, 'legacy');
      const handler = spec && this.handlers[spec.name]?.legacy;
      if (!handler) throw dispatcherError.noSuchMethod();
      const body = await handler(this.ctx, new ParamReader(req));
      return body instanceof LegacyResponse ? { status: body.status, body: body.body } : { status: 200, body };
    } catch (e) {
      const err = asRpcError(e);
      return legacyErrorReply(err, await framesOf(err, this.resolveFrames));
    }
  }

  private async mmrpcError(e: unknown, id: number | null): Promise<Reply> {
    const err = asRpcError(e);
    return mmrpcErrorReply(err, await framesOf(err, this.resolveFrames), id);
  }

  private authenticate(method: string, format: 'legacy' | 'mmrpc', userpass: unknown, client: string): void {
    this.auth.checkNotBanned(client);
    if (!isPublicMethod(method, format)) this.auth.check(client, userpass);
  }
}
