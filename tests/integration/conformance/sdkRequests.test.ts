/**
 * Komodo Wallet's own calls on the devnet: each request exactly as the SDK's (or the app's) request
 * class builds it (tests/fixtures/sdk-requests/komodo-wallet.json), sent to the node, and the
 * answer checked against what the class's response parser reads: the fields exist, with the types
 * its casts need, and a success does not look like an error to the SDK's error test. Each success
 * is also checked against KDF's shapes (tests/fixtures/kdf-shapes): this run reaches forms the
 * conformance suite cannot, a running swap's status among them. Wallet and activation calls go
 * to an HD wallet (the SDK's parsers of enable_eth_with_tokens and account balances read only the
 * HD forms); trading calls to two order nodes on the devnet's seed, which trade.
 * With SDK_REQUESTS_DUMP=<file> set, every request and answer is written there.
 */
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daemon, devnet } from '../devnet/daemon';
import { startOrderNode } from '../orders/orderNode';
import { fund } from '../utxo/funding';
import { RPC_PASSWORD, type Reply } from '../utxo/walletNode';
import { checkShape } from '../../fixtures/kdf-shapes/shapeCheck';
import { loadShapes } from '../../fixtures/kdf-shapes/shapes';
import { checkReads, fillRequest, loadSdkCalls, readPath, sdkSeesError, untilMet, type Memo } from '../../fixtures/sdk-requests/sdkReads';
import { OLD_WALLET, startHdNode, WALLET_PASSWORD, type RunningNode } from './hdNode';

/** The 38 method/version pairs of a plain software wallet with UTXO, ETH/ERC20 and the DEX (issue 12). */
const WALLET_METHODS = [
  'version', 'get_wallet_names', 'get_mnemonic', 'change_mnemonic_password', 'delete_wallet', 'get_enabled_coins',
  'task::enable_utxo::init', 'task::enable_utxo::status', 'enable_eth_with_tokens', 'enable_erc20', 'my_balance',
  'task::account_balance::init', 'task::account_balance::status', 'get_new_address', 'stream::balance::enable',
  'stream::tx_history::enable', 'stream::disable', 'convertaddress', 'validateaddress', 'my_tx_history',
  'task::withdraw::init', 'task::withdraw::status', 'send_raw_transaction', 'orderbook', 'best_orders', 'orderbook_depth',
  'trade_preimage', 'max_taker_vol', 'max_maker_vol', 'min_trading_vol', 'sell', 'setprice', 'cancel_order', 'my_orders',
  'order_status', 'my_recent_swaps', 'my_swap_status', 'recover_funds_of_swap',
];

const RLTC1_CHAIN = () => devnet().chains.find((c) => c.coins.includes('RLTC1'))!.name;

/** The memo's starting values: the devnet's endpoints in the shapes the SDK's params classes write, and the wallet's passwords. */
function startingMemo(): Memo {
  const eth = devnet().coins.ETHDEV;
  return {
    walletPassword: WALLET_PASSWORD,
    newPassword: 'Sdk-Wallet-Pass-2!',
    oldWallet: OLD_WALLET,
    // ElectrumServer.toJsonRequest: url, protocol, disable_cert_verification.
    'RLTC1.servers': devnet().coins.RLTC1!.servers.map((s) => ({ url: s.url, protocol: s.protocol, disable_cert_verification: false })),
    // EvmNode.toJson: url, gui_auth.
    'ETHDEV.nodes': eth.urls.map((url) => ({ url, gui_auth: false })),
    'ETHDEV.swapContract': eth.swap_contract_address,
    'ETHDEV.fallbackSwapContract': eth.fallback_swap_contract,
  };
}

const succeeded = (reply: Reply): boolean => reply.status === 200 && !sdkSeesError(reply.body);

/** A success against KDF's shape of the method in the request's format. */
function kdfShapeDifferences(request: Record<string, unknown>, body: unknown): string[] {
  const { defs, methods } = loadShapes();
  const format = request.mmrpc === '2.0' ? 'mmrpc' : 'legacy';
  const success = methods.get(request.method as string)?.formats[format]?.success;
  if (!success) return [`no KDF ${format} success shape for ${String(request.method)}`];
  const shape = format === 'legacy' ? success.body : { object: { mmrpc: { const: '2.0' }, result: success.body, id: { nullable: 'uint' } } };
  return checkShape(body, shape, defs).map((d) => `KDF shape: ${d}`);
}

describe("Komodo Wallet's calls, as its request classes send them, answered as its parsers read", () => {
  const calls = loadSdkCalls();
  const nodes: Record<string, RunningNode> = {};
  const answers: { call: string; request: unknown; status: number; body: unknown }[] = [];

  beforeAll(async () => {
    [nodes.hd, nodes.maker, nodes.taker] = await Promise.all([startHdNode(), startOrderNode('sdk-maker'), startOrderNode('sdk-taker')]);
  }, 120_000);
  afterAll(async () => {
    if (process.env.SDK_REQUESTS_DUMP) await writeFile(process.env.SDK_REQUESTS_DUMP, JSON.stringify(answers, null, 1));
    await Promise.all(Object.values(nodes).map((n) => n.stop()));
  });

  it('covers the 38 methods of a plain software wallet, each with the class it came from', () => {
    expect([...new Set(calls.map((c) => c.method))].sort()).toEqual([...WALLET_METHODS].sort());
    expect(calls.filter((c) => !/^(sdk|app): /.test(c.source) || !nodes[c.node])).toEqual([]);
  });

  it('answers every call in a form the client parses', async () => {
    const memo = startingMemo();
    const problems: string[] = [];
    for (const [i, call] of calls.entries()) {
      const label = `#${i} ${call.method} (${call.node})`;
      let request: Record<string, unknown>;
      try {
        request = { ...(fillRequest(call.request, memo) as Record<string, unknown>), userpass: RPC_PASSWORD };
      } catch (e) {
        problems.push(`${label}: ${(e as Error).message}`);
        continue;
      }
      const send = async () => (await nodes[call.node]!.host.handleRpc(request)) as Reply;
      let reply = await send();
      for (const deadline = Date.now() + 45_000; call.until && !(succeeded(reply) && untilMet(reply.body, call.until)) && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        reply = await send();
      }
      answers.push({ call: label, request, status: reply.status, body: reply.body });
      const answer = `HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 400)}`;
      if (call.outcome === 'error') {
        if (succeeded(reply)) problems.push(`${label}: expected an error (${call.why}), got ${answer}`);
      } else if (!succeeded(reply)) {
        problems.push(`${label}: ${answer}`);
        continue;
      } else if (call.until && !untilMet(reply.body, call.until)) {
        problems.push(`${label}: ${call.until.path} never met ${JSON.stringify(call.until)}: ${answer}`);
        continue;
      }
      if (request.mmrpc === '2.0' && reply.body.mmrpc !== '2.0') problems.push(`${label}: a 2.0 answer without "mmrpc":"2.0"`);
      if (call.outcome !== 'error') for (const d of kdfShapeDifferences(request, reply.body)) problems.push(`${label}: ${d}`);
      for (const p of checkReads(reply.body, call.reads)) problems.push(`${label}: ${p}`);
      for (const [key, path] of Object.entries(call.keep ?? {})) memo[key] = readPath(reply.body, path);
      if (call.fund) {
        await fund(RLTC1_CHAIN(), memo[call.fund] as string, ['2']);
        await daemon(RLTC1_CHAIN()).mine(1);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
