/**
 * A bounded property-based fuzz of every method in the method table, in the flat and the mmrpc
 * form (whatever formats the method really answers), against a real node core under Node.js on the
 * devnet (RLTC1 and RLTC2 active and funded, orders service on the devnet seed). Arguments are
 * garbage: wrong types, huge numbers in every wire form, deep nesting, long strings, unknown fields,
 * sent as objects (the page's postMessage) and as JSON text (the headless host), alone and in
 * batches. For each request: the reply is plain JSON with a status KDF uses and a well-formed error
 * envelope, `version` still answers, and every so often nothing has changed (enabled coins,
 * balances, my_orders: so no order was placed and no withdrawal broadcast).
 *
 * Methods that legitimately change state with valid arguments only get arguments that cannot be
 * valid: `stop` goes without userpass; `disable_coin` names coins that are not active; `electrum`
 * and `enable` name active or unknown coins; orders get an invalid number in every number field.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_REQUESTS } from '../../../src/node/rpc/limits';
import { describeInput } from '../../../src/shared/number/parse-error';
import { METHOD_TABLE, type RpcFormat } from '../../../src/shared/methods';
import { startOrderNode, type OrderNode } from '../orders/orderNode';
import { RPC_PASSWORD } from '../utxo/walletNode';

/** HTTP statuses KDF answers with (kdf-facts §1.0), plus 413 for a body over the size limit. */
const KDF_STATUSES = new Set([200, 400, 403, 404, 408, 409, 410, 413, 500, 501, 502, 503]);
const ACTIVE = ['RLTC1', 'RLTC2'];

const METHOD_NAMES = METHOD_TABLE.flatMap((m) => [m.name, ...(m.aliases ?? [])]);

/** Argument names the handlers read (collected from src/node/**\/rpc.ts), plus some nobody reads. */
const FIELD_NAMES = [
  'coin', 'servers', 'urls', 'to', 'amount', 'max', 'fee', 'type', 'base', 'rel', 'price', 'volume', 'min_volume',
  'new_price', 'volume_delta', 'uuid', 'cancel_by', 'match_by', 'order_type', 'timeout', 'tx_hex', 'limit',
  'from_id', 'page_number', 'task_id', 'user_action', 'device_pubkey', 'action', 'request_by', 'swap_method',
  'base_confs', 'rel_confs', 'base_nota', 'rel_nota', 'save_in_history', 'cancel_previous', 'exclude_mine',
  'tx_history', 'required_confirmations', 'utxo_merge_params', 'gas_station_url', 'forget_if_finished', 'zzz_unknown', '',
];

/**
 * Nesting `depth` levels deep, built only when sent: JSON.stringify itself overflows the stack at a
 * few thousand levels, so the text form is written out directly.
 */
class Deep {
  constructor(
    readonly depth: number,
    readonly asObject: boolean,
  ) {}

  text(): string {
    return this.asObject ? `${'{"a":'.repeat(this.depth)}1${'}'.repeat(this.depth)}` : `${'['.repeat(this.depth)}1${']'.repeat(this.depth)}`;
  }

  value(): unknown {
    let v: unknown = 1;
    for (let i = 0; i < this.depth; i++) v = this.asObject ? { a: v } : [v];
    return v;
  }
}

const deep = fc.tuple(fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 6_000 })), fc.boolean()).map(([d, o]) => new Deep(d, o));
const deepOverLimit = fc.tuple(fc.integer({ min: 65, max: 6_000 }), fc.boolean()).map(([d, o]) => new Deep(d, o));

/** The request as the page posts it: Deep markers become the nested values. Inputs are shallow elsewhere. */
function asValue(v: unknown): unknown {
  if (v instanceof Deep) return v.value();
  if (Array.isArray(v)) return v.map(asValue);
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asValue(x)]));
  return v;
}

/** The request as JSON text, as the headless host receives it. */
function asText(v: unknown): string {
  const deeps: Deep[] = [];
  const text = JSON.stringify(v, (_k, x: unknown) => (x instanceof Deep ? `\u0000deep${deeps.push(x) - 1}` : x));
  return text.replace(/"\\u0000deep(\d+)"/g, (_m, i: string) => deeps[Number(i)]!.text());
}

const limbs = (n: number, seed: number): number[] => Array.from({ length: n }, (_, i) => (seed + i * 2_654_435_761) >>> 0);

/** Numbers no handler may accept: too large in every wire form, negative, zero, malformed, wrong type, deep. */
const invalidNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 618, max: 150_000 }).map((n) => '9'.repeat(n)),
  fc.integer({ min: 618, max: 50_000 }).map((n) => `-0.${'1'.repeat(n)}`),
  fc.tuple(fc.integer({ min: 65, max: 20_000 }), fc.nat()).map(([n, s]) => [[1, limbs(n, s)], [1, limbs(n, s + 1)]]),
  fc.integer({ min: 618, max: 50_000 }).map((n) => ({ numer: '7'.repeat(n), denom: '3' })),
  fc.integer({ min: 617, max: 1e12 }).map((e) => `1e${e}`),
  fc.constantFrom('-1', -1, '0', 0, '-0.00000001', 'NaN', '1/3', '', ' 1', '1e', '0x10', [[1, [1]], [1, []]], { numer: '1', denom: '0' }),
  fc.oneof(fc.boolean(), fc.constant(null), fc.object({ maxDepth: 1 }), fc.array(fc.integer(), { maxLength: 3 })),
  deepOverLimit,
);

/** Methods that place or change orders when their arguments are valid. */
const ORDER_METHODS = new Set(['setprice', 'sell', 'buy', 'update_maker_order']);

/** Plausible numbers, only for methods that change nothing whatever they are given. */
const anyNumber = fc.oneof(invalidNumber, fc.constantFrom('0.1', '1', '0.00001', 2, '1e-3', [[1, [1]], [1, [10]]], { numer: '1', denom: '3' }));

/** Any garbage: JSON values, long strings, deep nesting (under and over the limit), bad numbers. */
const garbage: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: deep },
  { weight: 2, arbitrary: invalidNumber },
);

const coin = (allowActive: boolean): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(allowActive ? ACTIVE : []), 'RLTC1-segwit', 'ETH', 'NOPE', 'rltc1', '') },
    { weight: 1, arbitrary: garbage },
  );
const hex = (maxLength: number): fc.Arbitrary<string> => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength });
const uuid = fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }));
const taskId = fc.oneof(fc.nat({ max: 5 }), fc.integer({ min: -3, max: 2 ** 60 }));
/** Filled in once the node runs: a real address of the wallet, for `to`. */
let ownAddress = '';
const address = fc.oneof(
  fc.constant(null).map(() => ownAddress),
  fc.string({ maxLength: 40 }),
);

/**
 * A plausible argument set per method: right names and mostly right types, with every number that
 * could place an order invalid. Methods that change nothing also get plausible numbers.
 */
function template(method: string): fc.Arbitrary<Record<string, unknown>> {
  const num = ORDER_METHODS.has(method) ? invalidNumber : anyNumber;
  const op = method.split('::').pop();
  if (method.startsWith('task::') && op !== 'init') {
    return fc.record({
      task_id: taskId,
      user_action: fc.record({ action_type: fc.constantFrom('TrezorPin', 'TrezorPassphrase', 'Nope'), pin: fc.string({ maxLength: 9 }) }),
      forget_if_finished: fc.boolean(),
    }, { requiredKeys: ['task_id'] });
  }
  switch (method) {
    case 'electrum':
      return fc.record({ coin: coin(true), servers: fc.array(fc.record({ url: fc.constantFrom('127.0.0.1:1', 'nowhere.invalid:1', ''), protocol: fc.constantFrom('WS', 'WSS', 'TCP', 'x') }), { maxLength: 2 }) });
    case 'enable':
      return fc.record({ coin: coin(true), urls: fc.array(fc.constantFrom('http://127.0.0.1:1', 'x'), { maxLength: 2 }), swap_contract_address: fc.string({ maxLength: 42 }) });
    case 'disable_coin':
      return fc.record({ coin: coin(false) });
    case 'my_balance':
    case 'max_taker_vol':
      return fc.record({ coin: coin(true) });
    case 'my_tx_history':
      return fc.record({ coin: coin(true), limit: fc.oneof(fc.nat(), garbage), from_id: garbage, page_number: fc.oneof(fc.nat(), garbage) }, { requiredKeys: ['coin'] });
    case 'withdraw':
    case 'task::withdraw::init':
      return fc.record({ coin: coin(true), to: address, amount: num, max: fc.boolean(), fee: fc.record({ type: fc.constantFrom('UtxoFixed', 'UtxoPerKbyte', 'EthGas', 'x'), amount: num }) }, { requiredKeys: ['coin', 'to'] });
    case 'send_raw_transaction':
      return fc.record({ coin: coin(true), tx_hex: fc.oneof(hex(400), garbage) });
    case 'setprice':
    case 'sell':
    case 'buy':
    case 'trade_preimage':
      return fc.record({ base: coin(true), rel: coin(true), price: num, volume: num, min_volume: num, max: fc.boolean(), swap_method: fc.constantFrom('setprice', 'sell', 'buy') }, { requiredKeys: ['base', 'rel', 'price'] });
    case 'update_maker_order':
      return fc.record({ uuid, new_price: num, volume_delta: num, min_volume: num, max: fc.boolean() }, { requiredKeys: ['uuid'] });
    case 'cancel_order':
      return fc.record({ uuid });
    case 'cancel_all_orders':
      return fc.record({ cancel_by: fc.oneof(fc.constant({ type: 'All' }), fc.record({ type: fc.constantFrom('Pair', 'Coin', 'x'), data: fc.record({ base: coin(true), rel: coin(true), ticker: coin(true) }) })) });
    case 'orderbook':
      return fc.record({ base: coin(true), rel: coin(true) });
    case 'best_orders':
      return fc.record({ coin: coin(true), action: fc.constantFrom('buy', 'sell', 'x'), volume: num, request_by: fc.record({ type: fc.constantFrom('volume', 'number'), value: fc.oneof(num, fc.nat(3)) }) });
    case 'task::init_hwdevice::init':
    case 'task::init_trezor::init':
      return fc.record({ device_pubkey: fc.oneof(hex(40), garbage) }, { requiredKeys: [] });
    default:
      return fc.constant({});
  }
}

/** A template with up to three fields replaced by garbage or removed, and up to three extra garbage fields. */
function fields(method: string): fc.Arbitrary<Record<string, unknown>> {
  const mutation = fc.record({ name: fc.constantFrom(...FIELD_NAMES), value: fc.oneof(garbage, fc.constant(undefined)) });
  return fc.tuple(template(method), fc.array(mutation, { maxLength: 3 })).map(([base, changes]) => {
    const out: Record<string, unknown> = { ...base };
    for (const { name, value } of changes) {
      // Order numbers stay invalid (a mutation may only remove them); disable_coin keeps its inactive coin.
      if (ORDER_METHODS.has(method) && /price|volume/.test(name) && value !== undefined) continue;
      if (method === 'disable_coin' && name === 'coin') continue;
      if (value === undefined) delete out[name];
      else out[name] = value;
    }
    return out;
  });
}

interface FuzzRequest {
  body: unknown;
  /** Sent as JSON text (the headless host) or as a value (the page). */
  asText: boolean;
}

/** One request for `method` in `format`, with garbage arguments. */
function requestFor(method: string, format: RpcFormat): fc.Arbitrary<Record<string, unknown>> {
  const userpass = method === 'stop' ? {} : { userpass: RPC_PASSWORD };
  if (format === 'legacy') return fields(method).map((args) => ({ ...args, method, ...userpass }));
  const params = fc.oneof({ weight: 8, arbitrary: fields(method) }, { weight: 1, arbitrary: garbage });
  const id = fc.oneof({ weight: 8, arbitrary: fc.nat() }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: garbage });
  return fc.tuple(params, id).map(([p, i]) => ({ mmrpc: '2.0', method, params: p, id: i, ...userpass }));
}

/** One request: a method of the table (or an alias), in either form. */
const request: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(fc.constantFrom(...METHOD_NAMES), fc.constantFrom<RpcFormat>('legacy', 'mmrpc'))
  .chain(([method, format]) => requestFor(method, format));

const single: fc.Arbitrary<FuzzRequest> = fc.tuple(request, fc.boolean()).map(([body, asText]) => ({ body, asText }));
const batch: fc.Arbitrary<FuzzRequest> = fc
  .tuple(fc.array(request, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 3 }), fc.boolean())
  // Repeat the members up to past the batch limit, so both sides of it are hit.
  .map(([members, times, asText]) => {
    const length = Math.min(members.length * (1 + times * 3), MAX_BATCH_REQUESTS + 10);
    return { body: Array.from({ length }, (_, i) => members[i % members.length]), asText };
  });

/** Only JSON data: plain objects and arrays, strings, finite numbers, booleans, null; no recursion. */
function isPlainJson(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (Array.isArray(v)) stack.push(...(v as unknown[]));
    else if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) stack.push(...Object.values(v as object));
    else return false;
  }
  return true;
}

function checkReplyBody(body: unknown, status: number): void {
  expect(isPlainJson(body), describeInput(body)).toBe(true);
  const b = body as Record<string, unknown>;
  if (typeof b.error_type === 'string') {
    expect(b.mmrpc).toBe('2.0');
    expect(typeof b.error).toBe('string');
    expect(typeof b.error_path).toBe('string');
    expect(typeof b.error_trace).toBe('string');
    expect('id' in b).toBe(true);
    // Garbage from a client is the client's error, never the node's.
    expect(b.error_type, String(b.error)).not.toBe('InternalError');
    expect(status).not.toBe(200);
  } else if (status !== 200) {
    expect(typeof b.error).toBe('string');
  }
}

/**
 * Fails with the assertion's message, the seed and a short preview of the input: fast-check's own
 * report prints the whole counterexample recursively, which overflows on inputs nested 6,000 deep.
 * No shrinking either, so a failure stays as fast as a pass.
 */
const fuzzRun: fc.Parameters<unknown> = {
  endOnFailure: true,
  reporter(details) {
    if (!details.failed) return;
    const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(`${error}\nseed ${details.seed}, path ${details.counterexamplePath}, input ${describeInput(details.counterexample)}`);
  },
};

let node: OrderNode;
let before: unknown;

async function state(): Promise<unknown> {
  const enabled = await node.legacy('get_enabled_coins');
  const orders = await node.legacy('my_orders');
  const balances = await Promise.all(ACTIVE.map((coin) => node.legacy('my_balance', { coin })));
  return { enabled: enabled.body, orders: orders.body, balances: balances.map((b) => b.body) };
}

beforeAll(async () => {
  node = await startOrderNode('fuzz');
  ownAddress = String((await node.legacy('my_balance', { coin: 'RLTC1' })).body.address);
  before = await state();
});

afterAll(async () => {
  await node?.stop();
});

describe('RPC fuzz', () => {
  let sent = 0;

  async function send(r: FuzzRequest): Promise<void> {
    const body = r.asText ? asText(r.body) : asValue(r.body);
    const reply = await node.host.handleRpc(body);
    sent++;
    expect(KDF_STATUSES.has(reply.status), `status ${reply.status}`).toBe(true);
    // No amplification: a reply may quote its request, not multiply it (the issue's 2 MB batch built 364 MB).
    const requestSize = typeof body === 'string' ? body.length : asText(r.body).length;
    expect(JSON.stringify(reply.body).length).toBeLessThan(2 * requestSize + 20_000);
    if (Array.isArray(r.body) && r.body.length > MAX_BATCH_REQUESTS) {
      // Refused whole: as a batch too long, or (text over 1 MiB) before it is even parsed.
      const refusal = [reply.status, (reply.body as { error_type: string }).error_type];
      expect([[400, 'InvalidRequest'], [413, 'PayloadTooLarge']]).toContainEqual(refusal);
    } else if (Array.isArray(reply.body)) {
      expect(reply.status).toBe(200);
      expect(reply.body).toHaveLength((r.body as unknown[]).length);
      for (const member of reply.body) checkReplyBody(member, (member as { error?: unknown }).error === undefined ? 200 : 500);
    } else {
      checkReplyBody(reply.body, reply.status);
    }
    const version = await node.legacy('version');
    expect(version.status).toBe(200);
    expect(node.host.running).toBe(true);
    if (sent % 40 === 0) expect(await state()).toEqual(before);
  }

  it.each(METHOD_NAMES.flatMap((m) => (['legacy', 'mmrpc'] as const).map((f) => [m, f] as const)))(
    '%s (%s) answers garbage arguments without harm',
    async (method, format) => {
      await fc.assert(fc.asyncProperty(requestFor(method, format), fc.boolean(), (body, asText) => send({ body, asText })), { ...fuzzRun, numRuns: 10 });
    },
  );

  it('answers random methods with garbage arguments, alone, without harm', async () => {
    await fc.assert(fc.asyncProperty(single, send), { ...fuzzRun, numRuns: 300 });
    expect(await state()).toEqual(before);
  });

  it('answers batches of garbage, over the batch limit too, without harm', async () => {
    await fc.assert(fc.asyncProperty(batch, send), { ...fuzzRun, numRuns: 30 });
    expect(await state()).toEqual(before);
  });
});
