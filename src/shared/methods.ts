/**
 * The node's method table: for every method, the request formats it answers, whether it needs
 * `userpass`, and the other names it answers to. The dispatcher wires handlers to these entries;
 * a method without an entry answers `NoSuchMethod`.
 */

export type RpcFormat = 'legacy' | 'mmrpc';

export interface MethodSpec {
  /** Canonical name (the spec's spelling). */
  name: string;
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
  { name: 'get_enabled_coins', formats: LEGACY, auth: true },
  { name: 'stop', formats: LEGACY, auth: true },
  { name: 'get_wallet_names', formats: MMRPC, auth: true },
  { name: 'electrum', formats: LEGACY, auth: true },
  { name: 'enable', formats: LEGACY, auth: true },
  { name: 'my_balance', formats: LEGACY, auth: true },
  { name: 'withdraw', formats: ['legacy', 'mmrpc'], auth: true },
  { name: 'send_raw_transaction', formats: LEGACY, auth: true },
  { name: 'disable_coin', formats: LEGACY, auth: true },
  { name: 'my_tx_history', formats: LEGACY, auth: true },
  { name: 'setprice', formats: LEGACY, auth: true },
  { name: 'update_maker_order', formats: LEGACY, auth: true },
  { name: 'sell', formats: LEGACY, auth: true },
  { name: 'buy', formats: LEGACY, auth: true },
  { name: 'cancel_order', formats: LEGACY, auth: true },
  { name: 'cancel_all_orders', formats: LEGACY, auth: true },
  { name: 'my_orders', formats: LEGACY, auth: true },
  { name: 'orderbook', formats: LEGACY, auth: false },
  { name: 'best_orders', formats: ['legacy', 'mmrpc'], auth: true },
  { name: 'trade_preimage', formats: ['legacy', 'mmrpc'], auth: true },
  { name: 'max_taker_vol', formats: LEGACY, auth: true },
  { name: 'my_swap_status', formats: ['legacy', 'mmrpc'], auth: true },
  { name: 'my_recent_swaps', formats: ['legacy', 'mmrpc'], auth: true },
  { name: 'active_swaps', formats: ['legacy', 'mmrpc'], auth: true },
  { name: 'recover_funds_of_swap', formats: LEGACY, auth: true },
  { name: 'import_swaps', formats: LEGACY, auth: true },
  /** Ours, not KDF's: every stored swap as a rescue file for `import_swaps`. */
  { name: 'export_swaps', formats: LEGACY, auth: true },
  { name: 'get_locked_amount', formats: MMRPC, auth: true },
  ...['init', 'status', 'user_action', 'cancel'].map((op) => ({ name: `task::withdraw::${op}`, formats: MMRPC, auth: true })),
  ...['init', 'status', 'user_action', 'cancel'].map((op) => ({
    name: `task::init_hwdevice::${op}`,
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

/** Whether a method name is public (needs no userpass) in KDF's sense; unknown methods are not. */
export function isPublicMethod(name: string, format: RpcFormat): boolean {
  const spec = findMethod(name, format);
  return spec !== undefined && !spec.auth;
}
