/** Readiness as a client sees it: the server answers over WebSocket and reports the expected tip. */
import WebSocket from 'ws';

export async function waitForTip(url: string, height: number, timeoutMs: number): Promise<void> {
  const ws = new WebSocket(`ws://${url}`);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`electrum ${url} not at height ${height} after ${timeoutMs} ms`)), timeoutMs);
      ws.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      ws.on('open', () => {
        ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server.version', params: ['devnet', '1.4'] }));
        ws.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'blockchain.headers.subscribe', params: [] }));
      });
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data)) as { id?: number; result?: { height: number }; params?: [{ height: number }] };
        const tip = msg.id === 2 ? msg.result : msg.params?.[0];
        if (tip && tip.height >= height) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  } finally {
    ws.close();
  }
}
