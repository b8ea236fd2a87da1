/**
 * The bench's stand-in for the node worker: answers the Exchange tab's reads with bodies the
 * node's own wire code produced in the bench runner (`orderbook` of 10,000 orders, `my_orders`
 * with 150), so the page pays the real postMessage copies and renders real shapes. Anything else
 * is refused the way the dispatcher refuses an unknown method.
 */
interface BenchData {
  orderbook: { asks: unknown[]; bids: unknown[] } & Record<string, unknown>;
  myOrders: Record<string, unknown>;
}

const data: Promise<BenchData> = fetch('/__bench/data.json').then((r) => r.json() as Promise<BenchData>);

self.addEventListener('message', (ev: MessageEvent<{ id: number; body?: { method?: unknown; limit?: unknown } }>) => {
  const { id, body } = ev.data;
  void data.then((d) => {
    const method = body?.method;
    if (method === 'orderbook') {
      // As the node answers `limit` (ours): the best asks and bids only, the counts unchanged.
      const limit = typeof body?.limit === 'number' ? body.limit : Infinity;
      const { asks, bids } = d.orderbook;
      self.postMessage({ id, status: 200, body: { ...d.orderbook, asks: asks.slice(0, limit), bids: bids.slice(0, limit), timestamp: Math.floor(Date.now() / 1000) } });
    } else if (method === 'my_orders') {
      self.postMessage({ id, status: 200, body: { result: d.myOrders } });
    } else {
      self.postMessage({ id, status: 400, body: { error: `rpc:0] the bench node has no method ${String(method)}` } });
    }
  });
});
