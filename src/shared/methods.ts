/**
 * The node's method table: for every method, the request formats it answers, whether it needs
 * `userpass`, and the other names it answers to. The dispatcher wires handlers to these entries;
 * a method without an entry answers `NoSuchMethod`.
 */
import type { MethodName } from './contract';

export type RpcFormat = 'legacy' | 'mmrpc';

export interface MethodSpec {
  /** Canonical name (the spec's spelling): a method of the RPC contract, or the table does not compile. */
  name: MethodName;
  formats: readonly RpcFormat[];
  /** false for KDF's PUBLIC_METHODS (e.g. `version`, `orderbook`). */
  auth: boolean;
  /** KDF's spellings accepted as well, e.g. `task::init_trezor::init`. */
  aliases?: readonly string[];
}

const LEGACY = ['legacy'] as const;
const MMRPC = ['mmrpc'] as const;

export const METHOD_TABLE: readonly MethodSpec[] = [
  { name: 'version', formats: LEGACY, auth: false },
  { name: 'get_enabled_coins', formats: ['legacy', 'mmrpc'], auth: true },
  { name: 'stop', formats: LEGACY, auth: true },
  /** Ours, not KDF's: how many stored records each domain could not read and skipped. */
  { name: 'get_storage_status', formats: MMRPC, auth: true },
  { name: 'watcher_status', formats: MMRPC, auth: true },
  { name: 'get_wallet_names', formats: MMRPC, auth: true },
  { name: 'get_mnemonic', formats: MMRPC, auth: true },
  { name: 'change_mnemonic_password', formats: MMRPC, auth: true },
  { name: 'delete_wallet', formats: MMRPC, auth: true },
  { name: 'get_new_address', formats: MMRPC, auth: true },
  ...(['init', 'status', 'cancel'] as const).map((op) => ({ name: `task::account_balance::${op}` as const, formats: MMRPC, auth: true })),
  ...(['init', 'status', 'cancel'] as const).map((op) => ({ name: `task::create_new_account::${op}` as const, formats: MMRPC, auth: true })),
  { name: 'stream::balance::enable', formats: MMRPC, auth: true },
  { name: 'stream::tx_history::enable', formats: MMRPC, auth: true },
  { name: 'stream::disable', formats: MMRPC, auth: true },
  { name: 'electrum', formats: LEGACY, auth: true },
  { name: 'enable', formats: LEGACY, auth: true },
  { name: 'my_balance', formats: LEGACY, auth: true },
  { name: 'withdraw', formats: ['legacy', 'mmrpc'], auth: true },
  { name: 'send_raw_transaction', formats: LEGACY, auth: true },
  { name: 'disable_coin', formats: LEGACY, auth: true },
  { name: 'my_tx_history', formats: ['legacy', 'mmrpc'], auth: true },
  { name: 'setprice', formats: LEGACY, auth: true },
  { name: 'update_maker_order', formats: LEGACY, auth: true },
  { name: 'sell', formats: LEGACY, auth: true },
  { name: 'buy', formats: LEGACY, auth: true },
  { name: 'cancel_order', formats: LEGACY, auth: true },
  { name: 'cancel_all_orders', formats: LEGACY, auth: true },
  { name: 'my_orders', formats: LEGACY, auth: true },
  { name: 'orderbook', formats: ['legacy', 'mmrpc'], auth: false },
  { name: 'best_orders', formats: ['legacy', 'mmrpc'], auth: true },
  { name: 'trade_preimage', formats: ['legacy', 'mmrpc'], auth: true },
  { name: 'max_taker_vol', formats: LEGACY, auth: true },
  { name: 'max_maker_vol', formats: MMRPC, auth: true },
  { name: 'min_trading_vol', formats: LEGACY, auth: true },
  { name: 'get_trade_fee', formats: LEGACY, auth: true },
  { name: 'orderbook_depth', formats: LEGACY, auth: true },
  { name: 'order_status', formats: LEGACY, auth: true },
  { name: 'orders_history_by_filter', formats: LEGACY, auth: true },
  { name: 'get_my_peer_id', formats: LEGACY, auth: true },
  { name: 'coins_needed_for_kick_start', formats: LEGACY, auth: true },
  { name: 'my_swap_status', formats: ['legacy', 'mmrpc'], auth: true },
  { name: 'my_recent_swaps', formats: ['legacy', 'mmrpc'], auth: true },
  { name: 'active_swaps', formats: ['legacy', 'mmrpc'], auth: true },
  { name: 'recover_funds_of_swap', formats: LEGACY, auth: true },
  { name: 'import_swaps', formats: LEGACY, auth: true },
  /** Ours, not KDF's: every stored swap as a rescue file for `import_swaps`. */
  { name: 'export_swaps', formats: LEGACY, auth: true },
  { name: 'get_locked_amount', formats: MMRPC, auth: true },
  { name: 'start_simple_market_maker_bot', formats: MMRPC, auth: true },
  { name: 'stop_simple_market_maker_bot', formats: MMRPC, auth: true },
  { name: 'validateaddress', formats: LEGACY, auth: true },
  { name: 'convertaddress', formats: LEGACY, auth: true },
  { name: 'show_priv_key', formats: LEGACY, auth: true },
  { name: 'get_public_key', formats: MMRPC, auth: true },
  { name: 'get_public_key_hash', formats: MMRPC, auth: true },
  { name: 'sign_message', formats: MMRPC, auth: true },
  { name: 'verify_message', formats: MMRPC, auth: true },
  { name: 'get_raw_transaction', formats: MMRPC, auth: true },
  { name: 'get_current_mtp', formats: MMRPC, auth: true },
  { name: 'get_eth_estimated_fee_per_gas', formats: MMRPC, auth: true },
  { name: 'kmd_rewards_info', formats: LEGACY, auth: true },
  { name: 'enable_eth_with_tokens', formats: MMRPC, auth: true },
  { name: 'enable_erc20', formats: MMRPC, auth: true },
  { name: 'trezor_connection_status', formats: MMRPC, auth: true },
  ...(['init', 'status', 'user_action', 'cancel'] as const).flatMap((op) => [
    { name: `task::enable_utxo::${op}` as const, formats: MMRPC, auth: true },
    { name: `task::enable_eth::${op}` as const, formats: MMRPC, auth: true },
  ]),
  ...(['init', 'status', 'user_action', 'cancel'] as const).map((op) => ({ name: `task::withdraw::${op}` as const, formats: MMRPC, auth: true })),
  ...(['init', 'status', 'user_action', 'cancel'] as const).map((op) => ({
    name: `task::init_hwdevice::${op}` as const,
    formats: MMRPC,
    auth: true,
    aliases: [`task::init_trezor::${op}`],
  })),
];

const byName = new Map<string, MethodSpec>();
for (const spec of METHOD_TABLE) {
  byName.set(spec.name, spec);
  for (const alias of spec.aliases ?? []) byName.set(alias, spec);
}

/** Looks a method up by its name or an alias, in the given request format. */
export function findMethod(name: string, format: RpcFormat): MethodSpec | undefined {
  const spec = byName.get(name);
  return spec && spec.formats.includes(format) ? spec : undefined;
}

/**
 * Whether a method name is public (needs no userpass) in KDF's sense: KDF's PUBLIC_METHODS is a list
 * of names that both dispatchers consult, so a public name is public in either format, even where it
 * has no handler (mmrpc `version` answers NoSuchMethod, not UserpassIsNotSet). Unknown names are not.
 */
export function isPublicMethod(name: string): boolean {
  const spec = byName.get(name);
  return spec !== undefined && !spec.auth;
}
