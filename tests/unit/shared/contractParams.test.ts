/**
 * The request params of the contract (src/shared/contract/params) against the node: a request
 * typed by them passes the node's handler's reading of its params (through the dispatcher), also
 * with only the keys KDF's request struct requires, and the absence of each of those keys is
 * refused with a text naming it. The answers expected are KDF's for the same state, by its error
 * enums (cited per case): a node without a Trezor, swaps or peers, DOC enabled over a fake
 * Electrum server with an empty wallet; and the orders domain of a node holding RLTC1 and RLTC2.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { LegacyMethod, MethodName, MmRpcMethod } from '../../../src/shared/contract';
import type { LegacyParams, MethodParams, MmRpcParams, ParamsOf } from '../../../src/shared/contract/params';
import type { WithdrawParams } from '../../../src/shared/contract/params/coins';
import { activationMethods } from '../../../src/shared/contract/methods/activation';
import { coinsMethods } from '../../../src/shared/contract/methods/coins';
import { hwMethods } from '../../../src/shared/contract/methods/hw';
import { lifecycleMethods } from '../../../src/shared/contract/methods/lifecycle';
import { mmbotMethods } from '../../../src/shared/contract/methods/mmbot';
import { ordersMethods } from '../../../src/shared/contract/methods/orders';
import { streamsMethods } from '../../../src/shared/contract/methods/streams';
import { swapsMethods } from '../../../src/shared/contract/methods/swaps';
import { walletMethods } from '../../../src/shared/contract/methods/wallet';
import type { NodeContext } from '../../../src/node/core/context';
import { Authenticator } from '../../../src/node/rpc/auth';
import { Dispatcher } from '../../../src/node/rpc/dispatcher';
import { allHandlers } from '../../../src/node/rpc/handlers';
import { FakeElectrumServer } from '../node/coins/utxo/electrum/fakeElectrumServer';
import { Bus } from '../node/orders/bus';
import { CONFIGS, startTestNode, type TestNode as OrdersNode } from '../node/orders/harness';
import { RPC_PASSWORD, startedNode, type TestNode } from '../node/testNode';

/** The keys of `T` a request must carry. */
type RequiredKeys<T> = { [K in keyof T]-?: string extends K ? never : object extends Pick<T, K> ? never : K }[keyof T] & string;

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

/**
 * KDF's required keys `R` are exactly those the type requires: a key listed that the type leaves
 * optional, or one the type requires that KDF does not, fails to compile. (A union of variants,
 * such as withdraw's `amount` or `max`, requires keys per variant: only the first half applies.)
 */
type Required<P, R extends readonly string[]> = R &
  (true extends IsUnion<P> ? unknown : [Exclude<RequiredKeys<P>, R[number]>] extends [never] ? unknown : { typeAlsoRequires: Exclude<RequiredKeys<P>, R[number]> });

interface Case {
  method: string;
  format: 'legacy' | 'mmrpc';
  params: Record<string, unknown>;
  /** The keys KDF's request struct requires (its fields neither `Option` nor `#[serde(default)]`). */
  required: readonly string[];
  /**
   * KDF's answer for this request on the node's state: `success`, or the `error_type` of an mmrpc
   * error, or `error` for a flat one (KDF's flat errors are untyped `{error}`).
   */
  answer: string;
  /** KDF's answer with only the required keys, where the defaults change it. */
  minimalAnswer?: string;
}

type Extra = { minimalAnswer?: string };

function mmrpc<M extends MmRpcMethod, const R extends readonly RequiredKeys<MmRpcParams<M>>[]>(
  method: M,
  params: MmRpcParams<M>,
  required: Required<MmRpcParams<M>, R>,
  answer: string,
  extra: Extra = {},
): Case {
  return { method, format: 'mmrpc', params, required, answer, ...extra };
}

function legacy<M extends LegacyMethod, const R extends readonly RequiredKeys<LegacyParams<M>>[]>(
  method: M,
  params: LegacyParams<M>,
  required: Required<LegacyParams<M>, R>,
  answer: 'success' | 'error',
  extra: Extra = {},
): Case {
  return { method, format: 'legacy', params, required, answer, ...extra };
}

const NOBODY = '5c2f4e30-4b5e-4b6e-9f4a-2b6e0b4f0c11';
const TASK = 4096;

/** DOC's address, set once DOC is enabled. */
let docAddress = '';

/** Requests to a node started from a passphrase, without peers, DOC enabled over a fake Electrum server with an empty wallet. */
const nodeCases = (): Case[] => {
  const withdraw: WithdrawParams = { coin: 'DOC', to: docAddress, amount: '1', fee: { type: 'UtxoFixed', amount: '0.0001' } };
  const preimage = { base: 'DOC', rel: 'NOPE', swap_method: 'setprice', price: '1', volume: '0.5' } as const;
  return [
    // lifecycle: mm2_main/src/rpc/lp_commands/legacy.rs `version`; ours `get_storage_status`.
    legacy('version', {}, [], 'success'),
    mmrpc('get_storage_status', {}, [], 'success'),
    // wallet (lp_wallet.rs): a node started from a passphrase has no wallet name: `MnemonicRpcError::Internal`.
    mmrpc('change_mnemonic_password', { current_password: 'old', new_password: 'N3w-Passw0rd-Long!' }, ['current_password', 'new_password'], 'Internal'),
    mmrpc('get_mnemonic', { format: 'encrypted' }, ['format'], 'Internal'),
    // hw: no Trezor initialized (trezor.rs `TrezorConnectionStatusError::TrezorNotInitialized`); no such task (rpc_task `NoSuchTask`).
    mmrpc('trezor_connection_status', { device_pubkey: 'ab'.repeat(20) }, [], 'TrezorNotInitialized'),
    mmrpc('task::init_hwdevice::status', { task_id: TASK, forget_if_finished: false }, ['task_id'], 'NoSuchTask'),
    mmrpc('task::init_hwdevice::user_action', { task_id: TASK, user_action: { action_type: 'TrezorPin', pin: '123' } }, ['task_id', 'user_action'], 'NoSuchTask'),
    // mmbot (lp_ordermatch/simple_market_maker.rs): stopping a bot never started is `AlreadyStopped`;
    // a start takes any well-typed cfg (KDF checks no coin at start), and a second is `AlreadyStarted`.
    mmrpc('stop_simple_market_maker_bot', {}, [], 'AlreadyStopped'),
    mmrpc(
      'start_simple_market_maker_bot',
      { cfg: { 'DOC/NOPE': { base: 'DOC', rel: 'NOPE', spread: '1.025', enable: true } }, price_url: 'https://127.0.0.1:1/prices', bot_refresh_rate: 60 },
      ['cfg'],
      'success',
      { minimalAnswer: 'AlreadyStarted' },
    ),
    // streams (streaming_activations/balance.rs `BalanceStreamingRequestError::CoinNotFound`).
    mmrpc('stream::balance::enable', { client_id: 0, coin: 'NOPE' }, ['coin'], 'CoinNotFound'),
    // swaps: max_maker_vol_rpc.rs and trade_preimage.rs `NoSuchCoin`; swap_v2_rpcs.rs `NoSwapWithUuid`; lp_swap.rs flat errors.
    mmrpc('max_maker_vol', { coin: 'NOPE' }, ['coin'], 'NoSuchCoin'),
    mmrpc('trade_preimage', preimage, ['base', 'rel', 'swap_method', 'price'], 'NoSuchCoin'),
    legacy('trade_preimage', preimage, ['base', 'rel', 'swap_method', 'price'], 'error'),
    mmrpc('my_swap_status', { uuid: NOBODY }, ['uuid'], 'NoSwapWithUuid'),
    legacy('my_swap_status', { params: { uuid: NOBODY } }, ['params'], 'error'),
    mmrpc('my_recent_swaps', { limit: 5, page_number: 1, my_coin: 'DOC' }, [], 'success'),
    mmrpc('active_swaps', { include_status: true }, [], 'success'),
    legacy('max_taker_vol', { coin: 'NOPE', trade_with: 'DOC' }, ['coin'], 'error'),
    // activation (coins_activation): no such coin in the coins file.
    mmrpc('enable_erc20', { ticker: 'NOPE-ERC20', activation_params: { required_confirmations: 3 } }, ['ticker', 'activation_params'], 'TokenConfigIsNotFound'),
    mmrpc(
      'task::enable_utxo::init',
      { ticker: 'NOPE', activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: 'wss://electrum.invalid:50004' }] } }, tx_history: false } },
      ['ticker', 'activation_params'],
      'CoinConfigIsNotFound',
    ),
    mmrpc(
      'enable_eth_with_tokens',
      { ticker: 'NOPE', swap_contract_address: `0x${'11'.repeat(20)}`, erc20_tokens_requests: [], get_balances: true },
      ['ticker', 'swap_contract_address', 'erc20_tokens_requests'],
      'PlatformConfigIsNotFound',
    ),
    // coins: DOC enabled with nothing to spend (lp_coins.rs `WithdrawError::NotSufficientBalance`).
    legacy('my_balance', { coin: 'DOC' }, ['coin'], 'success'),
    legacy('validateaddress', { coin: 'DOC', address: docAddress }, ['coin', 'address'], 'success'),
    legacy('convertaddress', { coin: 'DOC', from: docAddress, to_address_format: { format: 'standard' } }, ['coin', 'from', 'to_address_format'], 'success'),
    mmrpc('withdraw', withdraw, ['coin', 'to', 'amount'], 'NotSufficientBalance'),
    legacy('withdraw', withdraw, ['coin', 'to', 'amount'], 'error'),
    mmrpc('sign_message', { coin: 'DOC', message: 'typed params' }, ['coin', 'message'], 'success'),
    mmrpc('get_eth_estimated_fee_per_gas', { coin: 'DOC', estimator_type: 'Simple' }, ['coin', 'estimator_type'], 'CoinNotSupported'),
    mmrpc('my_tx_history', { coin: 'DOC', limit: 5, paging_options: { PageNumber: 1 }, target: { type: 'iguana' } }, ['coin'], 'success'),
    // More of coins, on DOC: the fake server knows no transaction nor header range (`RawTransactionError::Transport`,
    // `GetCurrentMtpError::RpcError`); the wallet is no HD wallet (`GetNewAddressRpcError::CoinIsActivatedNotWithHDWallet`).
    legacy('my_tx_history', { coin: 'DOC', limit: 5, page_number: 1 }, ['coin'], 'success'),
    legacy('show_priv_key', { coin: 'DOC' }, ['coin'], 'success'),
    legacy('send_raw_transaction', { coin: 'DOC', tx_hex: '00' }, ['coin', 'tx_hex'], 'error'),
    legacy('kmd_rewards_info', {}, [], 'error'),
    mmrpc('get_current_mtp', { coin: 'DOC' }, ['coin'], 'RpcError'),
    mmrpc('get_raw_transaction', { coin: 'DOC', tx_hash: 'ab'.repeat(32) }, ['coin', 'tx_hash'], 'Transport'),
    mmrpc('verify_message', { coin: 'DOC', message: 'typed params', signature: 'AA==', address: docAddress }, ['coin', 'message', 'signature', 'address'], 'SignatureDecodingError'),
    mmrpc('get_new_address', { coin: 'DOC', account_id: 0, chain: 'External' }, ['coin', 'account_id'], 'CoinIsActivatedNotWithHDWallet'),
    mmrpc('task::account_balance::init', { coin: 'DOC', account_index: 0 }, ['coin', 'account_index'], 'success'),
    mmrpc('task::create_new_account::init', { coin: 'DOC', scan: false }, ['coin'], 'success'),
    mmrpc('task::withdraw::status', { task_id: TASK }, ['task_id'], 'NoSuchTask'),
    mmrpc('task::withdraw::cancel', { task_id: TASK }, ['task_id'], 'NoSuchTask'),
    // No streamer to disable (disable.rs `DisableError`); no swap to page from (lp_swap.rs `FromUuidNotFound`).
    mmrpc('stream::disable', { client_id: 0, streamer_id: 'BALANCE:DOC' }, ['client_id', 'streamer_id'], 'DisableError'),
    legacy('my_recent_swaps', { limit: 5, from_uuid: NOBODY }, [], 'error', { minimalAnswer: 'success' }),
    legacy('active_swaps', { include_status: true }, [], 'success'),
    // orders: lp_ordermatch.rs / legacy.rs `disable_coin` answer a flat error for a coin not enabled.
    legacy('disable_coin', { coin: 'NOPE', force_disable: false }, ['coin'], 'error'),
  ];
};

/** Requests to the orders domain of a node with RLTC1 and RLTC2 (100 each) and no peers. */
const ordersCases = (): Case[] => [
  // lp_ordermatch.rs `set_price`: without `volume` (default 0) the order is under the minimum volume.
  legacy('setprice', { base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '1', cancel_previous: true, base_confs: 2 }, ['base', 'rel', 'price'], 'success', {
    minimalAnswer: 'error',
  }),
  legacy('sell', { base: 'RLTC1', rel: 'RLTC2', price: '0.5', volume: '1', timeout: 5, match_by: { type: 'Any' }, order_type: { type: 'GoodTillCancelled' } }, ['base', 'rel', 'price', 'volume'], 'success'),
  legacy('buy', { base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '1', min_volume: '0.5' }, ['base', 'rel', 'price', 'volume'], 'success'),
  legacy('best_orders', { coin: 'RLTC1', action: 'buy', volume: '1' }, ['coin', 'action', 'volume'], 'success'),
  mmrpc('best_orders', { coin: 'RLTC1', action: 'sell', request_by: { type: 'number', value: 3 }, exclude_mine: true }, ['coin', 'action', 'request_by'], 'success'),
  legacy('update_maker_order', { uuid: NOBODY, new_price: '3' }, ['uuid'], 'error'),
  legacy('cancel_order', { uuid: NOBODY }, ['uuid'], 'error'),
  legacy('order_status', { uuid: NOBODY }, ['uuid'], 'error'),
  legacy('cancel_all_orders', { cancel_by: { type: 'Pair', data: { base: 'RLTC1', rel: 'RLTC2' } } }, ['cancel_by'], 'success'),
  mmrpc('orderbook', { base: 'RLTC1', rel: 'RLTC2' }, ['base', 'rel'], 'success'),
  legacy('orderbook', { base: 'RLTC1', rel: 'RLTC2', limit: 10 }, ['base', 'rel'], 'success'),
  legacy('orderbook_depth', { pairs: [['RLTC1', 'RLTC2']] }, ['pairs'], 'success'),
  legacy('orders_history_by_filter', { base: 'RLTC1', include_details: true, limit: 5 }, [], 'success'),
];

/** Sends one JSON request body, answers the HTTP status and body. */
type Send = (body: Record<string, unknown>) => Promise<{ status: number; body: unknown }>;

interface Outcome {
  answer: string;
  /** The error text, empty on success. */
  message: string;
}

async function request(send: Send, c: Case, params: Record<string, unknown>): Promise<Outcome> {
  const body = c.format === 'mmrpc' ? { mmrpc: '2.0', method: c.method, params, id: 1 } : { method: c.method, ...params };
  const reply = await send(body);
  const { error, error_type: errorType } = reply.body as { error?: unknown; error_type?: unknown };
  const failed = reply.status !== 200 || error !== undefined;
  const answer = !failed ? 'success' : c.format === 'mmrpc' ? String(errorType) : 'error';
  return { answer, message: typeof error === 'string' ? error : '' };
}

const pick = (params: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, params[k]]));
const without = (params: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(params).filter(([k]) => k !== key));

/** Each case's answer in full, and with only its required keys. */
async function answers(send: Send, cases: Case[]): Promise<unknown[]> {
  const out = [];
  for (const c of cases) {
    const full = await request(send, c, c.params);
    const minimal = await request(send, c, pick(c.params, c.required));
    out.push({ method: c.method, format: c.format, full: full.answer, minimal: minimal.answer });
  }
  return out;
}

const expectedAnswers = (cases: Case[]) =>
  cases.map((c) => ({ method: c.method, format: c.format, full: c.answer, minimal: c.minimalAnswer ?? c.answer }));

/** For each required key, whether its absence is refused with a text naming it. */
async function refusals(send: Send, cases: Case[]): Promise<unknown[]> {
  const out = [];
  for (const c of cases) {
    for (const key of c.required) {
      const refused = await request(send, c, without(c.params, key));
      out.push({ method: c.method, format: c.format, key, refused: refused.answer !== 'success' && refused.message.includes(key) });
    }
  }
  return out;
}

const expectedRefusals = (cases: Case[]) => cases.flatMap((c) => c.required.map((key) => ({ method: c.method, format: c.format, key, refused: true })));

describe('the params of the contract', () => {
  it('have an entry for every method, each format’s params, ParamsOf preferring mmrpc', () => {
    expectTypeOf<keyof MethodParams>().toEqualTypeOf<MethodName>();
    expectTypeOf<ParamsOf<'withdraw'>>().toEqualTypeOf<MmRpcParams<'withdraw'>>();
    expectTypeOf<ParamsOf<'setprice'>>().toEqualTypeOf<LegacyParams<'setprice'>>();
    expectTypeOf<LegacyParams<'my_swap_status'>>().toEqualTypeOf<{ params: { uuid: string } }>();
    expectTypeOf<MmRpcParams<'my_swap_status'>>().toEqualTypeOf<{ uuid: string }>();
  });

  it('are checked below for methods of every domain', () => {
    const checked = new Set([...nodeCases(), ...ordersCases()].map((c) => c.method));
    const domains = { activationMethods, coinsMethods, hwMethods, lifecycleMethods, mmbotMethods, ordersMethods, streamsMethods, swapsMethods, walletMethods };
    const unchecked = Object.entries(domains).filter(([, methods]) => !Object.keys(methods).some((m) => checked.has(m)));
    expect(unchecked.map(([name]) => name)).toEqual([]);
  });

  describe('on a node', () => {
    let t: TestNode;
    let server: FakeElectrumServer;
    const send: Send = (body) => t.host.handleRpc({ userpass: RPC_PASSWORD, ...body });

    beforeAll(async () => {
      server = await FakeElectrumServer.start({
        handlers: {
          'blockchain.scripthash.listunspent': () => [],
          'blockchain.scripthash.get_history': () => [],
          'blockchain.estimatefee': () => 0.00001,
          'blockchain.relayfee': () => 0.00001,
          'blockchain.block.header': () => '00'.repeat(80),
        },
      });
      t = await startedNode();
      const electrum: LegacyParams<'electrum'> = { coin: 'DOC', servers: [{ url: server.url, protocol: 'WS' }], tx_history: false };
      const reply = await send({ method: 'electrum', ...electrum });
      expect(reply.status).toBe(200);
      docAddress = (reply.body as { address: string }).address;
    });

    afterAll(async () => {
      await t?.host.handleControl({ op: 'stop' });
      await server?.stop();
    });

    it('each request is answered as KDF answers it, with only its required keys too', async () => {
      expect(await answers(send, nodeCases())).toEqual(expectedAnswers(nodeCases()));
    });

    it('each key KDF requires is refused when absent, naming it', async () => {
      expect(await refusals(send, nodeCases())).toEqual(expectedRefusals(nodeCases()));
    });
  });

  describe('on the orders domain', () => {
    let node: OrdersNode;
    const PASS = 'params-Test-pass1!';
    let send: Send;

    beforeAll(async () => {
      node = await startTestNode(new Bus(), { balances: { RLTC1: '100', RLTC2: '100' } });
      const ctx = { conf: { netid: 7777 }, coinsConfig: CONFIGS, enabledCoins: node.coins, orders: node.service, platform: { now: () => Date.now() } } as unknown as NodeContext;
      const dispatcher = new Dispatcher(ctx, new Authenticator(PASS, () => Date.now()), allHandlers);
      send = (body) => dispatcher.dispatch({ userpass: PASS, ...body });
    });

    afterAll(async () => {
      await node?.service.stop();
    });

    it('each request is answered as KDF answers it, with only its required keys too', async () => {
      expect(await answers(send, ordersCases())).toEqual(expectedAnswers(ordersCases()));
    });

    it('each key KDF requires is refused when absent, naming it', async () => {
      expect(await refusals(send, ordersCases())).toEqual(expectedRefusals(ordersCases()));
    });
  });
});
