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
import { legacyErrorReply, mmrpcErrorReply, mmrpcSuccessReply, type Reply } from './serialize';

export type { Reply } from './serialize';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
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
  ) {}

  /** `client` identifies the caller for throttling: the page, or a remote address on the host. */
  async dispatch(body: unknown, client = 'local'): Promise<Reply> {
    let request = body;
    if (typeof body === 'string') {
      try {
        request = JSON.parse(body);
      } catch (e) {
        return this.mmrpcError(dispatcherError.invalidRequest(`body is not valid JSON: ${(e as Error).message}`), null);
      }
    }
    if (Array.isArray(request)) {
      const replies = await Promise.all(request.map((r) => this.dispatchOne(r, client)));
      return { status: 200, body: replies.map((r) => r.body) };
    }
    return this.dispatchOne(request, client);
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
