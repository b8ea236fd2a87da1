// Writes the RPC contract's shape modules (src/shared/contract/defs.ts and methods/<domain>.ts) from
// KDF's recorded answer shapes in tests/fixtures/kdf-shapes, so the two never drift: the fixtures are
// the source, the modules carry them `as const` for the compiler (a JSON import would widen every
// literal to `string`). `npm run contract:gen` writes them; tests/unit/shared/contract.test.ts fails
// when a written module differs from what this renders.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Each domain module: what its methods are about, and its methods in the order they are listed. */
export const DOMAINS = {
  lifecycle: {
    about: "the node's lifecycle",
    methods: ['version', 'stop', 'get_storage_status'],
  },
  wallet: {
    about: 'stored wallets and their mnemonics',
    methods: ['get_wallet_names', 'get_mnemonic', 'change_mnemonic_password', 'delete_wallet'],
  },
  hw: {
    about: 'hardware wallets',
    methods: [
      'trezor_connection_status',
      'task::init_hwdevice::init',
      'task::init_hwdevice::status',
      'task::init_hwdevice::user_action',
      'task::init_hwdevice::cancel',
    ],
  },
  streams: {
    about: 'event streams',
    methods: ['stream::balance::enable', 'stream::tx_history::enable', 'stream::disable'],
  },
  orders: {
    about: 'orders and orderbooks',
    methods: [
      'setprice', 'update_maker_order', 'sell', 'buy', 'cancel_order', 'cancel_all_orders', 'my_orders', 'orderbook',
      'best_orders', 'orderbook_depth', 'order_status', 'orders_history_by_filter', 'get_my_peer_id',
      'coins_needed_for_kick_start', 'disable_coin',
    ],
  },
  swaps: {
    about: 'swaps and their volumes and fees',
    methods: [
      'trade_preimage', 'max_taker_vol', 'max_maker_vol', 'min_trading_vol', 'get_trade_fee', 'my_swap_status',
      'my_recent_swaps', 'active_swaps', 'recover_funds_of_swap', 'import_swaps', 'export_swaps', 'get_locked_amount',
      'watcher_status',
    ],
  },
  mmbot: {
    about: "KDF's simple market-maker bot",
    methods: ['start_simple_market_maker_bot', 'stop_simple_market_maker_bot'],
  },
  activation: {
    about: 'coin activation',
    methods: [
      'electrum', 'enable', 'enable_eth_with_tokens', 'enable_erc20',
      ...['init', 'status', 'user_action', 'cancel'].map((op) => `task::enable_utxo::${op}`),
      ...['init', 'status', 'user_action', 'cancel'].map((op) => `task::enable_eth::${op}`),
    ],
  },
  coins: {
    about: 'coins: balances, addresses, withdraw, history, keys, messages, chain queries',
    methods: [
      'convertaddress', 'get_current_mtp', 'get_enabled_coins', 'get_eth_estimated_fee_per_gas', 'get_new_address',
      'get_public_key', 'get_public_key_hash', 'get_raw_transaction', 'kmd_rewards_info', 'my_balance', 'my_tx_history',
      'send_raw_transaction', 'show_priv_key', 'sign_message',
      ...['cancel', 'init', 'status'].map((op) => `task::account_balance::${op}`),
      ...['cancel', 'init', 'status'].map((op) => `task::create_new_account::${op}`),
      ...['cancel', 'init', 'status', 'user_action'].map((op) => `task::withdraw::${op}`),
      'validateaddress', 'verify_message', 'withdraw',
    ],
  },
};

const SHAPES = 'tests/fixtures/kdf-shapes';
const GENERATED = 'Written by scripts/contractGen.mjs from tests/fixtures/kdf-shapes (`npm run contract:gen`); edit the fixtures, not this file.';

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
/** Object keys quoted as TypeScript allows them bare or not. */
const key = (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`);

/** Renders every module: a map from its path (from the repository root) to its text. */
export function renderContract(root = process.cwd()) {
  const defs = readJson(join(root, SHAPES, '_defs.json'));
  const methods = new Map();
  for (const file of readdirSync(join(root, SHAPES, 'methods')).filter((f) => f.endsWith('.json'))) {
    const m = readJson(join(root, SHAPES, 'methods', file));
    methods.set(m.method, m.formats);
  }
  const listed = Object.values(DOMAINS).flatMap((d) => d.methods);
  const unlisted = [...methods.keys()].filter((m) => !listed.includes(m));
  const missing = listed.filter((m) => !methods.has(m));
  if (unlisted.length > 0 || missing.length > 0) {
    throw new Error(`contractGen: methods without a domain: [${unlisted}]; listed without a shape file: [${missing}]`);
  }

  const out = new Map();
  out.set('src/shared/contract/defs.ts', [
    `/** The shapes several methods share, named as KDF names the struct (${SHAPES}/_defs.json). ${GENERATED} */`,
    'export const DEFS = {',
    ...Object.entries(defs).map(([name, shape]) => `  ${key(name)}: ${JSON.stringify(shape)},`),
    '} as const;',
    '',
  ].join('\n'));
  for (const [domain, { about, methods: names }] of Object.entries(DOMAINS)) {
    const lines = [
      '/**',
      ` * KDF's answers of the methods of ${about}: per format, the success shape and the error variants,`,
      ` * in the shape language of ${SHAPES}/README.md; each fixture's \`source\` says where in KDF it comes from.`,
      ` * ${GENERATED}`,
      ' */',
      `export const ${domain}Methods = {`,
    ];
    for (const name of names) {
      lines.push(`  '${name}': {`);
      for (const [format, shapes] of Object.entries(methods.get(name))) lines.push(`    ${key(format)}: ${JSON.stringify(shapes)},`);
      lines.push('  },');
    }
    lines.push('} as const;', '');
    out.set(`src/shared/contract/methods/${domain}.ts`, lines.join('\n'));
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [path, text] of renderContract()) writeFileSync(path, text);
  console.log('contractGen: wrote src/shared/contract/defs.ts and methods/*.ts');
}
