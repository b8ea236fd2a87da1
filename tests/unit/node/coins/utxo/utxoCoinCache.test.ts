/**
 * UtxoCoin over a fake Electrum server: the wallet's unspent list is asked of the server only when
 * the script's status changed (a notification) or we broadcast; a notification costs one listing.
 */
import { Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { UtxoCoin, BALANCE_EVENT } from '../../../../../src/node/coins/utxo/utxoCoin';
import { softwareSigner } from '../../../../../src/node/coins/utxo/signer';
import { myAddress } from '../../../../../src/node/coins/utxo/address';
import { MmNumber } from '../../../../../src/shared/number';
import type { ElectrumClient } from '../../../../../src/node/coins/utxo/electrum';
import { electrumTestBed, until, type FakeElectrumServer } from './electrum/fakeElectrumServer';
import { keyOf, RLTC1 } from './swap/fakeUtxoCoin';

const { server, harness } = electrumTestBed();

const S1 = '11'.repeat(32);
const S2 = '22'.repeat(32);
const OTHER = '76a914' + '33'.repeat(20) + '88ac';

interface Listed {
  tx_hash: string;
  tx_pos: number;
  height: number;
  value: number;
}

/** A transaction paying `value` to `script`, distinct per `seed`. */
function payment(script: Uint8Array, value: number, seed: number): Transaction {
  const tx = new Transaction();
  tx.addInput(Buffer.alloc(32, seed), 0);
  tx.addOutput(Buffer.from(script), BigInt(value));
  return tx;
}

/** A wallet on a fake server: its listing, raw transactions and status are the test's to change. */
async function walletOnFakeServer(): Promise<{
  coin: UtxoCoin;
  client: ElectrumClient;
  s: FakeElectrumServer;
  listed: Listed[];
  txs: Map<string, string>;
  events: { coin: string; balance: string }[];
}> {
  const listed: Listed[] = [];
  const txs = new Map<string, string>();
  const s = await server({
    handlers: {
      'blockchain.scripthash.listunspent': () => listed,
      'blockchain.scripthash.get_history': () => listed.map((u) => ({ tx_hash: u.tx_hash, height: u.height })),
      'blockchain.transaction.get': (p) => txs.get(String(p[0])),
      'blockchain.transaction.broadcast': (p) => Transaction.fromHex(String(p[0])).getId(),
      'blockchain.estimatefee': () => 0.0001,
    },
  });
  const { client } = harness([s.url]);
  const events: { coin: string; balance: string }[] = [];
  const coin = new UtxoCoin({
    config: RLTC1,
    signer: softwareSigner(keyOf(7)),
    electrum: client,
    requiredConfirmations: 1,
    requiresNotarization: false,
    emit: (event, data) => {
      if (event === BALANCE_EVENT) events.push(data as { coin: string; balance: string });
    },
    now: () => Date.now(),
  });
  // One mature output and one young (not coinbase, so spendable) whose transaction is read once.
  for (const [i, height] of [1, 99].entries()) {
    const tx = payment(coin.script, 100_000, i + 1);
    txs.set(tx.getId(), tx.toHex());
    listed.push({ tx_hash: tx.getId(), tx_pos: 0, height, value: 100_000 });
  }
  s.statuses.set(coin.scripthash, S1);
  await client.connect();
  await coin.start();
  return { coin, client, s, listed, txs, events };
}

describe('UtxoCoin: unspent list cached by the script status', () => {
  it('answers 100 balances with one listing and one transaction read, then none while nothing changes', async () => {
    const { coin, client, s } = await walletOnFakeServer();
    expect((await coin.balance()).spendable).toBe(200_000n);
    const before = client.stats();
    for (let i = 0; i < 100; i++) expect((await coin.balance()).spendable).toBe(200_000n);
    await Promise.all(Array.from({ length: 20 }, () => coin.spendableUnspents()));
    const after = client.stats();
    expect(after.requests - before.requests).toBe(0);
    expect(after.bytesSent).toBe(before.bytesSent);
    expect(s.calls('blockchain.scripthash.listunspent')).toHaveLength(1);
    expect(s.calls('blockchain.transaction.get')).toHaveLength(1); // the young output's coinbase check
  });

  it('refreshes once per status notification, with the exact new balance', async () => {
    const { coin, s, listed, events } = await walletOnFakeServer();
    await coin.balance();
    listed.push({ tx_hash: 'ee'.repeat(32), tx_pos: 3, height: 0, value: 12_345 });
    s.notifyAll('blockchain.scripthash.subscribe', [coin.scripthash, S2]);
    await until(() => events.some((e) => e.balance === '0.00212345'));
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => coin.balance()));
    expect(concurrent.every((b) => b.spendable === 212_345n)).toBe(true);
    expect(s.calls('blockchain.scripthash.listunspent')).toHaveLength(2);
    // A header notification alone changes nothing the server would list.
    s.notifyAll('blockchain.headers.subscribe', [{ height: 101, hex: '00'.repeat(80) }]);
    await until(() => coin.height === 101);
    expect((await coin.balance()).spendable).toBe(212_345n);
    expect(s.calls('blockchain.scripthash.listunspent')).toHaveLength(2);
  });

  it('lists again after our own broadcast and never offers the outputs it spent', async () => {
    const { coin, s, listed } = await walletOnFakeServer();
    const [first] = await coin.spendableUnspents();
    const spend = new Transaction();
    spend.addInput(Buffer.from(first!.txid, 'hex').reverse(), first!.vout);
    spend.addOutput(Buffer.from(OTHER, 'hex'), 90_000n);
    await coin.sendRawTransaction(spend.toHex());
    // The server has not seen the spend in its listing yet: the output is still listed there.
    const left = await coin.spendableUnspents();
    expect(left.map((u) => u.txid)).not.toContain(first!.txid);
    expect(s.calls('blockchain.scripthash.listunspent')).toHaveLength(2);
    expect(listed.map((u) => u.tx_hash)).toContain(first!.txid);
  });

  it('spends the change of our own send while the server still lists what that send spent', async () => {
    const { coin, listed } = await walletOnFakeServer();
    const to = myAddress(RLTC1, keyOf(9).publicKey);
    const first = await coin.withdraw({ to, amount: MmNumber.parse('0.0015'), max: false, fee: null });
    await coin.sendRawTransaction(first.txHex);
    const change = Transaction.fromHex(first.txHex).outs.findIndex((o) => Buffer.from(o.script).equals(Buffer.from(coin.script)));
    expect(change).toBeGreaterThanOrEqual(0);
    expect(listed).toHaveLength(2); // the server's listing has not moved

    const second = await coin.withdraw({ to, amount: MmNumber.parse('0.0002'), max: false, fee: null });
    const spent = Transaction.fromHex(second.txHex).ins.map((i) => `${Buffer.from(i.hash).reverse().toString('hex')}:${i.index}`);
    expect(spent).toEqual([`${first.txHash}:${change}`]);
    const firstOut = Transaction.fromHex(first.txHex).outs[change]!.value;
    expect((await coin.balance()).spendable).toBe(firstOut);
  });

  it('trusts no listing after a malformed status from the server until a well-formed one', async () => {
    const { coin, s } = await walletOnFakeServer();
    await coin.balance();
    s.notifyAll('blockchain.scripthash.subscribe', [coin.scripthash, { not: 'a status' }]);
    await until(() => s.calls('blockchain.scripthash.listunspent').length === 2);
    await coin.balance();
    await coin.balance();
    expect(s.calls('blockchain.scripthash.listunspent')).toHaveLength(4);
    s.notifyAll('blockchain.scripthash.subscribe', [coin.scripthash, S2]);
    await until(() => s.calls('blockchain.scripthash.listunspent').length === 5);
    await coin.balance();
    expect(s.calls('blockchain.scripthash.listunspent')).toHaveLength(5);
  });

  it('keeps the listing across a reconnect with the same status, and sees a change made while it was away', async () => {
    const { coin, client, s, listed, events } = await walletOnFakeServer();
    const live = () => client.isSubscriptionLive('blockchain.scripthash.subscribe', [coin.scripthash]);
    await coin.balance();
    expect(live()).toBe(true);
    s.killAll();
    await until(() => !live());
    await until(live, 3000, 're-subscribed');
    await coin.balance();
    expect(s.calls('blockchain.scripthash.listunspent')).toHaveLength(1); // the server confirmed the same status

    // A payment arrives while the client is away: no notification, but the re-subscribe answer differs.
    s.killAll();
    await until(() => !live());
    listed.push({ tx_hash: 'dd'.repeat(32), tx_pos: 1, height: 0, value: 5 });
    s.statuses.set(coin.scripthash, S2);
    await until(() => events.some((e) => e.balance === '0.00200005'), 3000, 'the new balance');
    expect((await coin.balance()).spendable).toBe(200_005n);
    expect(s.calls('blockchain.scripthash.listunspent')).toHaveLength(2);
  });
});

describe('UtxoCoin: a listing comes from the server whose status it holds', () => {
  it('asks the subscription holder, not a server that has not seen the payment yet', async () => {
    const fresh: Listed[] = [];
    const stale: Listed[] = [];
    const serve = (list: Listed[]) => ({ 'blockchain.scripthash.listunspent': () => list });
    const a = await server({ handlers: serve(stale) });
    const b = await server({ handlers: serve(fresh) });
    a.down = true; // b takes the subscription; a comes back later and is first in the list
    const { client } = harness([a.url, b.url], { minConnected: 1 });
    const coin = new UtxoCoin({
      config: RLTC1,
      signer: softwareSigner(keyOf(8)),
      electrum: client,
      requiredConfirmations: 1,
      requiresNotarization: false,
      emit: () => undefined,
      now: () => Date.now(),
    });
    b.statuses.set(coin.scripthash, S1);
    await client.connect();
    await coin.start();
    a.down = false;
    await until(() => client.stats().connected.length === 2, 3000, 'a back');
    expect(await client.request('blockchain.scripthash.listunspent', [coin.scripthash])).toEqual([]); // a answers plain requests

    fresh.push({ tx_hash: 'aa'.repeat(32), tx_pos: 0, height: 0, value: 777 });
    b.notifyAll('blockchain.scripthash.subscribe', [coin.scripthash, S2]);
    await until(() => b.calls('blockchain.scripthash.listunspent').length >= 1);
    expect((await coin.balance()).spendable).toBe(777n);
    expect((await coin.balance()).spendable).toBe(777n);
    expect(b.calls('blockchain.scripthash.listunspent')).toHaveLength(1);
  });
});

describe('ElectrumClient: request and byte counters', () => {
  it('counts each call of a batch and the bytes of the frames both ways', async () => {
    const s = await server({ handlers: { n: (p) => 'x'.repeat(p[0] as number) } });
    const { client } = harness([s.url]);
    await client.connect();
    let sent = 0;
    let received = 0;
    for (const sess of s.sessions) {
      sess.ws.on('message', (data: Buffer) => (sent += data.length));
      const send = sess.ws.send.bind(sess.ws);
      sess.ws.send = ((data: string, ...rest: never[]) => {
        received += Buffer.byteLength(data);
        return send(data, ...rest);
      }) as typeof sess.ws.send;
    }
    const before = client.stats();
    await client.batch([10, 2000, 5].map((n) => ({ method: 'n', params: [n] })));
    await client.request('echo', ['é€😀']);
    await until(() => sent > 0 && received > 0);
    const after = client.stats();
    expect(after.requests - before.requests).toBe(4);
    expect(after.roundTrips - before.roundTrips).toBe(2);
    expect(after.bytesSent - before.bytesSent).toBe(sent);
    expect(after.bytesReceived - before.bytesReceived).toBe(received);
    expect(received).toBeGreaterThan(2000);
  });
});
