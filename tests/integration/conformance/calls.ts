/**
 * One valid and at least one failing request for every method of the node, in each format it
 * serves, in an order that builds the state the next ones need (an order to cancel, a withdraw to
 * broadcast, a task to query). Each call names the node it goes to: `maker` and `taker` are order
 * nodes on the devnet's seed node (RLTC1 and RLTC2 funded), `solo` a wallet node without peers,
 * `hd` a named HD wallet (BIP39 mnemonic, `enable_hd`).
 */
import { devnet } from '../devnet/daemon';
import { HD_WALLET, OLD_WALLET, WALLET_PASSWORD } from './hdNode';

export type NodeName = 'maker' | 'taker' | 'solo' | 'hd';

const NEW_PASSWORD = 'Conformance-Pass-2!';
export type Outcome = 'success' | 'error';

/** What earlier answers left for later requests: uuids, task ids, addresses, a signed tx. */
export type Memo = Record<string, string | number>;

export interface Call {
  node: NodeName;
  method: string;
  format: 'legacy' | 'mmrpc';
  outcome: Outcome;
  /** The request's arguments (legacy) or `params` (mmrpc); may read what earlier calls kept. */
  args: (memo: Memo) => Record<string, unknown>;
  /** Keeps parts of a success answer for later calls. */
  keep?: (body: Record<string, unknown>, memo: Memo) => void;
  /** The rpc password sent: the node's unless given; null sends none. */
  userpass?: string | null;
  /** A task started by this call ends on its own: wait for its final status before the next call. */
  settle?: boolean;
  /** Repeat the call (bounded) until its answer shows this, e.g. a peer's order reached the book. */
  until?: (body: Record<string, unknown>) => boolean;
}

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
const NOPE = { coin: 'NOPE' };
const result = (b: Record<string, unknown>) => b.result as Record<string, unknown>;

const ok = (node: NodeName, format: Call['format'], method: string, args: Call['args'] = () => ({}), keep?: Call['keep']): Call => ({
  node, method, format, outcome: 'success', args, keep,
});
const bad = (node: NodeName, format: Call['format'], method: string, args: Call['args'] = () => ({})): Call => ({
  node, method, format, outcome: 'error', args,
});
/** A call without the rpc password: the dispatcher's own error. */
const unauthorized = (node: NodeName, format: Call['format'], method: string): Call => ({ ...bad(node, format, method), userpass: null });
const settled = (call: Call): Call => ({ ...call, settle: true });
/** Servers that take connections and never answer (started by the test): activations on them wait until cancelled. */
const silentUtxo = (ticker: string) => (m: Memo) => ({ ...utxoTask(ticker), activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: m.silentWs, protocol: 'WS' }] } } } });
const silentEth = (m: Memo) => ({ ...ethTask([]), nodes: [{ url: m.silentHttp }] });

/** KDF's `SimpleCoinMarketMakerCfg` for the devnet's pair. */
const botPair = (enable: boolean) => ({ base: 'RLTC1', rel: 'RLTC2', spread: '1.025', max: true, enable });

const utxoTask = (ticker: string) => ({
  ticker,
  activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: devnet().coins[ticker]?.servers } }, priv_key_policy: 'ContextPrivKey' },
});
const ethTask = (tokens: string[]) => ({
  ticker: 'ETHDEV',
  nodes: devnet().coins.ETHDEV.urls.map((url: string) => ({ url })),
  swap_contract_address: devnet().coins.ETHDEV.swap_contract_address,
  fallback_swap_contract: devnet().coins.ETHDEV.fallback_swap_contract,
  erc20_tokens_requests: tokens.map((ticker) => ({ ticker })),
  priv_key_policy: { type: 'ContextPrivKey' },
});
const taskId = (key: string) => (m: Memo) => ({ task_id: m[key], forget_if_finished: false });
const keepTask = (key: string) => (b: Record<string, unknown>, m: Memo) => { m[key] = result(b).task_id as number; };

export const CALLS: Call[] = [
  ok('solo', 'legacy', 'version'),
  bad('solo', 'mmrpc', 'version'),
  ok('solo', 'mmrpc', 'get_wallet_names'),
  unauthorized('solo', 'mmrpc', 'get_wallet_names'),
  // activation
  settled(ok('solo', 'mmrpc', 'task::enable_utxo::init', () => utxoTask('RLTC1'), keepTask('utxoTask'))),
  ok('solo', 'mmrpc', 'task::enable_utxo::status', taskId('utxoTask')),
  bad('solo', 'mmrpc', 'task::enable_utxo::status', () => ({ task_id: 987654, forget_if_finished: false })),
  bad('solo', 'mmrpc', 'task::enable_utxo::init', () => utxoTask('NOPE')),
  bad('solo', 'mmrpc', 'task::enable_utxo::user_action', () => ({ task_id: 987654, user_action: { action_type: 'TrezorPin', pin: '1' } })),
  bad('solo', 'mmrpc', 'task::enable_utxo::cancel', () => ({ task_id: 987654 })),
  ok('solo', 'mmrpc', 'task::enable_utxo::init', silentUtxo('RLTC2-segwit'), keepTask('silentUtxoTask')),
  ok('solo', 'mmrpc', 'task::enable_utxo::cancel', (m) => ({ task_id: m.silentUtxoTask })),
  ok('solo', 'mmrpc', 'task::enable_eth::init', silentEth, keepTask('silentEthTask')),
  ok('solo', 'mmrpc', 'task::enable_eth::cancel', (m) => ({ task_id: m.silentEthTask })),
  ok('solo', 'legacy', 'electrum', () => ({ coin: 'RLTC2', servers: devnet().coins.RLTC2?.servers })),
  bad('solo', 'legacy', 'electrum', () => ({ coin: 'NOPE', servers: [] })),
  ok('solo', 'legacy', 'enable', () => ({ coin: 'ETHDEV', ...devnet().coins.ETHDEV })),
  ok('solo', 'legacy', 'enable', () => ({ coin: 'DEVT18-ERC20', ...devnet().coins['DEVT18-ERC20'] })),
  bad('solo', 'legacy', 'enable', () => ({ coin: 'NOPE' })),
  settled(ok('maker', 'mmrpc', 'task::enable_eth::init', () => ethTask(['DEVT18-ERC20']), keepTask('ethTask'))),
  ok('maker', 'mmrpc', 'task::enable_eth::status', taskId('ethTask')),
  bad('maker', 'mmrpc', 'task::enable_eth::status', () => ({ task_id: 987654, forget_if_finished: false })),
  bad('maker', 'mmrpc', 'task::enable_eth::init', () => ethTask([])),
  bad('maker', 'mmrpc', 'task::enable_eth::user_action', () => ({ task_id: 987654, user_action: { action_type: 'TrezorPin', pin: '1' } })),
  bad('maker', 'mmrpc', 'task::enable_eth::cancel', () => ({ task_id: 987654 })),
  ok('taker', 'mmrpc', 'enable_eth_with_tokens', () => ethTask(['DEVT18-ERC20'])),
  bad('taker', 'mmrpc', 'enable_eth_with_tokens', () => ethTask([])),
  ok('taker', 'mmrpc', 'enable_erc20', () => ({ ticker: 'DEVT6-ERC20', activation_params: {} })),
  bad('taker', 'mmrpc', 'enable_erc20', () => ({ ticker: 'NOPE-ERC20', activation_params: {} })),
  ok('solo', 'legacy', 'get_enabled_coins'),
  unauthorized('solo', 'legacy', 'get_enabled_coins'),
  ok('solo', 'mmrpc', 'get_enabled_coins'),
  unauthorized('solo', 'mmrpc', 'get_enabled_coins'),
  // wallet
  ok('maker', 'legacy', 'my_balance', () => ({ coin: 'RLTC1' }), (b, m) => { m.address = b.address as string; }),
  bad('maker', 'legacy', 'my_balance', () => NOPE),
  ok('maker', 'legacy', 'validateaddress', (m) => ({ coin: 'RLTC1', address: m.address })),
  bad('maker', 'legacy', 'validateaddress', (m) => ({ coin: 'NOPE', address: m.address })),
  ok('maker', 'legacy', 'convertaddress', (m) => ({ coin: 'RLTC1', from: m.address, to_address_format: { format: 'standard' } })),
  bad('maker', 'legacy', 'convertaddress', (m) => ({ coin: 'NOPE', from: m.address, to_address_format: { format: 'standard' } })),
  ok('maker', 'legacy', 'show_priv_key', () => ({ coin: 'RLTC1' })),
  bad('maker', 'legacy', 'show_priv_key', () => NOPE),
  ok('maker', 'mmrpc', 'get_public_key'),
  unauthorized('maker', 'mmrpc', 'get_public_key'),
  ok('maker', 'mmrpc', 'get_public_key_hash'),
  unauthorized('maker', 'mmrpc', 'get_public_key_hash'),
  ok('maker', 'mmrpc', 'get_storage_status'),
  unauthorized('maker', 'mmrpc', 'get_storage_status'),
  ok('maker', 'mmrpc', 'watcher_status'),
  unauthorized('maker', 'mmrpc', 'watcher_status'),
  ok('maker', 'mmrpc', 'sign_message', () => ({ coin: 'ETHDEV', message: 'conformance' }), (b, m) => { m.signature = result(b).signature as string; }),
  bad('maker', 'mmrpc', 'sign_message', () => ({ coin: 'NOPE', message: 'x' })),
  ok('maker', 'mmrpc', 'verify_message', (m) => ({ coin: 'ETHDEV', message: 'conformance', signature: m.signature, address: '0x0000000000000000000000000000000000000001' })),
  bad('maker', 'mmrpc', 'verify_message', () => ({ coin: 'NOPE', message: 'x', signature: 'x', address: 'x' })),
  ok('maker', 'mmrpc', 'get_current_mtp', () => ({ coin: 'RLTC1' })),
  bad('maker', 'mmrpc', 'get_current_mtp', () => NOPE),
  ok('maker', 'mmrpc', 'get_eth_estimated_fee_per_gas', () => ({ coin: 'ETHDEV', estimator_type: 'Simple' })),
  bad('maker', 'mmrpc', 'get_eth_estimated_fee_per_gas', () => ({ coin: 'NOPE', estimator_type: 'Simple' })),
  // The devnet has no KMD chain: KDF's flat `KMD is not activated`.
  bad('maker', 'legacy', 'kmd_rewards_info'),
  ok('maker', 'legacy', 'withdraw', (m) => ({ coin: 'RLTC1', to: m.address, amount: '0.1' }), (b, m) => { m.txHex = b.tx_hex as string; }),
  bad('maker', 'legacy', 'withdraw', (m) => ({ coin: 'RLTC1', to: m.address, amount: '500' })),
  ok('maker', 'mmrpc', 'withdraw', (m) => ({ coin: 'RLTC1', to: m.address, amount: '0.1' })),
  bad('maker', 'mmrpc', 'withdraw', (m) => ({ coin: 'NOPE', to: m.address, amount: '0.1' })),
  ok('maker', 'legacy', 'send_raw_transaction', (m) => ({ coin: 'RLTC1', tx_hex: m.txHex }), (b, m) => { m.txHash = b.tx_hash as string; }),
  bad('maker', 'legacy', 'send_raw_transaction', () => ({ coin: 'RLTC1', tx_hex: '00' })),
  ok('maker', 'mmrpc', 'get_raw_transaction', (m) => ({ coin: 'RLTC1', tx_hash: m.txHash })),
  bad('maker', 'mmrpc', 'get_raw_transaction', () => ({ coin: 'NOPE', tx_hash: '00'.repeat(32) })),
  settled(ok('maker', 'mmrpc', 'task::withdraw::init', (m) => ({ coin: 'RLTC1', to: m.address, amount: '0.1' }), keepTask('withdrawTask'))),
  ok('maker', 'mmrpc', 'task::withdraw::status', taskId('withdrawTask')),
  bad('maker', 'mmrpc', 'task::withdraw::status', () => ({ task_id: 987654, forget_if_finished: false })),
  bad('maker', 'mmrpc', 'task::withdraw::init', (m) => ({ coin: 'NOPE', to: m.address, amount: '0.1' })),
  bad('maker', 'mmrpc', 'task::withdraw::user_action', () => ({ task_id: 987654, user_action: { action_type: 'TrezorPin', pin: '1' } })),
  bad('maker', 'mmrpc', 'task::withdraw::cancel', () => ({ task_id: 987654 })),
  ok('maker', 'legacy', 'my_tx_history', () => ({ coin: 'RLTC1' })),
  bad('maker', 'legacy', 'my_tx_history', () => NOPE),
  ok('maker', 'mmrpc', 'my_tx_history', () => ({ coin: 'RLTC1', paging_options: { PageNumber: 1 } })),
  bad('maker', 'mmrpc', 'my_tx_history', () => NOPE),
  // hardware wallets (none here)
  settled(ok('solo', 'mmrpc', 'task::init_hwdevice::init', () => ({}), keepTask('hwTask'))),
  ok('solo', 'mmrpc', 'task::init_hwdevice::status', taskId('hwTask')),
  bad('solo', 'mmrpc', 'task::init_hwdevice::status', () => ({ task_id: 987654, forget_if_finished: false })),
  bad('solo', 'mmrpc', 'task::init_hwdevice::user_action', () => ({ task_id: 987654, user_action: { action_type: 'TrezorPin', pin: '1' } })),
  bad('solo', 'mmrpc', 'task::init_hwdevice::cancel', (m) => ({ task_id: m.hwTask })),
  bad('solo', 'mmrpc', 'task::init_hwdevice::cancel', () => ({ task_id: 987654 })),
  bad('solo', 'mmrpc', 'task::init_hwdevice::init', () => ({ device_pubkey: 'zz' })),
  bad('solo', 'mmrpc', 'trezor_connection_status'),
  bad('solo', 'mmrpc', 'trezor_connection_status', () => ({ device_pubkey: 7 })),
  // trading
  ok('maker', 'legacy', 'min_trading_vol', () => ({ coin: 'RLTC1' })),
  bad('maker', 'legacy', 'min_trading_vol', () => NOPE),
  ok('maker', 'legacy', 'get_trade_fee', () => ({ coin: 'RLTC1' })),
  bad('maker', 'legacy', 'get_trade_fee', () => NOPE),
  ok('maker', 'legacy', 'max_taker_vol', () => ({ coin: 'RLTC1' })),
  bad('maker', 'legacy', 'max_taker_vol', () => NOPE),
  ok('maker', 'mmrpc', 'max_maker_vol', () => ({ coin: 'RLTC1' })),
  bad('maker', 'mmrpc', 'max_maker_vol', () => NOPE),
  ok('maker', 'legacy', 'trade_preimage', () => ({ base: 'RLTC1', rel: 'RLTC2', swap_method: 'setprice', price: '1', volume: '0.5' })),
  bad('maker', 'legacy', 'trade_preimage', () => ({ base: 'RLTC1', rel: 'RLTC1', swap_method: 'setprice', price: '1', volume: '0.5' })),
  ok('maker', 'mmrpc', 'trade_preimage', () => ({ base: 'RLTC1', rel: 'RLTC2', swap_method: 'buy', price: '1', volume: '0.5' })),
  bad('maker', 'mmrpc', 'trade_preimage', () => ({ base: 'NOPE', rel: 'RLTC2', swap_method: 'setprice', price: '1', volume: '0.5' })),
  ok('maker', 'legacy', 'setprice', () => ({ base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '1' }), (b, m) => { m.makerUuid = result(b).uuid as string; }),
  bad('maker', 'legacy', 'setprice', () => ({ base: 'RLTC1', rel: 'RLTC2', price: '2', volume: '5000' })),
  ok('maker', 'legacy', 'update_maker_order', (m) => ({ uuid: m.makerUuid, new_price: '2.5' })),
  bad('maker', 'legacy', 'update_maker_order', () => ({ uuid: ZERO_UUID, new_price: '2.5' })),
  ok('maker', 'legacy', 'my_orders'),
  unauthorized('maker', 'legacy', 'my_orders'),
  ok('maker', 'legacy', 'order_status', (m) => ({ uuid: m.makerUuid })),
  bad('maker', 'legacy', 'order_status', () => ({ uuid: ZERO_UUID })),
  { ...ok('taker', 'legacy', 'orderbook', () => ({ base: 'RLTC1', rel: 'RLTC2' })), until: (b) => (b.asks as unknown[]).length > 0 },
  bad('taker', 'legacy', 'orderbook', () => ({ base: 'RLTC1', rel: 'RLTC1' })),
  ok('taker', 'mmrpc', 'orderbook', () => ({ base: 'RLTC1', rel: 'RLTC2' })),
  bad('taker', 'mmrpc', 'orderbook', () => ({ base: 'RLTC1', rel: 'RLTC1' })),
  ok('taker', 'legacy', 'orderbook_depth', () => ({ pairs: [['RLTC1', 'RLTC2']] })),
  bad('taker', 'legacy', 'orderbook_depth', () => ({ pairs: 'RLTC1' })),
  { ...ok('taker', 'legacy', 'best_orders', () => ({ coin: 'RLTC1', action: 'buy', volume: '0.1' })), until: (b) => Object.keys(result(b)).length > 0 },
  bad('taker', 'legacy', 'best_orders', () => ({ coin: 'RLTC1', action: 'lend', volume: '0.1' })),
  ok('taker', 'mmrpc', 'best_orders', () => ({ coin: 'RLTC1', action: 'buy', request_by: { type: 'number', value: 5 } })),
  bad('taker', 'mmrpc', 'best_orders', () => ({ coin: 'RLTC1', action: 'buy', request_by: { type: 'price', value: 1 } })),
  // taker orders priced far below the maker's ask: they wait, nothing matches
  ok('taker', 'legacy', 'buy', () => ({ base: 'RLTC1', rel: 'RLTC2', price: '0.5', volume: '0.2' }), (b, m) => { m.takerUuid = result(b).uuid as string; }),
  bad('taker', 'legacy', 'buy', () => ({ base: 'RLTC1', rel: 'RLTC2', price: '0.5', volume: '5000' })),
  ok('taker', 'legacy', 'sell', () => ({ base: 'RLTC2', rel: 'RLTC1', price: '2', volume: '0.1' })),
  bad('taker', 'legacy', 'sell', () => ({ base: 'NOPE', rel: 'RLTC1', price: '2', volume: '0.1' })),
  ok('taker', 'legacy', 'my_orders'),
  ok('taker', 'legacy', 'order_status', (m) => ({ uuid: m.takerUuid })),
  ok('taker', 'legacy', 'cancel_order', (m) => ({ uuid: m.takerUuid })),
  bad('taker', 'legacy', 'cancel_order', () => ({ uuid: ZERO_UUID })),
  ok('taker', 'legacy', 'cancel_all_orders', () => ({ cancel_by: { type: 'All' } })),
  bad('taker', 'legacy', 'cancel_all_orders', () => ({ cancel_by: { type: 'Nope' } })),
  ok('maker', 'legacy', 'orders_history_by_filter'),
  bad('maker', 'legacy', 'orders_history_by_filter', () => ({ limit: 'x' })),
  ok('maker', 'legacy', 'get_my_peer_id'),
  unauthorized('maker', 'legacy', 'get_my_peer_id'),
  ok('maker', 'legacy', 'coins_needed_for_kick_start'),
  unauthorized('maker', 'legacy', 'coins_needed_for_kick_start'),
  // swaps (none ran: the success forms are the empty ones)
  ok('maker', 'legacy', 'my_recent_swaps'),
  bad('maker', 'legacy', 'my_recent_swaps', () => ({ limit: 'x' })),
  ok('maker', 'mmrpc', 'my_recent_swaps'),
  bad('maker', 'mmrpc', 'my_recent_swaps', () => ({ limit: 'x' })),
  bad('maker', 'legacy', 'my_swap_status', () => ({ params: { uuid: ZERO_UUID } })),
  bad('maker', 'mmrpc', 'my_swap_status', () => ({ uuid: ZERO_UUID })),
  ok('maker', 'legacy', 'active_swaps', () => ({ include_status: true })),
  bad('maker', 'legacy', 'active_swaps', () => ({ include_status: 'x' })),
  ok('maker', 'mmrpc', 'active_swaps', () => ({ include_status: true })),
  bad('maker', 'mmrpc', 'active_swaps', () => ({ include_status: 'x' })),
  bad('maker', 'legacy', 'recover_funds_of_swap', () => ({ params: { uuid: ZERO_UUID } })),
  ok('maker', 'legacy', 'import_swaps', () => ({ swaps: [] })),
  bad('maker', 'legacy', 'import_swaps', () => ({ swaps: 'x' })),
  ok('maker', 'legacy', 'export_swaps'),
  unauthorized('maker', 'legacy', 'export_swaps'),
  ok('maker', 'mmrpc', 'get_locked_amount', () => ({ coin: 'RLTC1' })),
  bad('maker', 'mmrpc', 'get_locked_amount', () => NOPE),
  // the market-maker bot: a disabled pair asks no price source
  bad('maker', 'mmrpc', 'start_simple_market_maker_bot', () => ({ cfg: { 'RLTC1/RLTC2': botPair(false) }, price_url: 'http://192.0.2.1/tickers' })),
  ok('maker', 'mmrpc', 'start_simple_market_maker_bot', () => ({ cfg: { 'RLTC1/RLTC2': botPair(false) }, price_url: 'http://127.0.0.1:9/tickers' })),
  bad('maker', 'mmrpc', 'start_simple_market_maker_bot', () => ({ cfg: {} })),
  ok('maker', 'mmrpc', 'stop_simple_market_maker_bot'),
  bad('maker', 'mmrpc', 'stop_simple_market_maker_bot'),
  ok('maker', 'legacy', 'cancel_order', (m) => ({ uuid: m.makerUuid })),
  // wallet management, the HD account, event streams
  ok('hd', 'legacy', 'electrum', () => ({ coin: 'RLTC1', servers: devnet().coins.RLTC1?.servers, tx_history: true })),
  ok('hd', 'mmrpc', 'get_mnemonic', () => ({ format: 'plaintext', password: WALLET_PASSWORD })),
  bad('hd', 'mmrpc', 'get_mnemonic', () => ({ format: 'plaintext', password: NEW_PASSWORD })),
  ok('hd', 'mmrpc', 'change_mnemonic_password', () => ({ current_password: WALLET_PASSWORD, new_password: NEW_PASSWORD })),
  bad('hd', 'mmrpc', 'change_mnemonic_password', () => ({ current_password: WALLET_PASSWORD, new_password: NEW_PASSWORD })),
  bad('hd', 'mmrpc', 'delete_wallet', () => ({ wallet_name: HD_WALLET, password: NEW_PASSWORD })),
  ok('hd', 'mmrpc', 'delete_wallet', () => ({ wallet_name: OLD_WALLET, password: WALLET_PASSWORD })),
  ok('hd', 'mmrpc', 'get_new_address', () => ({ coin: 'RLTC1', account_id: 0 })),
  bad('hd', 'mmrpc', 'get_new_address', () => ({ coin: 'RLTC1', account_id: 3 })),
  bad('hd', 'mmrpc', 'get_new_address', () => NOPE),
  settled(ok('hd', 'mmrpc', 'task::account_balance::init', () => ({ coin: 'RLTC1', account_index: 0 }), keepTask('balanceTask'))),
  ok('hd', 'mmrpc', 'task::account_balance::status', taskId('balanceTask')),
  bad('hd', 'mmrpc', 'task::account_balance::status', () => ({ task_id: 987654, forget_if_finished: false })),
  bad('hd', 'mmrpc', 'task::account_balance::init', () => ({ coin: 'NOPE', account_index: 0 })),
  bad('hd', 'mmrpc', 'task::account_balance::cancel', () => ({ task_id: 987654 })),
  settled(ok('hd', 'mmrpc', 'task::create_new_account::init', () => ({ coin: 'RLTC1', account_id: 1, gap_limit: 5 }), keepTask('createTask'))),
  ok('hd', 'mmrpc', 'task::create_new_account::status', taskId('createTask')),
  bad('hd', 'mmrpc', 'task::create_new_account::status', () => ({ task_id: 987654, forget_if_finished: false })),
  bad('hd', 'mmrpc', 'task::create_new_account::init', () => ({ coin: 'NOPE' })),
  bad('hd', 'mmrpc', 'task::create_new_account::cancel', () => ({ task_id: 987654 })),
  ok('hd', 'mmrpc', 'stream::balance::enable', () => ({ coin: 'RLTC1' })),
  bad('hd', 'mmrpc', 'stream::balance::enable', () => NOPE),
  ok('hd', 'mmrpc', 'stream::tx_history::enable', () => ({ coin: 'RLTC1' })),
  bad('hd', 'mmrpc', 'stream::tx_history::enable', () => NOPE),
  ok('hd', 'mmrpc', 'stream::disable', () => ({ client_id: 0, streamer_id: 'BALANCE:RLTC1' })),
  bad('hd', 'mmrpc', 'stream::disable', () => ({ client_id: 0, streamer_id: 'BALANCE:RLTC1' })),
  // the end of a coin and of a node
  ok('solo', 'legacy', 'disable_coin', () => ({ coin: 'RLTC2' })),
  bad('solo', 'legacy', 'disable_coin', () => NOPE),
  { ...bad('solo', 'legacy', 'stop'), userpass: 'Wrong-Pass-1!' },
  ok('solo', 'legacy', 'stop'),
];

/**
 * Forms no call here reaches, each with why; the suite checks the method's other forms. Listed
 * explicitly so that a new method cannot go without both forms unnoticed.
 */
export const NOT_REACHED: Record<string, string> = {
  'legacy version error': 'public and without parameters: KDF has no failing flat version (its mmrpc form answers NoSuchMethod, checked)',
  'legacy my_swap_status success': "needs a swap: sdkRequests.test.ts checks a running swap's status (and my_recent_swaps with it) against these shapes",
  'mmrpc my_swap_status success': 'needs a swap',
  'legacy recover_funds_of_swap success': 'needs a finished swap with coins left in an HTLC',
  'mmrpc trezor_connection_status success': 'needs a Trezor: without one KDF answers TrezorNotInitialized (checked)',
  'mmrpc task::init_hwdevice::user_action success': 'needs a Trezor asking for its PIN',
  'mmrpc task::init_hwdevice::cancel success': 'without a Trezor the task ends at once: its cancel answers TaskFinished (checked)',
  'mmrpc task::enable_utxo::user_action success': 'asks only for a Trezor PIN',
  'mmrpc task::enable_eth::user_action success': 'asks only for a Trezor PIN',
  'mmrpc task::withdraw::user_action success': 'asks only for a Trezor PIN',
  'mmrpc task::withdraw::cancel success': 'a withdraw task ends within milliseconds on the devnet, before a cancel can reach it',
  'mmrpc task::account_balance::cancel success': 'the task ends within milliseconds on the devnet, before a cancel can reach it',
  'mmrpc task::create_new_account::cancel success': 'the task ends within milliseconds on the devnet, before a cancel can reach it',
  'legacy kmd_rewards_info success': 'needs an activated KMD, and the devnet has no Komodo chain (unit-tested against KDF\'s interest cases)',
};
