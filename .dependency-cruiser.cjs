/**
 * The dependency directions of docs/ARCHITECTURE.md (its table names each rule), checked in `npm test`.
 */
const domains = ['coins', 'orders', 'swaps', 'p2p', 'storage', 'hw', 'crypto', 'lifecycle', 'wallet', 'mmbot'];

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'ui-only-client-shared',
      comment: 'ui imports client and shared only',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/', pathNot: '^src/(ui|client|shared)/' },
    },
    {
      name: 'client-only-shared',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/', pathNot: '^src/(client|shared)/' },
    },
    {
      name: 'shared-imports-nothing-of-ours',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },
    {
      name: 'node-never-imports-ui-or-client',
      severity: 'error',
      from: { path: '^src/node/' },
      to: { path: '^src/(ui|client)/' },
    },
    {
      name: 'no-domain-imports-rpc',
      comment: 'domains expose handlers in <domain>/rpc.ts; only rpc/ wires them',
      severity: 'error',
      from: { path: `^src/node/(${domains.join('|')})/` },
      to: { path: '^src/node/rpc/' },
    },
    {
      name: 'core-knows-no-trading-domain',
      comment: 'the kernel (errors, context, handler shape, tasks) names no trading domain; orders and swaps add their services to NodeContext by module augmentation',
      severity: 'error',
      from: { path: '^src/node/core/' },
      to: { path: '^src/node/(orders|swaps|p2p|streams|rpc)/' },
    },
    {
      name: 'only-the-root-composes',
      comment: 'the composition root (startNode, nodeHost, worker) builds the node from the domains; nothing imports it back',
      severity: 'error',
      from: { path: '^src/node/', pathNot: '^src/node/(startNode|nodeHost|worker)\\.ts$' },
      to: { path: '^src/node/(startNode|nodeHost|worker)\\.ts$' },
    },
    {
      name: 'swaps-never-imports-orders',
      severity: 'error',
      from: { path: '^src/node/swaps/' },
      to: { path: '^src/node/orders/' },
    },
    {
      name: 'coins-stay-out-of-trading-p2p-hw',
      severity: 'error',
      from: { path: '^src/node/coins/' },
      to: { path: '^src/node/(orders|swaps|p2p|hw)/' },
    },
    {
      name: 'coin-families-stay-apart',
      comment: 'qrc20 may use utxo; other families do not import each other',
      severity: 'error',
      from: { path: '^src/node/coins/(utxo|eth)/' },
      to: { path: '^src/node/coins/(utxo|eth|qrc20)/', pathNot: '^src/node/coins/$1/' },
    },
    {
      name: 'browser-code-has-no-node-builtins',
      comment: 'src/ runs in the browser; Node-only code lives in tools/ and tests/',
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'sqlite-only-in-the-host',
      comment: 'better-sqlite3 is a native Node module: the host engine (tools/host) uses it, the browser build never',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: 'node_modules/better-sqlite3/' },
    },
    {
      name: 'src-never-imports-tests',
      comment: 'except the worker, which loads the simulated Trezor in test builds only (VITE_TREZOR_SIM)',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/node/worker\\.ts$' },
      to: { path: '^tests/' },
    },
    {
      name: 'tools-do-not-reach-into-ui',
      severity: 'error',
      from: { path: '^tools/' },
      to: { path: '^src/(ui|client)/' },
    },
    {
      name: 'coins-root-and-streams-know-no-family',
      comment:
        'the coin families are coins/utxo (with kmd and Zcash inside), coins/eth and coins/qrc20; the coins root, its shared folders (capabilities, config, hdWallet) and the streams reach a coin through its capabilities (coins/capabilities/), never its family: only the family table (coins/families/), activation/ and the families import one',
      severity: 'error',
      from: { path: '^src/node/(coins/[^/]+\\.ts$|coins/(capabilities|config|hdWallet)/|streams/)' },
      to: { path: '^src/node/coins/(utxo|eth|qrc20)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.svelte', '.json'] },
  },
};
