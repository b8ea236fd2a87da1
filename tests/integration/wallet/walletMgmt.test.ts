/**
 * Wallet management, HD account methods and KDF's event streams on the devnet. The chains' own
 * software is the judge: litecoind pays and mines, its UTXO set gives the balances a stream and
 * the account balance must report, anvil gives EVM balances, and `@scure/bip32` derives from the
 * mnemonic `get_mnemonic` returns the address the node activated. Attacks: wrong passwords,
 * other clients, second enables, bad configs, streams after disable and after the coin is gone.
 */
import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { formatEther, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeHost } from '../../../src/node/nodeHost';
import { p2pkhAddress } from '../../../src/node/crypto';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { daemon, devnet } from '../devnet/daemon';
import { chainBalance, chainProvider, fundEvm } from '../eth/evmWallet';
import { daemonUnspent, fund } from '../utxo/funding';
import { freshPassphrase, RPC_PASSWORD, startWalletNode, waitFor, type Reply, type WalletNode } from '../utxo/walletNode';

const WALLET_PASSWORD = 'Itest-Wallet#9x';
const NEW_PASSWORD = 'Itest-Other#7y';

interface StreamEvent {
  _type: string;
  message: unknown;
}

interface BalanceEntry {
  ticker: string;
  address: string;
  balance: { spendable: string; unspendable: string };
}

const streamEvents = (node: WalletNode, type: string): StreamEvent[] =>
  node.events.filter((e) => e.event === 'stream').map((e) => e.data as StreamEvent).filter((d) => d._type === type);

function ok(r: Reply): Record<string, unknown> {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as Record<string, unknown>;
}

function expectError(r: Reply, status: number, errorType: string, error?: string): void {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.error_type).toBe(errorType);
  if (error !== undefined) expect(r.body.error).toBe(error);
}

/** litecoind's view of an address as a decimal string of coins. */
async function daemonBalance(address: string): Promise<string> {
  const { total } = await daemonUnspent('chain1', address);
  return (Number(total) / 1e8).toString();
}

/** Follows a task with Komodo Wallet's `forget_if_finished: false` until it ends. */
async function finishedTask(node: WalletNode, method: string, taskId: number): Promise<{ status: string; details: Record<string, unknown> }> {
  return waitFor(`${method} ${taskId}`, async () => {
    const s = ok(await node.mmrpc(method, { task_id: taskId, forget_if_finished: false })) as { status: string; details: Record<string, unknown> };
    return s.status === 'InProgress' ? undefined : s;
  });
}

/** A node on a named HD wallet, created from `mnemonic` and stored under `WALLET_PASSWORD`. */
async function startNamedHdNode(walletName: string, mnemonic: string): Promise<WalletNode> {
  const events: WalletNode['events'] = [];
  const platform = nodePlatform({ coinsPath: devnet().coinsFile });
  platform.emit = (event, data) => events.push({ event, data });
  const host = new NodeHost(platform);
  const conf = { rpc_password: RPC_PASSWORD, wallet_name: walletName, wallet_password: WALLET_PASSWORD, passphrase: mnemonic, enable_hd: true };
  const started = await host.handleControl({ op: 'start', conf });
  if (started.status !== 200) throw new Error(`node did not start: ${JSON.stringify(started.body)}`);
  const legacy = async (method: string, args: Record<string, unknown> = {}) => (await host.handleRpc({ ...args, method, userpass: RPC_PASSWORD })) as Reply;
  const mmrpc = async (method: string, params: Record<string, unknown> = {}) =>
    (await host.handleRpc({ mmrpc: '2.0', method, params, userpass: RPC_PASSWORD, id: 1 })) as Reply;
  return {
    host,
    platform,
    events,
    legacy,
    mmrpc,
    activate: (ticker, extra = {}) => legacy('electrum', { coin: ticker, servers: devnet().coins[ticker]?.servers, ...extra }),
    stop: () => host.stop(),
  };
}

describe('an HD wallet: mnemonic, account balance and new addresses', () => {
  const mnemonic = generateMnemonic(wordlist);
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
  let node: WalletNode;
  let address: string;

  beforeAll(async () => {
    node = await startNamedHdNode('itest-hd', mnemonic);
    address = (await node.activate('RLTC1')).body.address as string;
  }, 120_000);
  afterAll(() => node?.stop());

  it('gives back the mnemonic whose BIP44 key is the address the node activated, and only with the wallet password', async () => {
    const plain = ok(await node.mmrpc('get_mnemonic', { format: 'plaintext', password: WALLET_PASSWORD }));
    expect(plain).toEqual({ format: 'plaintext', mnemonic });
    expect(p2pkhAddress(root.derive("m/44'/1'/0'/0/0").publicKey!, 111)).toBe(address);
    expectError(await node.mmrpc('get_mnemonic', { format: 'plaintext', password: NEW_PASSWORD }), 400, 'InvalidPassword');
    const encrypted = ok(await node.mmrpc('get_mnemonic', { format: 'encrypted' }));
    expect(encrypted.format).toBe('encrypted');
    expect(JSON.stringify(encrypted)).not.toContain(mnemonic.split(' ')[0]! + ' ' + mnemonic.split(' ')[1]!);
    expect(JSON.stringify(node.events)).not.toContain(mnemonic);
  });

  it('changes the wallet password; delete_wallet refuses the active wallet and unknown names', async () => {
    ok(await node.mmrpc('change_mnemonic_password', { current_password: WALLET_PASSWORD, new_password: NEW_PASSWORD }));
    expect(ok(await node.mmrpc('get_mnemonic', { format: 'plaintext', password: NEW_PASSWORD })).mnemonic).toBe(mnemonic);
    ok(await node.mmrpc('change_mnemonic_password', { current_password: NEW_PASSWORD, new_password: WALLET_PASSWORD }));
    expectError(
      await node.mmrpc('delete_wallet', { wallet_name: 'itest-hd', password: WALLET_PASSWORD }),
      400,
      'InvalidRequest',
      "Invalid request error: Cannot delete wallet 'itest-hd' as it is currently active.",
    );
    expectError(await node.mmrpc('delete_wallet', { wallet_name: 'never-made', password: WALLET_PASSWORD }), 400, 'InvalidRequest');
    expect(ok(await node.mmrpc('get_wallet_names')).wallet_names).toEqual(['itest-hd']);
  });

  it('reports account 0 with the activated address and the balance litecoind holds for it', async () => {
    await fund('chain1', address, ['0.3', '0.45']);
    await daemon('chain1').mine(1);
    const expected = await daemonBalance(address);
    const account = await waitFor('account balance with the funds', async () => {
      const { task_id } = ok(await node.mmrpc('task::account_balance::init', { coin: 'RLTC1', account_index: 0 })) as { task_id: number };
      const s = await finishedTask(node, 'task::account_balance::status', task_id);
      expect(s.status).toBe('Ok');
      const d = s.details as { total_balance: Record<string, { spendable: string }> };
      return d.total_balance.RLTC1?.spendable === expected ? s.details : undefined;
    });
    expect(account).toEqual({
      account_index: 0,
      derivation_path: "m/44'/1'/0'",
      total_balance: { RLTC1: { spendable: expected, unspendable: '0' } },
      addresses: [{ address, derivation_path: "m/44'/1'/0'/0/0", chain: 'External', balance: { RLTC1: { spendable: expected, unspendable: '0' } } }],
    });
    // Komodo Wallet reads a finished task again: it stays until asked with forget_if_finished true.
    const { task_id } = ok(await node.mmrpc('task::account_balance::init', { coin: 'RLTC1', account_index: 7 })) as { task_id: number };
    const unknown = await finishedTask(node, 'task::account_balance::status', task_id);
    expect(unknown).toMatchObject({ status: 'Error', details: { error_type: 'UnknownAccount', error_data: { account_id: 7 } } });
    expect(ok(await node.mmrpc('task::account_balance::status', { task_id, forget_if_finished: true })).status).toBe('Error');
    expectError(await node.mmrpc('task::account_balance::status', { task_id }), 400, 'NoSuchTask');
  });

  it('get_new_address derives the next address, stored and reported; a payment to it shows in the account; KDF\'s errors', async () => {
    expectError(
      await node.mmrpc('get_new_address', { coin: 'RLTC1', account_id: 3 }),
      400,
      'UnknownAccount',
      "HD account '3' is not activated",
    );
    const fresh = p2pkhAddress(root.derive("m/44'/1'/0'/0/1").publicKey!, 111);
    expect(ok(await node.mmrpc('get_new_address', { coin: 'RLTC1', account_id: 0, chain: 'External', gap_limit: 20 }))).toEqual({
      new_address: { address: fresh, derivation_path: "m/44'/1'/0'/0/1", chain: 'External', balance: { RLTC1: { spendable: '0', unspendable: '0' } } },
    });
    // Its last address unused: a gap limit of 1 is reached (KDF's check_if_can_get_new_address).
    expectError(
      await node.mmrpc('get_new_address', { coin: 'RLTC1', account_id: 0, gap_limit: 1 }),
      400,
      'EmptyAddressesLimitReached',
      'Empty addresses limit reached. Gap limit: 1',
    );
    await fund('chain1', fresh, ['0.25']);
    await daemon('chain1').mine(1);
    const account = await waitFor('the payment to the new address in the account', async () => {
      const { task_id } = ok(await node.mmrpc('task::account_balance::init', { coin: 'RLTC1', account_index: 0 })) as { task_id: number };
      const d = (await finishedTask(node, 'task::account_balance::status', task_id)).details as { addresses: { address: string; balance: { RLTC1: { spendable: string } } }[] };
      return d.addresses[1]?.balance.RLTC1.spendable === '0.25' ? d : undefined;
    });
    expect(account.addresses.map((a) => a.address)).toEqual([address, fresh]);
    expect(ok(await node.mmrpc('get_new_address', { coin: 'RLTC1', account_id: 0, gap_limit: 1 }))).toMatchObject({
      new_address: { derivation_path: "m/44'/1'/0'/0/2" },
    });
    expect(ok(await node.mmrpc('get_new_address', { coin: 'RLTC1', account_id: 0, chain: 'Internal' }))).toMatchObject({
      new_address: { address: p2pkhAddress(root.derive("m/44'/1'/0'/1/0").publicKey!, 111), derivation_path: "m/44'/1'/0'/1/0", chain: 'Internal' },
    });
    expectError(await node.mmrpc('get_new_address', { coin: 'RLTC1', account_id: 0, gap_limit: 1001 }), 400, 'InvalidRequest');
    expectError(await node.mmrpc('get_new_address', { coin: 'RLTC1', account_id: 0, chain: 'Sideways' }), 400, 'InvalidRequest');
    const eth = await node.legacy('enable', { coin: 'ETHDEV', ...devnet().coins.ETHDEV });
    expect(eth.status, JSON.stringify(eth.body)).toBe(200);
    expectError(
      await node.mmrpc('get_new_address', { coin: 'ETHDEV', account_id: 0, chain: 'Internal' }),
      400,
      'InvalidBip44Chain',
      "Coin doesn't support the given BIP44 chain: Internal",
    );
    expectError(await node.mmrpc('get_new_address', { coin: 'ETHDEV', account_id: 0 }), 400, 'AddressLimitReached');
    expectError(await node.mmrpc('get_new_address', { coin: 'RLTC1', account_id: 2 ** 40 }), 400, 'InvalidRequest');
  });
});

describe('an iguana wallet: HD methods refuse, event streams follow the chains', () => {
  let node: WalletNode;
  let provider: JsonRpcProvider;
  let address: string;
  let ethAddress: string;

  beforeAll(async () => {
    provider = chainProvider();
    node = await startWalletNode(freshPassphrase('streams'));
    address = (await node.activate('RLTC1', { tx_history: true })).body.address as string;
    const eth = await node.legacy('enable', { coin: 'ETHDEV', ...devnet().coins.ETHDEV });
    expect(eth.status, JSON.stringify(eth.body)).toBe(200);
    ethAddress = eth.body.address as string;
    expect((await node.legacy('enable', { coin: 'DEVT6-ERC20', ...devnet().coins['DEVT6-ERC20'] })).status).toBe(200);
  }, 120_000);
  afterAll(() => node?.stop());

  it('answers CoinIsActivatedNotWithHDWallet for get_new_address and in the account balance task', async () => {
    expectError(
      await node.mmrpc('get_new_address', { coin: 'RLTC1', account_id: 0 }),
      400,
      'CoinIsActivatedNotWithHDWallet',
      'Coin is expected to be activated with the HD wallet derivation method',
    );
    const { task_id } = ok(await node.mmrpc('task::account_balance::init', { coin: 'ETHDEV', account_index: 0 })) as { task_id: number };
    expect(await finishedTask(node, 'task::account_balance::status', task_id)).toMatchObject({
      status: 'Error',
      details: { error_type: 'CoinIsActivatedNotWithHDWallet' },
    });
  });

  it('streams a UTXO balance change as KDF\'s BALANCE event, equal to litecoind\'s view, until disabled', async () => {
    expect(ok(await node.mmrpc('stream::balance::enable', { coin: 'RLTC1' }))).toEqual({ streamer_id: 'BALANCE:RLTC1' });
    expectError(await node.mmrpc('stream::balance::enable', { coin: 'RLTC1' }), 400, 'EnableError', 'ClientAlreadyListening');
    expectError(await node.mmrpc('stream::balance::enable', { coin: 'RLTC1', config: { stream_interval_seconds: 1 } }), 400, 'EnableError', 'Invalid config provided. No config needed');
    expectError(await node.mmrpc('stream::balance::enable', { coin: 'RLTC1', client_id: 1 }), 400, 'EnableError', 'UnknownClient');

    await fund('chain1', address, ['0.25']);
    await daemon('chain1').mine(1);
    const expected = await daemonBalance(address);
    const event = await waitFor('BALANCE:RLTC1 with the payment', async () =>
      streamEvents(node, 'BALANCE:RLTC1').find((e) => (e.message as BalanceEntry[])[0]?.balance.spendable === expected),
    );
    expect(event.message).toEqual([{ ticker: 'RLTC1', address, balance: { spendable: expected, unspendable: '0' } }]);

    expect(ok(await node.mmrpc('stream::disable', { client_id: 0, streamer_id: 'BALANCE:RLTC1' }))).toEqual({ result: 'Success' });
    expectError(await node.mmrpc('stream::disable', { client_id: 0, streamer_id: 'BALANCE:RLTC1' }), 400, 'DisableError', 'StreamerNotFound');
    const sent = streamEvents(node, 'BALANCE:RLTC1').length;
    const coinEvents = node.events.filter((e) => e.event === 'coin_balance').length;
    await fund('chain1', address, ['0.05']);
    // The coin itself saw the payment (its own event), and the disabled stream said nothing.
    await waitFor('the coin\'s own balance event', async () => (node.events.filter((e) => e.event === 'coin_balance').length > coinEvents ? true : undefined));
    await new Promise((r) => setTimeout(r, 500));
    expect(streamEvents(node, 'BALANCE:RLTC1').length).toBe(sent);
  });

  it('streams each new UTXO transaction as KDF\'s TX_HISTORY event; EVM coins are not supported, as in KDF', async () => {
    expectError(await node.mmrpc('stream::tx_history::enable', { coin: 'ETHDEV' }), 501, 'CoinNotSupported');
    expect(ok(await node.mmrpc('stream::tx_history::enable', { coin: 'RLTC1' }))).toEqual({ streamer_id: 'TX_HISTORY:RLTC1' });
    const [txid] = await fund('chain1', address, ['0.125']);
    const event = await waitFor('TX_HISTORY:RLTC1 with the payment', async () =>
      streamEvents(node, 'TX_HISTORY:RLTC1').find((e) => (e.message as { tx_hash: string }).tx_hash === txid),
    );
    expect(event.message).toMatchObject({ tx_hash: txid, coin: 'RLTC1', received_by_me: '0.125', to: expect.arrayContaining([address]), memo: null });
    const raw = await daemon('chain1').call<string>('getrawtransaction', [txid]);
    expect((event.message as { tx_hex: string }).tx_hex).toBe(raw);
    // The same transaction is not sent again when it is mined.
    await daemon('chain1').mine(1);
    await waitFor('the mined payment in history', async () => {
      const h = ok(await node.mmrpc('my_tx_history', { coin: 'RLTC1', limit: 50 })) as { transactions: { tx_hash: string; block_height: number }[] };
      return h.transactions.find((t) => t.tx_hash === txid && t.block_height > 0);
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(streamEvents(node, 'TX_HISTORY:RLTC1').filter((e) => (e.message as { tx_hash: string }).tx_hash === txid)).toHaveLength(1);
  });

  it('polls an EVM platform and its tokens at the configured interval, with anvil\'s balances', async () => {
    expectError(
      await node.mmrpc('stream::balance::enable', { coin: 'ETHDEV', config: { interval: 1 } }),
      400,
      'EnableError',
      'Error("unknown field `interval`, expected `stream_interval_seconds`", line: 0, column: 0)',
    );
    expect(ok(await node.mmrpc('stream::balance::enable', { coin: 'ETHDEV', config: { stream_interval_seconds: 1 } }))).toEqual({ streamer_id: 'BALANCE:ETHDEV' });
    const first = await waitFor('first BALANCE:ETHDEV', async () => streamEvents(node, 'BALANCE:ETHDEV')[0]);
    const tickers = (first.message as BalanceEntry[]).map((b) => b.ticker).sort();
    expect(tickers).toEqual(['DEVT6-ERC20', 'ETHDEV']);
    await fundEvm(provider, ethAddress, { ETHDEV: '0.75' });
    const onChain = formatEther(await chainBalance(provider, 'ETHDEV', ethAddress));
    const changed = await waitFor('BALANCE:ETHDEV after the payment', async () =>
      streamEvents(node, 'BALANCE:ETHDEV').find((e) => (e.message as BalanceEntry[]).some((b) => b.ticker === 'ETHDEV' && b.balance.spendable === onChain.replace(/\.0$/, ''))),
    );
    // Only what changed: the token's balance did not.
    expect(changed.message).toEqual([{ ticker: 'ETHDEV', address: ethAddress, balance: { spendable: onChain.replace(/\.0$/, ''), unspendable: '0' } }]);
  });

  it('ends a coin\'s streams when the coin is disabled, so it can be streamed again once re-activated', async () => {
    expect(ok(await node.mmrpc('stream::balance::enable', { coin: 'RLTC1' }))).toEqual({ streamer_id: 'BALANCE:RLTC1' });
    expect((await node.legacy('disable_coin', { coin: 'RLTC1' })).status).toBe(200);
    expectError(await node.mmrpc('stream::disable', { client_id: 0, streamer_id: 'TX_HISTORY:RLTC1' }), 400, 'DisableError', 'StreamerNotFound');
    expectError(await node.mmrpc('stream::balance::enable', { coin: 'RLTC1' }), 404, 'CoinNotFound');
    expect((await node.activate('RLTC1')).status).toBe(200);
    expect(ok(await node.mmrpc('stream::balance::enable', { coin: 'RLTC1' }))).toEqual({ streamer_id: 'BALANCE:RLTC1' });
  });
});
