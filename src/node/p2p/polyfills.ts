/**
 * Node 20 gaps js-libp2p 3 falls into (devnet-notes §4), filled only where missing: browsers and
 * Node ≥ 22 have both, so there this module changes nothing. Imported before libp2p.
 */

interface Resolvers<T> {
  promise: Promise<T>;
  resolve: (value: T | PromiseLike<T>) => void;
  reject: (reason?: unknown) => void;
}

// ES2024 Promise.withResolvers: it-queue, mortice, yamux, noise… call it at run time.
const P = Promise as PromiseConstructor & { withResolvers?: <T>() => Resolvers<T> };
if (typeof P.withResolvers !== 'function') {
  P.withResolvers = function withResolvers<T>(this: PromiseConstructor): Resolvers<T> {
    let resolve!: Resolvers<T>['resolve'];
    let reject!: Resolvers<T>['reject'];
    const promise = new this<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

/** Opens a WebSocket the way the platform does (the browser's, or the `ws` package under Node). */
export type WebSocketOpener = (url: string) => unknown;

/**
 * @libp2p/websockets dials with `new WebSocket(url)` on the global, which Node 20 lacks. Where it
 * is missing, the platform's opener is installed as that global (a constructor that returns the
 * opener's socket); where it exists (browsers), the global is left alone.
 */
export function provideWebSocket(open: WebSocketOpener | undefined): void {
  const g = globalThis as { WebSocket?: unknown };
  if (g.WebSocket !== undefined || !open) return;
  g.WebSocket = function WebSocket(url: string | URL) {
    const socket = open(String(url)) as { addEventListener?(type: 'error', listener: () => void): void };
    // The `ws` package throws an 'error' event nobody listens to, and the transport stops
    // listening once a dial is aborted (a node stopping while a seed refuses the connection).
    socket.addEventListener?.('error', () => undefined);
    return socket;
  };
}
