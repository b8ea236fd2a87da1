/**
 * JSON over HTTP in front of a NodeHost: POST / with the spec's JSON body, the dispatcher's
 * status and body back. Listens on 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { NodeHost } from '../../src/node/nodeHost';

/** Bodies over this size are refused before parsing. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export function startHttpServer(host: NodeHost, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown): void => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    };
    if (req.method !== 'POST' || (req.url ?? '/') !== '/') {
      send(req.method === 'POST' ? 404 : 405, { error: 'Only POST requests to / are supported!' });
      return;
    }
    readBody(req)
      .then((text) => host.handleRpc(text, req.socket.remoteAddress ?? 'unknown'))
      .then((reply) => send(reply.status, reply.body))
      .catch((e: unknown) => send(413, { error: (e as Error).message }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error(`request body over ${MAX_BODY_BYTES} bytes`));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
