/**
 * Hostile-input figures (issue 9): how long one hostile input can block the event loop, so how
 * long every other RPC and the P2P traffic wait. Measured on a node core in this process, started
 * without coins or seed nodes: the limits act before coins or the network are reached. Target:
 * under 100 ms each.
 */
import { resolve } from 'node:path';
import fc from 'fast-check';
import { NodeHost } from '../src/node/nodeHost';
import { MAX_BATCH_REQUESTS } from '../src/node/rpc/limits';
import { METHOD_TABLE } from '../src/shared/methods';
import { MAX_DECIMAL_DIGITS, MAX_NUMBER_BITS, MmNumber } from '../src/shared/number';
import { nodePlatform } from '../tools/host/nodePlatform';
import { longestBlockMs } from './eventLoopBlock';
import type { Figure } from './run';

const RPC_PASSWORD = 'Bench-h0stile-Key!';
const FUZZ_REQUESTS = 2_000;

/** The largest rational each part may be: 64 limbs, numerator and denominator coprime (the longest gcd). */
const LARGEST = (1n << BigInt(MAX_NUMBER_BITS)) - 1n;
const largestRational = MmNumber.of(LARGEST, LARGEST - 2n).toRational();
/** 617 significant digits, 300 of them decimals: 3.1…·10^616 stays below 2^2048 ≈ 3.2·10^616. */
const largestDecimal = `3${'1'.repeat(MAX_DECIMAL_DIGITS - 301)}.${'1'.repeat(300)}`;
const largestFraction = { numer: `-${LARGEST - 4n}`, denom: (LARGEST - 6n).toString() };

/** Parses the largest allowed number in each wire form and writes the three forms back, as a reply would. */
function parseLargest(): number {
  let digits = 0;
  for (const input of [largestRational, largestDecimal, largestFraction]) {
    const triple = MmNumber.parse(input).toJsonTriple('price');
    digits += triple.price.length + triple.price_fraction.numer.length;
  }
  return digits;
}

const deep = (depth: number): unknown => {
  let v: unknown = '1';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};
const limbs = (n: number): number[] => Array.from({ length: n }, (_, i) => (i * 2_654_435_761 + 7) >>> 0);

/** What the fuzz sends: the attacks and plain garbage in every argument. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant([
    [1, limbs(8_000)],
    [1, limbs(8_000)],
  ]),
  fc.constant('9'.repeat(100_000)),
  fc.constant({ numer: '7'.repeat(50_000), denom: '3' }),
  fc.constant(deep(5_000)),
  fc.constant(largestRational),
  fc.jsonValue({ maxDepth: 3 }),
);
const methods = METHOD_TABLE.flatMap((m) => [m.name, ...(m.aliases ?? [])]).filter((m) => m !== 'stop');
const fuzzRequest = fc
  .tuple(fc.constantFrom(...methods), fc.boolean(), fc.dictionary(fc.constantFrom('coin', 'base', 'rel', 'price', 'volume', 'amount', 'to', 'uuid', 'task_id'), hostileValue, { maxKeys: 4 }))
  .map(([method, mmrpc, args]) =>
    mmrpc ? { mmrpc: '2.0', method, params: args, userpass: RPC_PASSWORD, id: 1 } : { ...args, method, userpass: RPC_PASSWORD },
  );

export async function hostileFigures(): Promise<Figure[]> {
  const host = new NodeHost(nodePlatform({ coinsPath: resolve('public/coins.json') }));
  const started = await host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase: 'bench hostile', gui: 'bench' } });
  if (started.status !== 200) throw new Error(`node did not start: ${JSON.stringify(started.body)}`);
  try {
    const number = await longestBlockMs(async () => parseLargest());

    const requests = fc.sample(fuzzRequest, { numRuns: FUZZ_REQUESTS, seed: 9 });
    const fuzz = await longestBlockMs(async () => {
      for (const r of requests) await host.handleRpc(r);
    });

    // Every member parses the largest allowed number (best_orders reads `volume` before looking for peers).
    const member = { method: 'best_orders', userpass: RPC_PASSWORD, coin: 'RLTC1', action: 'buy', volume: largestRational };
    const batch = JSON.stringify(Array.from({ length: MAX_BATCH_REQUESTS }, () => member));
    const batched = await longestBlockMs(async () => host.handleRpc(batch));
    if (batched.result.status !== 200) throw new Error(`batch answered ${batched.result.status}`);

    return [
      { name: 'longest event-loop block: the biggest allowed number parsed (ms)', value: number.ms, unit: 'ms' },
      { name: `longest event-loop block: the fuzz (${FUZZ_REQUESTS} requests) (ms)`, value: fuzz.ms, unit: 'ms' },
      { name: 'longest event-loop block: the biggest allowed batch through the dispatcher (ms)', value: batched.ms, unit: 'ms' },
    ];
  } finally {
    await host.stop();
  }
}
