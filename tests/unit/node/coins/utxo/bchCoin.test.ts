/**
 * BCH as the coins file has it (public/coins.json: KDF's coins-repo entry, fork id 0x40, cashaddress
 * of `bitcoincash`) on a running node over a fake Electrum server: `electrum` activates it and
 * shows its cashaddress, validateaddress and convertaddress answer for cashaddresses, and a
 * withdraw's inputs carry fork-id signatures that verify against the BIP143 hash of the value they
 * spend. There is no BCH daemon here: the chain is the fake server's.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Transaction } from 'bitcoinjs-lib';
import { afterEach, describe, expect, it } from 'vitest';
import vectors from '../../../../fixtures/utxo/bchRpc.json';
import { electrumScripthash } from '../../../../../src/node/coins/utxo/scripthash';
import { p2pkhScript } from '../../../../../src/node/coins/utxo/tx';
import { bytesToHex, hash160, hexToBytes, keyPairFromPrivkey, privkeyFromPassphrase } from '../../../../../src/node/crypto';
import { RPC_PASSWORD, startedNode, type TestNode } from '../../testNode';
import { FakeElectrumServer } from './electrum/fakeElectrumServer';

const key = keyPairFromPrivkey(privkeyFromPassphrase('bob passphrase'));
const myScript = p2pkhScript(hash160(key.publicKey));
const FUNDS = [100_000, 90_000];
/** P2SH and P2PKH of the CashAddr spec's example hash (its translation table's first and fourth rows). */
const SOURCE_SCRIPTS = ['a91476a04053bda0a88bda5177b86a15c3b29f55987387', '76a91476a04053bda0a88bda5177b86a15c3b29f55987388ac'];
const SOURCE_ADDRESSES = ['bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'];

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/**
 * A node with BCH activated on a fake server whose chain pays FUNDS to the wallet's script, each
 * from one output of a source transaction: a P2SH and a P2PKH output of the spec's example hash.
 */
async function bchNode(activation: object = {}): Promise<{ call(body: object): Promise<Reply>; activation: Reply; funding: Transaction[] }> {
  const source = new Transaction();
  source.addInput(new Uint8Array(32).fill(9), 0);
  for (const script of SOURCE_SCRIPTS) source.addOutput(hexToBytes(script), 500_000n);
  const funding = FUNDS.map((value, i) => {
    const tx = new Transaction();
    tx.addInput(source.getHash(), i);
    tx.addOutput(myScript, BigInt(value));
    return tx;
  });
  const chain = [source, ...funding];
  const server = await FakeElectrumServer.start({
    handlers: {
      'blockchain.scripthash.listunspent': () => funding.map((tx, i) => ({ tx_hash: tx.getId(), tx_pos: 0, height: 100 + i, value: FUNDS[i] })),
      'blockchain.scripthash.get_history': () => funding.map((tx, i) => ({ tx_hash: tx.getId(), height: 100 + i })),
      'blockchain.transaction.get': (p) => chain.find((tx) => tx.getId() === p[0])?.toHex(),
      'blockchain.estimatefee': () => 0.00001,
      'blockchain.relayfee': () => 0.00001,
      // Every block's header says 2026-01-01 (the time field is bytes 68..71, little-endian).
      'blockchain.block.header': () => '00'.repeat(68) + '00b95569' + '00'.repeat(8),
    },
  });
  server.statuses.set(electrumScripthash(myScript), '11'.repeat(32));
  const t: TestNode = await startedNode();
  cleanups.push(() => server.stop(), async () => void (await t.host.handleControl({ op: 'stop' })));
  const call = async (body: object) => (await t.host.handleRpc({ userpass: RPC_PASSWORD, ...body })) as Reply;
  const reply = await call({ method: 'electrum', coin: 'BCH', servers: [{ url: server.url, protocol: 'WS' }], ...activation });
  return { call, activation: reply, funding };
}

describe('BCH from public/coins.json', () => {
  it('activates over Electrum and shows its cashaddress', async () => {
    const { call, activation } = await bchNode();
    expect(activation.status).toBe(200);
    expect(activation.body).toMatchObject({ result: 'success', coin: 'BCH', address: vectors.myAddress, balance: '0.0019' });
    expect((await call({ method: 'my_balance', coin: 'BCH' })).body).toMatchObject({ address: vectors.myAddress, balance: '0.0019' });
  });

  it('shows cashaddresses in its transaction history', async () => {
    const { call, activation, funding } = await bchNode({ tx_history: true });
    expect(activation.status).toBe(200);
    let history: { tx_hash: string; from: string[]; to: string[] }[] = [];
    for (let i = 0; i < 200 && history.length < funding.length; i++) {
      await new Promise((r) => setTimeout(r, 10));
      history = ((await call({ method: 'my_tx_history', coin: 'BCH', limit: 10 })).body.result as { transactions: typeof history }).transactions;
    }
    const byHash = new Map(history.map((t) => [t.tx_hash, t]));
    funding.forEach((tx, i) => {
      expect(byHash.get(tx.getId())).toMatchObject({ from: [SOURCE_ADDRESSES[i]], to: [vectors.myAddress], timestamp: 1767225600 });
    });
  });

  it('answers validateaddress and convertaddress for cashaddresses', async () => {
    const { call } = await bchNode();
    for (const v of vectors.validate) {
      const reply = await call({ method: 'validateaddress', coin: 'BCH', address: v.address });
      expect({ description: v.description, reply: reply.body }).toEqual({ description: v.description, reply: { result: v.expected } });
    }
    for (const v of vectors.convert) {
      const reply = await call({ method: 'convertaddress', coin: 'BCH', from: v.from, to_address_format: v.format });
      expect({ description: v.description, reply: reply.body }).toEqual({ description: v.description, reply: { result: { address: v.expected } } });
    }
    for (const v of vectors.convertRefused) {
      const reply = await call({ method: 'convertaddress', coin: 'BCH', from: v.from, to_address_format: v.format });
      expect({ description: v.description, status: reply.status, error: reply.body.error }).toEqual({
        description: v.description,
        status: 500,
        error: expect.stringContaining(v.expected),
      });
    }
  });

  it('withdraws to a cashaddress with fork-id signatures over the spent values', async () => {
    const { call, funding } = await bchNode();
    const to = vectors.validate[0]!.address;
    const reply = await call({ mmrpc: '2.0', method: 'withdraw', params: { coin: 'BCH', to, amount: '0.0015' }, id: 1 });
    expect(reply.status).toBe(200);
    const result = reply.body.result as { tx_hex: string; from: string[]; to: string[] };
    expect(result.from).toEqual([vectors.myAddress]);
    expect(result.to).toEqual([to]);
    const tx = Transaction.fromHex(result.tx_hex);
    expect(bytesToHex(tx.outs[0]!.script)).toBe('76a91476a04053bda0a88bda5177b86a15c3b29f55987388ac');
    expect(tx.outs[0]!.value).toBe(150_000n);
    expect(tx.ins).toHaveLength(2);
    tx.ins.forEach((input, i) => {
      const spent = funding.findIndex((f) => bytesToHex(f.getHash()) === bytesToHex(input.hash));
      expect(spent).toBeGreaterThanOrEqual(0);
      const s = input.script;
      const sig = s.subarray(1, 1 + s[0]!);
      expect(bytesToHex(s.subarray(2 + sig.length))).toBe(bytesToHex(key.publicKey));
      expect(sig.at(-1)).toBe(0x41);
      const hash = tx.hashForWitnessV0(i, myScript, BigInt(FUNDS[spent]!), 0x41);
      expect(secp256k1.verify(sig.subarray(0, -1), hash, key.publicKey, { prehash: false, lowS: true, format: 'der' })).toBe(true);
    });
  });
});
