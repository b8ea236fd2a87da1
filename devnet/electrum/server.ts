/** The WebSocket listener: one Session per connection, index changes fanned out to all of them. */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { ServerContext } from './methods';
import { Session } from './session';

export interface ElectrumServer {
  port: number;
  close(): Promise<void>;
}

export async function startElectrumServer(host: string, port: number, ctx: ServerContext): Promise<ElectrumServer> {
  const wss = new WebSocketServer({ host, port });
  await once(wss, 'listening');
  const sessions = new Set<Session>();
  wss.on('connection', (ws) => {
    const session = new Session(ws, ctx);
    sessions.add(session);
    ws.on('close', () => sessions.delete(session));
    ws.on('error', () => ws.terminate()); // a broken client must not take the server down
  });
  ctx.ix.onChange = (tipChanged) => {
    for (const session of sessions) session.notify(tipChanged);
  };
  return {
    port: (wss.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        wss.close(() => resolve());
      }),
  };
}
