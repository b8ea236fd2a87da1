/**
 * What a node costs the public servers it uses: an Electrum meter on the node's platform (JSON-RPC
 * calls and the bytes of every frame both ways, `server.ping` apart) and an EVM meter, a proxy in
 * front of the JSON-RPC node that counts calls and bytes (a batch counts each of its calls).
 */
import { createServer, type Server } from 'node:http';
import type { Platform } from '../src/node/core/context';

export interface ServerLoad {
  /** JSON-RPC calls, pings excluded. */
  requests: number;
  /** Bytes of all frames or bodies, both ways, pings included. */
  bytes: number;
  pings: number;
  pingBytes: number;
}

export const noLoad = (): ServerLoad => ({ requests: 0, bytes: 0, pings: 0, pingBytes: 0 });

/** `after - before`, field by field. */
export const loadSince = (before: ServerLoad, after: ServerLoad): ServerLoad => ({
  requests: after.requests - before.requests,
  bytes: after.bytes - before.bytes,
  pings: after.pings - before.pings,
  pingBytes: after.pingBytes - before.pingBytes,
});

const byteLength = (data: unknown): number => (typeof data === 'string' ? Buffer.byteLength(data) : Buffer.isBuffer(data) ? data.length : 0);

type Calls = { method?: string } | { method?: string }[];
const methodsOf = (body: string): string[] => {
  try {
    const calls = JSON.parse(body) as Calls;
    return (Array.isArray(calls) ? calls : [calls]).map((c) => c.method ?? '');
  } catch {
    return [''];
  }
};

/**
 * Counts the Electrum traffic of every socket `platform` opens from now on, into the load it
 * returns (live: read it, or copy it to diff later); sockets that send binary frames (libp2p's)
 * are left out. An answer to a ping is counted as ping bytes
 * when it is the only frame in flight to that socket, which is how the client sends its pings.
 */
export function meterElectrum(platform: Platform): ServerLoad {
  const load = noLoad();
  const open = platform.webSocket;
  platform.webSocket = (url) => {
    const socket = open(url);
    const send = socket.send.bind(socket);
    let pingsInFlight = 0;
    // The p2p layer opens its sockets on the same platform: binary frames, never counted.
    let electrum = false;
    socket.send = (data: string) => {
      if (typeof data !== 'string') return send(data);
      electrum = true;
      const methods = methodsOf(data);
      const pings = methods.filter((m) => m === 'server.ping').length;
      load.requests += methods.length - pings;
      load.pings += pings;
      if (pings > 0 && pings === methods.length) {
        load.pingBytes += byteLength(data);
        pingsInFlight++;
      }
      load.bytes += byteLength(data);
      send(data);
    };
    (socket as unknown as { addEventListener(t: string, fn: (ev: { data: unknown }) => void): void }).addEventListener('message', (ev) => {
      if (!electrum) return;
      const n = byteLength(ev.data);
      load.bytes += n;
      const text = typeof ev.data === 'string' ? ev.data : Buffer.isBuffer(ev.data) ? ev.data.toString('utf8') : '';
      // A ping's answer is `{"jsonrpc":"2.0","result":null,"id":…}`: short, with a null result.
      if (pingsInFlight > 0 && n < 80 && /"result":\s*null/.test(text)) {
        pingsInFlight--;
        load.pingBytes += n;
      }
    });
    return socket;
  };
  return load;
}

export interface EvmMeter {
  url: string;
  load: ServerLoad;
  close(): void;
}

/** A proxy on 127.0.0.1 forwarding JSON-RPC to `target`, counting into `load`. */
export async function meterEvm(target: string): Promise<EvmMeter> {
  const load = noLoad();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      load.requests += methodsOf(body).length;
      load.bytes += Buffer.byteLength(body);
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (r) => {
          const text = await r.text();
          load.bytes += Buffer.byteLength(text);
          res.writeHead(r.status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
          res.end(text);
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, load, close: () => server.close() };
}
