/**
 * Electrum over TCP (newline-delimited JSON-RPC) through the host's sockets, against real
 * listeners on 127.0.0.1, and hostile servers on every transport: each ends in a typed error
 * (`over_limit`, `timeout`) with the process alive, never in a held 10 MB string or a crash.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import {
  ElectrumClient,
  ElectrumError,
  LineSplitter,
  MAX_MESSAGE_BYTES,
  MAX_UNSOLICITED_PER_WINDOW,
  type ElectrumServer,
  type WebSocketLike,
} from '../../../../../../src/node/coins/utxo/electrum';
import { nodeTcpSocket, nodeWebSocket } from '../../../../../../tools/host/tcpSocket';

const TEN_MB = 10 * 1024 * 1024;
const closers: (() => Promise<void>)[] = [];
const clients: ElectrumClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(closers.splice(0).map((c) => c()));
});

/** A TCP server whose connections `onLine` answers, one line at a time. */
async function tcpServer(onLine: (line: string, socket: Socket) => void): Promise<string> {
  const server: Server = createServer((socket) => {
    let partial = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line, socket);
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Answers like an Electrum server: `server.version`, `server.ping`, and `blockchain.headers.subscribe`. */
function electrumLike(line: string, socket: Socket): void {
  const req = JSON.parse(line) as { id: number; method: string };
  const result = req.method === 'server.version' ? ['fake 1.0', '1.4'] : req.method === 'blockchain.headers.subscribe' ? { height: 7, hex: '00' } : null;
  socket.write(`${JSON.stringify({ jsonrpc: '2.0', id: req.id, result })}\n`);
}

function client(servers: ElectrumServer[], extra: Partial<ConstructorParameters<typeof ElectrumClient>[0]> = {}): ElectrumClient {
  const c = new ElectrumClient({
    servers,
    clientName: 'test',
    socketFactory: nodeWebSocket,
    tcpSocketFactory: nodeTcpSocket,
    connectTimeoutMs: 3000,
    requestTimeoutMs: 3000,
    ...extra,
  });
  clients.push(c);
  return c;
}

async function connectError(c: ElectrumClient): Promise<ElectrumError> {
  const err = await c.connect().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ElectrumError);
  return err as ElectrumError;
}

describe('LineSplitter', () => {
  it('joins lines split across chunks, splits several in one, drops a trailing \\r, keeps UTF-8 whole', () => {
    const s = new LineSplitter(100);
    const bytes = new TextEncoder().encode('{"a":"é"}\r\n{"b":1}\n{"c"');
    // split inside the two-byte "é"
    const cut = bytes.indexOf(0xc3) + 1;
    expect(s.push(bytes.subarray(0, cut))).toEqual([]);
    expect(s.push(bytes.subarray(cut))).toEqual(['{"a":"é"}', '{"b":1}']);
    expect(s.push(new TextEncoder().encode(':2}\n'))).toEqual(['{"c":2}']);
  });

  it('refuses a line past its bound before the newline comes', () => {
    const s = new LineSplitter(10);
    expect(s.push(new Uint8Array(10).fill(0x61))).toEqual([]);
    expect(() => s.push(new Uint8Array([0x61]))).toThrow(/more than 10 bytes without a newline/);
  });
});

describe('Electrum over TCP (host sockets)', () => {
  it('negotiates the version and answers requests over newline-delimited JSON-RPC', async () => {
    const url = await tcpServer(electrumLike);
    const c = client([{ url, protocol: 'TCP' }]);
    await c.connect();
    expect(await c.request('blockchain.headers.subscribe')).toEqual({ height: 7, hex: '00' });
    expect(c.stats().connected).toEqual([url]);
  });

  it('fails over from a dead TCP server to a live one in the same list', async () => {
    const dead = await tcpServer(() => undefined).then(async (u) => {
      await closers.pop()!();
      return u;
    });
    const live = await tcpServer(electrumLike);
    const c = client([
      { url: dead, protocol: 'TCP' },
      { url: live, protocol: 'TCP' },
    ]);
    expect(await c.request('blockchain.headers.subscribe')).toEqual({ height: 7, hex: '00' });
    expect(c.stats().connected).toEqual([live]);
  });

  it('cuts a 10 MB line off before holding it: over_limit', async () => {
    const url = await tcpServer((line, socket) => {
      const { id } = JSON.parse(line) as { id: number };
      socket.write(`{"jsonrpc":"2.0","id":${id},"result":"${'a'.repeat(TEN_MB)}"}\n`);
    });
    const err = await connectError(client([{ url, protocol: 'TCP' }]));
    expect(err.servers).toEqual([{ url, protocol: 'TCP', reason: 'over_limit', error: `a message of more than ${MAX_MESSAGE_BYTES} bytes without a newline, connection cut off` }]);
  });

  it('gives up on a server that never ends its line: timeout, or over_limit once the line passes the bound', async () => {
    const trickle = await tcpServer((_line, socket) => {
      const timer = setInterval(() => (socket.writable ? socket.write('{"jsonrpc"') : clearInterval(timer)), 20);
      socket.on('close', () => clearInterval(timer));
    });
    const slow = await connectError(client([{ url: trickle, protocol: 'TCP' }], { connectTimeoutMs: 500 }));
    expect(slow.servers).toMatchObject([{ url: trickle, protocol: 'TCP', reason: 'timeout' }]);

    const endless = await tcpServer((_line, socket) => void socket.write('x'.repeat(MAX_MESSAGE_BYTES + 1)));
    const big = await connectError(client([{ url: endless, protocol: 'TCP' }]));
    expect(big.servers).toMatchObject([{ url: endless, protocol: 'TCP', reason: 'over_limit' }]);
  });

  it('cuts a server that floods unsolicited messages: over_limit', async () => {
    const url = await tcpServer((_line, socket) => {
      const note = `${JSON.stringify({ jsonrpc: '2.0', method: 'blockchain.headers.subscribe', params: [{ height: 1, hex: '00' }] })}\n`;
      socket.write(note.repeat(MAX_UNSOLICITED_PER_WINDOW + 10));
    });
    const started = Date.now();
    const err = await connectError(client([{ url, protocol: 'TCP' }]));
    expect(err.servers).toEqual([
      { url, protocol: 'TCP', reason: 'over_limit', error: `more than ${MAX_UNSOLICITED_PER_WINDOW} unsolicited messages within 30000 ms, connection cut off` },
    ]);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('cuts a server that stops reading once the unsent bytes pass the bound: over_limit', async () => {
    const url = await tcpServer((line, socket) => {
      electrumLike(line, socket);
      socket.pause(); // reads nothing more: our requests pile up in the kernel, then in Node
    });
    const c = client([{ url, protocol: 'TCP' }], { requestTimeoutMs: 20_000 });
    await c.connect();
    const big = 'ab'.repeat(512 * 1024); // a 1 MB parameter
    const failures = await Promise.all(Array.from({ length: 40 }, () => c.request('blockchain.transaction.broadcast', [big]).then(() => null, (e: unknown) => e)));
    const first = failures.find((e): e is ElectrumError => e instanceof ElectrumError);
    expect(first?.message).toMatch(/bytes sent and not taken by the server, connection cut off/);
  });
});

describe('the same bounds on WebSockets', () => {
  async function wsServer(onMessage: (text: string, ws: WebSocket) => void): Promise<string> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    wss.on('connection', (ws) => {
      ws.on('error', () => ws.terminate());
      ws.on('message', (data) => onMessage(String(data), ws));
    });
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
    closers.push(async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    });
    return `127.0.0.1:${(wss.address() as AddressInfo).port}`;
  }
  const hugeAnswer = (text: string, ws: WebSocket): void => {
    const { id } = JSON.parse(text) as { id: number };
    ws.send(`{"jsonrpc":"2.0","id":${id},"result":"${'a'.repeat(TEN_MB)}"}`);
  };

  it('the host refuses a 10 MB frame before holding it (ws maxPayload): over_limit', async () => {
    const url = await wsServer(hugeAnswer);
    const err = await connectError(client([{ url, protocol: 'WS' }]));
    expect(err.servers).toMatchObject([{ url, protocol: 'WS', reason: 'over_limit' }]);
  });

  it('a factory that cannot bound frames (a browser) still has the frame refused on receipt: over_limit', async () => {
    const url = await wsServer(hugeAnswer);
    const unbounded = (u: string): WebSocketLike => new WebSocket(u) as unknown as WebSocketLike;
    const err = await connectError(client([{ url, protocol: 'WS' }], { socketFactory: unbounded }));
    expect(err.servers).toMatchObject([{ url, protocol: 'WS', reason: 'over_limit', error: expect.stringMatching(/^a message of \d+ bytes \(more than 8388608\)/) as string }]);
  });
});

describe('what a page cannot open', () => {
  it("refuses TCP and SSL with KDF's wasm text, and WSS without certificate checks", () => {
    const page = { clientName: 'test', socketFactory: nodeWebSocket };
    for (const protocol of ['TCP', 'SSL'] as const) {
      expect(() => new ElectrumClient({ ...page, servers: [{ url: 'h:1', protocol }] })).toThrow("'TCP' and 'SSL' are not supported in a browser. Please use 'WS' or 'WSS' protocols");
    }
    expect(() => new ElectrumClient({ ...page, servers: [{ url: 'h:1', protocol: 'WSS', disableCertVerification: true }] })).toThrow(/a browser always checks/);
  });

  it('refuses a malformed TCP address as a bad request', () => {
    for (const url of ['tcp://h:1', 'h', 'h:0', 'h:70000', 'a b:1']) {
      expect(() => client([{ url, protocol: 'TCP' }]), url).toThrow(/Invalid electrum url/);
    }
  });
});
