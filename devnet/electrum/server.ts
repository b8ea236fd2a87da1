/**
 * The listeners: WebSocket (one message per frame), plain TCP and TLS (newline-delimited, as
 * ElectrumX speaks to native clients). One Session per connection, index changes fanned out to
 * all of them.
 */
import { once } from 'node:events';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { WebSocketServer } from 'ws';
import type { ServerContext } from './methods';
import { type Peer, Session } from './session';

/** A request line longer than this closes the connection: the largest standard transaction's hex is under 1 MB. */
const MAX_REQUEST_LINE = 1 << 20;

export interface ListenOptions {
  host: string;
  /** WebSocket port (0: any free one). */
  port: number;
  tcpPort: number;
  sslPort: number;
  /** PEM certificate and key of the TLS listener. */
  tls: { cert: string; key: string };
}

export interface ElectrumServer {
  port: number;
  tcpPort: number;
  sslPort: number;
  close(): Promise<void>;
}

export async function startElectrumServer(opts: ListenOptions, ctx: ServerContext): Promise<ElectrumServer> {
  const sessions = new Set<Session>();
  const open = (peer: Peer): Session => {
    const session = new Session(peer, ctx);
    sessions.add(session);
    return session;
  };

  const wss = new WebSocketServer({ host: opts.host, port: opts.port });
  wss.on('connection', (ws) => {
    const session = open({
      get open() {
        return ws.readyState === ws.OPEN;
      },
      send: (text) => ws.send(text),
      close: () => ws.close(1008, 'closing session'),
    });
    ws.on('message', (data) => session.onMessage(String(data)));
    ws.on('close', () => sessions.delete(session));
    ws.on('error', () => ws.terminate()); // a broken client must not take the server down
  });

  const streams = new Set<Socket>();
  const onStream = (socket: Socket): void => {
    streams.add(socket);
    const session = open({
      get open() {
        return socket.writable;
      },
      send: (text) => socket.write(`${text}\n`),
      close: () => socket.end(),
    });
    let partial = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      if (partial.length > MAX_REQUEST_LINE) return void socket.destroy();
      for (const line of lines) if (line.trim() !== '') session.onMessage(line);
    });
    socket.on('close', () => {
      streams.delete(socket);
      sessions.delete(session);
    });
    socket.on('error', () => socket.destroy());
  };
  const tcp = createTcpServer(onStream);
  const ssl = createTlsServer({ cert: opts.tls.cert, key: opts.tls.key }, onStream);
  // A client that fails the handshake (one refusing our self-signed certificate) is not an error of ours.
  ssl.on('tlsClientError', () => undefined);

  await Promise.all([once(wss, 'listening'), listen(tcp, opts.host, opts.tcpPort), listen(ssl, opts.host, opts.sslPort)]);
  ctx.ix.onChange = (tipChanged) => {
    for (const session of sessions) session.notify(tipChanged);
  };
  return {
    port: (wss.address() as AddressInfo).port,
    tcpPort: (tcp.address() as AddressInfo).port,
    sslPort: (ssl.address() as AddressInfo).port,
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      for (const socket of streams) socket.destroy();
      await Promise.all([new Promise<void>((resolve) => wss.close(() => resolve())), closeServer(tcp), closeServer(ssl)]);
    },
  };
}

async function listen(server: Server, host: string, port: number): Promise<void> {
  server.listen(port, host);
  await once(server, 'listening');
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
