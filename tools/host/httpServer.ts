/**
 * JSON over HTTP in front of a NodeHost: POST / with the spec's JSON body (any Content-Type: KDF's
 * curl examples send form-encoded ones), the dispatcher's status and body back. It listens on
 * 127.0.0.1 only, yet every web page the user opens can reach it, so before a byte of the body is
 * read it refuses web origins that `rpccors` does not allow, and bodies over the size limit; slow
 * clients are cut off by header and body timeouts, and connections are capped.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { framesOf, internalError, type MmError } from '../../src/node/core/errors';
import type { NodeHost } from '../../src/node/nodeHost';
import { readConf } from '../../src/node/lifecycle/readConf';
import { clientKeyForAddress } from '../../src/node/rpc/auth';
import { dispatcherError } from '../../src/node/rpc/dispatcherError';
import { DEFAULT_MAX_BODY_BYTES } from '../../src/node/rpc/limits';
import { mmrpcErrorReply } from '../../src/node/rpc/serialize';
import { CorsPolicy, originNotAllowed } from './corsPolicy';
import { declaredTooLarge, readBoundedBody } from './requestBody';

export interface HttpServerOptions {
  port: number;
  /** Conf `rpc_max_body_bytes`: larger bodies answer 413 and are never held in memory. */
  maxBodyBytes: number;
  cors: CorsPolicy;
  /** A client must send its headers within this (slowloris). */
  headersTimeoutMs?: number;
  /** ...and its whole request within this. */
  requestTimeoutMs?: number;
  /** Open connections at most; further ones are closed at once. Each may hold one body in memory. */
  maxConnections?: number;
}

const DEFAULTS = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 64 };

/**
 * The HTTP options the conf gives (`rpc_max_body_bytes`, which the node's dispatcher takes too, and
 * `rpccors`); the whole conf is read as the node reads it, so a bad value is refused before it starts.
 */
export function httpOptionsFromConf(rawConf: unknown, port: number): HttpServerOptions {
  const conf = readConf(rawConf);
  return { port, maxBodyBytes: conf.rpc_max_body_bytes ?? DEFAULT_MAX_BODY_BYTES, cors: CorsPolicy.fromConf(conf.rpccors) };
}

export function startHttpServer(host: NodeHost, opts: HttpServerOptions): Promise<Server> {
  const server = createServer({
    headersTimeout: opts.headersTimeoutMs ?? DEFAULTS.headersTimeoutMs,
    requestTimeout: opts.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
    // How often those timeouts are checked (Node's default is 30 s).
    connectionsCheckingInterval: 1_000,
  });
  server.maxConnections = opts.maxConnections ?? DEFAULTS.maxConnections;
  // Nothing a client sends may end the process: a request that fails past every answer is dropped.
  const handle = (expectsContinue: boolean) => (req: IncomingMessage, res: ServerResponse) =>
    void serve(host, opts, req, res, expectsContinue).catch(() => res.destroy());
  server.on('request', handle(false));
  // `Expect: 100-continue` (curl on big bodies): the checks run before the client is told to send.
  server.on('checkContinue', handle(true));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve(server));
  });
}

async function serve(host: NodeHost, opts: HttpServerOptions, req: IncomingMessage, res: ServerResponse, expectsContinue: boolean): Promise<void> {
  const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
    const text = JSON.stringify(body);
    res.writeHead(status, { ...opts.cors.headers(), ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
    res.end(text);
  };
  // A refusal made before the body is read closes the connection instead of reading the body on.
  const refuse = async (err: MmError): Promise<void> => {
    const reply = mmrpcErrorReply(err, await framesOf(err), null);
    send(reply.status, reply.body, { connection: 'close' });
  };
  // Before anything else, and before any userpass is checked: a page cannot drive or ban the node.
  if (!opts.cors.allows(req.headers.origin)) return refuse(originNotAllowed());
  if (req.method === 'OPTIONS' && opts.cors.configured) {
    res.writeHead(200, { ...opts.cors.preflightHeaders(), 'content-length': '0' });
    res.end();
    return;
  }
  if (req.method !== 'POST' || (req.url ?? '/') !== '/') {
    send(req.method === 'POST' ? 404 : 405, { error: 'Only POST requests to / are supported!' }, { connection: 'close' });
    return;
  }
  if (declaredTooLarge(req, opts.maxBodyBytes)) return refuse(dispatcherError.payloadTooLarge(opts.maxBodyBytes));
  // The server listens on 127.0.0.1 only, so every caller is on this machine: all loopback
  // addresses are one client for the userpass ban (a 127.0.0.2 alias does not escape it).
  const address = req.socket.remoteAddress;
  // Undefined only once the client has gone: nobody to answer.
  if (address === undefined) return;
  const client = clientKeyForAddress(address);
  if (expectsContinue) res.writeContinue();
  const read = await readBoundedBody(req, opts.maxBodyBytes);
  if (read.kind === 'aborted') return;
  if (read.kind === 'tooLarge') return refuse(dispatcherError.payloadTooLarge(opts.maxBodyBytes));
  try {
    const reply = await host.handleRpc(read.text, client);
    send(reply.status, reply.body);
  } catch (e) {
    const err = internalError(e);
    const reply = mmrpcErrorReply(err, await framesOf(err), null);
    send(reply.status, reply.body);
  }
}
