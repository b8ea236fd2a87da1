/**
 * An HD wallet's UTXO addresses on the devnet: litecoind pays addresses at several indexes of a
 * fresh mnemonic's accounts (derived here with `@scure/bip32`, not by the node), and the node must
 * find them on activation with KDF's gap-limit scan, with litecoind's balances, keep them for the
 * next unlock, and hand out, watch and report new addresses.
 */
import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../../src/node/core/context';
import { p2pkhAddress } from '../../../src/node/crypto';
import { NodeHost } from '../../../src/node/nodeHost';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { daemon, devnet } from '../devnet/daemon';
import { fund } from '../utxo/funding';
import { RPC_PASSWORD, waitFor, type Reply } from '../utxo/walletNode';

interface HdNode {
  host: NodeHost;
  mmrpc(method: string, params?: unknown): Promise<Reply>;
}

interface AddressRow {
  address: string;
  derivation_path: string;
  chain: string;
  balance: { RLTC1: { spendable: string; unspendable: string } };
}

interface AccountRow {
  account_index: number;
  derivation_path: string;
  total_balance: { RLTC1: { spendable: string; unspendable: string } };
  addresses: AddressRow[];
}

async function startHdNode(mnemonic: string, platform: Platform): Promise<HdNode> {
  const host = new NodeHost(platform);
  const started = await host.handleControl({ op: 'start', conf: { rpc_password: RPC_PASSWORD, passphrase: mnemonic, enable_hd: true } });
  if (started.status !== 200) throw new Error(`node did not start: ${JSON.stringify(started.body)}`);
  return { host, mmrpc: async (method, params = {}) => (await host.handleRpc({ mmrpc: '2.0', method, params, userpass: RPC_PASSWORD, id: 1 })) as Reply };
}

function ok(r: Reply): Record<string, unknown> {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as Record<string, unknown>;
}

async function finished(node: HdNode, kind: string, taskId: number): Promise<{ status: string; details: Record<string, unknown> }> {
  return waitFor(`${kind} ${taskId}`, async () => {
    const s = ok(await node.mmrpc(`task::${kind}::status`, { task_id: taskId, forget_if_finished: false })) as { status: string; details: Record<string, unknown> };
    return s.status === 'InProgress' ? undefined : s;
  }, 45_000);
}

async function enableUtxo(node: HdNode, extra: Record<string, unknown> = {}): Promise<AccountRow[]> {
  const activation_params = { mode: { rpc: 'Electrum', rpc_data: { servers: devnet().coins.RLTC1?.servers } }, ...extra };
  const { task_id } = ok(await node.mmrpc('task::enable_utxo::init', { ticker: 'RLTC1', activation_params })) as { task_id: number };
  const s = await finished(node, 'enable_utxo', task_id);
  expect(s.status, JSON.stringify(s.details)).toBe('Ok');
  const report = s.details.wallet_balance as { wallet_type: string; accounts: AccountRow[] };
  expect(report.wallet_type).toBe('HD');
  return report.accounts;
}

async function accountBalance(node: HdNode, account_index: number): Promise<{ status: string; details: Record<string, unknown> }> {
  const { task_id } = ok(await node.mmrpc('task::account_balance::init', { coin: 'RLTC1', account_index })) as { task_id: number };
  return finished(node, 'account_balance', task_id);
}

describe('an HD wallet finds, keeps and reports its used UTXO addresses', () => {
  const mnemonic = generateMnemonic(wordlist);
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
  const addressAt = (path: string): string => p2pkhAddress(root.derive(path).publicKey!, 111);
  const paid: Record<string, string> = {
    "m/44'/1'/0'/0/0": '0.1',
    "m/44'/1'/0'/0/5": '0.2',
    "m/44'/1'/0'/0/24": '0.3',
    "m/44'/1'/0'/1/2": '0.4',
    // Beyond the gap: 21 unused addresses after index 24.
    "m/44'/1'/0'/0/46": '0.7',
    // Another account: KDF scans the activated account only.
    "m/44'/1'/1'/0/0": '0.5',
  };
  const events: { event: string; data: unknown }[] = [];
  const platform = nodePlatform({ coinsPath: devnet().coinsFile, emit: (event, data) => events.push({ event, data }) });
  let node: HdNode;

  beforeAll(async () => {
    for (const [path, amount] of Object.entries(paid)) await fund('chain1', addressAt(path), [amount]);
    await daemon('chain1').mine(1);
    node = await startHdNode(mnemonic, platform);
  }, 120_000);
  afterAll(() => node?.host.stop());

  it('activation scans account 0 with gap limit 20 and reports every address up to the last used, with litecoind\'s balances', async () => {
    const accounts = await enableUtxo(node);
    expect(accounts.map((a) => a.account_index)).toEqual([0]);
    const [account] = accounts as [AccountRow];
    expect(account.derivation_path).toBe("m/44'/1'/0'");
    const external = Array.from({ length: 25 }, (_, i) => `m/44'/1'/0'/0/${i}`);
    const internal = Array.from({ length: 3 }, (_, i) => `m/44'/1'/0'/1/${i}`);
    expect(account.addresses.map((a) => a.derivation_path)).toEqual([...external, ...internal]);
    for (const row of account.addresses) {
      expect(row.address).toBe(addressAt(row.derivation_path));
      expect(row.chain).toBe(row.derivation_path.split('/')[4] === '0' ? 'External' : 'Internal');
      expect(row.balance.RLTC1).toEqual({ spendable: paid[row.derivation_path] ?? '0', unspendable: '0' });
    }
    expect(account.total_balance.RLTC1).toEqual({ spendable: '1', unspendable: '0' });
    // my_balance is the enabled address's, as KDF's.
    expect((await node.host.handleRpc({ method: 'my_balance', coin: 'RLTC1', userpass: RPC_PASSWORD }) as Reply).body.balance).toBe('0.1');
    const other = await accountBalance(node, 1);
    expect(other).toMatchObject({ status: 'Error', details: { error_type: 'UnknownAccount' } });
  });

  it('withdraw from index 5 spends only that address\'s outputs with its key, change back to it; the enabled address is untouched', async () => {
    const from5 = addressAt("m/44'/1'/0'/0/5");
    const before = await daemon('chain1').unspents(from5);
    expect(before.map((u) => u.amount)).toEqual([0.2]);
    const to = addressAt("m/44'/1'/9'/0/0");
    const r = (await node.host.handleRpc({
      method: 'withdraw',
      coin: 'RLTC1',
      to,
      amount: '0.05',
      from: { derivation_path: "m/44'/1'/0'/0/5" },
      userpass: RPC_PASSWORD,
    })) as Reply;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.from).toEqual([from5]);
    const tx = await daemon('chain1').call<{ vin: { txid: string; vout: number }[]; vout: { value: number; scriptPubKey: { address?: string; addresses?: string[] } }[] }>(
      'decoderawtransaction',
      [r.body.tx_hex],
    );
    expect(tx.vin.map((i) => `${i.txid}:${i.vout}`)).toEqual(before.map((u) => `${u.txid}:${u.vout}`));
    expect(tx.vout.map((o) => o.scriptPubKey.address ?? o.scriptPubKey.addresses?.[0]).sort()).toEqual([from5, to].sort());
    // litecoind accepts it: the signatures are the address's key's.
    const sent = (await node.host.handleRpc({ method: 'send_raw_transaction', coin: 'RLTC1', tx_hex: r.body.tx_hex, userpass: RPC_PASSWORD })) as Reply;
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await daemon('chain1').mine(1);
    expect((await daemon('chain1').unspents(to)).map((u) => u.amount)).toEqual([0.05]);
    expect((await daemon('chain1').unspents(addressAt("m/44'/1'/0'/0/0"))).map((u) => u.amount)).toEqual([0.1]);
    // By ids, from the change chain; an address the account does not know, another account: KDF's errors.
    const byIds = (await node.host.handleRpc({
      method: 'withdraw', coin: 'RLTC1', to, amount: '0.1', from: { account_id: 0, chain: 'Internal', address_id: 2 }, userpass: RPC_PASSWORD,
    })) as Reply;
    expect(byIds.status, JSON.stringify(byIds.body)).toBe(200);
    expect(byIds.body.from).toEqual([addressAt("m/44'/1'/0'/1/2")]);
    const refused = async (from: unknown): Promise<unknown> =>
      ((await node.mmrpc('withdraw', { coin: 'RLTC1', to, amount: '0.01', from })) as Reply).body.error_type;
    expect(await refused({ account_id: 0, chain: 'External', address_id: 46 })).toBe('UnexpectedFromAddress');
    expect(await refused({ account_id: 1, chain: 'External', address_id: 0 })).toBe('UnknownAccount');
    expect(await refused({ derivation_path: "m/84'/1'/0'/0/5" })).toBe('UnexpectedFromAddress');
  });

  it('watches the other known addresses: a payment to index 24 is streamed as BALANCE:RLTC1 under that address', async () => {
    const streamed = () =>
      events
        .filter((e) => e.event === 'stream')
        .map((e) => e.data as { _type: string; message: { address: string; balance: { spendable: string } }[] })
        .filter((d) => d._type === 'BALANCE:RLTC1');
    expect(ok(await node.mmrpc('stream::balance::enable', { coin: 'RLTC1' }))).toEqual({ streamer_id: 'BALANCE:RLTC1' });
    const at24 = addressAt("m/44'/1'/0'/0/24");
    await fund('chain1', at24, ['0.015']);
    const event = await waitFor('the stream event of index 24', async () => streamed().find((d) => d.message[0]?.address === at24));
    expect(event.message).toEqual([{ ticker: 'RLTC1', address: at24, balance: { spendable: '0.315', unspendable: '0' } }]);
    ok(await node.mmrpc('stream::disable', { client_id: 0, streamer_id: 'BALANCE:RLTC1' }));
    await daemon('chain1').mine(1);
  });

  it('task::create_new_account scans account 1 and finds its used address; account_balance then reports it', async () => {
    const { task_id } = ok(await node.mmrpc('task::create_new_account::init', { coin: 'RLTC1' })) as { task_id: number };
    const s = await finished(node, 'create_new_account', task_id);
    expect(s.status, JSON.stringify(s.details)).toBe('Ok');
    const at0 = addressAt("m/44'/1'/1'/0/0");
    expect(s.details).toEqual({
      account_index: 1,
      derivation_path: "m/44'/1'/1'",
      total_balance: { RLTC1: { spendable: '0.5', unspendable: '0' } },
      addresses: [{ address: at0, derivation_path: "m/44'/1'/1'/0/0", chain: 'External', balance: { RLTC1: { spendable: '0.5', unspendable: '0' } } }],
    });
    expect((await accountBalance(node, 1)).details).toEqual(s.details);
    const again = await finished(node, 'create_new_account', (ok(await node.mmrpc('task::create_new_account::init', { coin: 'RLTC1', account_id: 1 })) as { task_id: number }).task_id);
    expect(again).toMatchObject({ status: 'Error', details: { error_type: 'Internal' } });
  });

  it('a later unlock knows the account without scanning; min_addresses_number adds addresses on the enabled chain', async () => {
    await node.host.stop();
    node = await startHdNode(mnemonic, platform);
    const [account] = (await enableUtxo(node, { scan_policy: 'do_not_scan', min_addresses_number: 30 })) as [AccountRow];
    expect(account.addresses).toHaveLength(30);
    expect(account.addresses.filter((a) => a.chain === 'External').at(-1)?.derivation_path).toBe("m/44'/1'/0'/0/26");
    // Index 5 paid 0.05 away and its fee in the withdraw test; index 24 received 0.015 in the stream test.
    expect(Number(account.total_balance.RLTC1.spendable)).toBeGreaterThan(0.955);
    expect(Number(account.total_balance.RLTC1.spendable)).toBeLessThan(0.965);
  });

  it('withdraw from an address holding immature coinbase leaves it out: alone it is too little, beside a payment only the payment is spent', async () => {
    const path = "m/44'/1'/0'/0/3";
    const from3 = addressAt(path);
    const balanceOf3 = async (): Promise<string | undefined> => {
      const s = await accountBalance(node, 0);
      const rows = (s.details.addresses ?? []) as AccountRow['addresses'];
      return rows.find((a) => a.address === from3)?.balance.RLTC1.spendable;
    };
    await daemon('chain1').call('generatetoaddress', [1, from3]);
    await waitFor('the coinbase in index 3\'s balance', async () => ((await balanceOf3()) !== '0' ? true : undefined), 45_000);
    const withdraw = (amount: string): Promise<Reply> =>
      node.mmrpc('withdraw', { coin: 'RLTC1', to: addressAt("m/44'/1'/9'/0/0"), amount, from: { derivation_path: path } });
    const refused = await withdraw('0.01');
    expect(refused.status).toBe(400);
    expect(refused.body.error_type).toBe('NotSufficientBalance');
    const [payment] = await fund('chain1', from3, ['0.05']);
    await daemon('chain1').mine(1);
    const sent = await waitFor('the payment spendable', async () => {
      const r = await withdraw('0.01');
      return r.status === 200 ? r : undefined;
    }, 45_000);
    const tx = await daemon('chain1').call<{ vin: { txid: string }[] }>('decoderawtransaction', [(sent.body.result as { tx_hex: string }).tx_hex]);
    expect(tx.vin.map((i) => i.txid)).toEqual([payment]);
  });

  it('refuses out-of-bounds scan options with InvalidRequest', async () => {
    const activation_params = { mode: { rpc: 'Electrum', rpc_data: { servers: devnet().coins.RLTC2?.servers } }, gap_limit: 1001 };
    const r = await node.mmrpc('task::enable_utxo::init', { ticker: 'RLTC2', activation_params });
    expect(r.status).toBe(400);
    expect(r.body.error_type).toBe('InvalidRequest');
  });
});
