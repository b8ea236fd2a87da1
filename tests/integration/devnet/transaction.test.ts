/** Transaction methods of the devnet's Electrum server against litecoind: get, merkle proofs, broadcast. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshKey, signSpend } from './bitcoin';
import { daemon, devnet, sats } from './daemon';
import { TestClient } from './electrumClient';

const info = devnet();
const d = daemon('chain1');
const sha256d = (b: Buffer): Buffer => createHash('sha256').update(createHash('sha256').update(b).digest()).digest();

/** The root a merkle branch proves for `txid` at `pos` (hashes in display hex). */
function foldBranch(txid: string, pos: number, branch: string[]): string {
  let node: Buffer = Buffer.from(txid, 'hex').reverse();
  branch.forEach((sibling, level) => {
    const s = Buffer.from(sibling, 'hex').reverse();
    node = sha256d((pos >> level) & 1 ? Buffer.concat([s, node]) : Buffer.concat([node, s]));
  });
  return Buffer.from(node).reverse().toString('hex');
}

describe('transactions', () => {
  let c: TestClient;
  let funding: { tx_hash: string; height: number };
  beforeAll(async () => {
    c = await TestClient.connect(info.chains[0]!.electrum[0]!.url);
    // The devnet's funding of "bob" shares a block with the other funding transactions.
    const sh = await d.scriptHashOf(info.wallets.bob!.addresses.RLTC1!);
    funding = (await c.request<{ tx_hash: string; height: number }[]>('blockchain.scripthash.get_history', [sh]))[0]!;
  });
  afterAll(() => c.close());

  it('transaction.get: the raw hex, or the daemon verbose form with confirmations', async () => {
    expect(await c.request('blockchain.transaction.get', [funding.tx_hash])).toBe(await d.call('getrawtransaction', [funding.tx_hash, false]));
    const verbose = await c.request<Record<string, unknown>>('blockchain.transaction.get', [funding.tx_hash, true]);
    const own = await d.call<Record<string, unknown>>('getrawtransaction', [funding.tx_hash, true]);
    expect(verbose).toMatchObject({ txid: own.txid, hex: own.hex, blockhash: own.blockhash, vout: own.vout });
    expect(verbose.confirmations).toBeGreaterThanOrEqual(1);
    await expect(c.request('blockchain.transaction.get', ['00'.repeat(32)])).rejects.toMatchObject({ code: 2 });
  });

  it('transaction.get_merkle folds to the block merkle root; id_from_pos agrees', async () => {
    const proof = await c.request<{ block_height: number; merkle: string[]; pos: number }>('blockchain.transaction.get_merkle', [
      funding.tx_hash,
      funding.height,
    ]);
    const block = await d.call<{ merkleroot: string; tx: string[] }>('getblock', [await d.call('getblockhash', [funding.height]), 1]);
    expect(block.tx.length).toBeGreaterThan(2);
    expect(proof.block_height).toBe(funding.height);
    expect(proof.pos).toBe(block.tx.indexOf(funding.tx_hash));
    expect(foldBranch(funding.tx_hash, proof.pos, proof.merkle)).toBe(block.merkleroot);
    expect(await c.request('blockchain.transaction.id_from_pos', [funding.height, proof.pos, true])).toEqual({
      tx_hash: funding.tx_hash,
      merkle: proof.merkle,
    });
    expect(await c.request('blockchain.transaction.id_from_pos', [funding.height, 0])).toBe(block.tx[0]);
    await expect(c.request('blockchain.transaction.get_merkle', [funding.tx_hash, funding.height + 1])).rejects.toMatchObject({ code: 1 });
  });

  it('broadcast: a transaction signed with bitcoinjs-lib is accepted and its txid returned', async () => {
    const key = freshKey();
    const sh = await d.scriptHashOf(key.p2pkh.address);
    await d.call('sendtoaddress', [key.p2pkh.address, 0.5], info.chains[0]!.minerWallet);
    const [coin] = await vi.waitFor(
      async () => {
        const utxos = await c.request<{ tx_hash: string; tx_pos: number; value: number }[]>('blockchain.scripthash.listunspent', [sh]);
        expect(utxos).toHaveLength(1);
        return utxos;
      },
      { timeout: 10_000, interval: 200 },
    );
    const prevTxHex = await c.request<string>('blockchain.transaction.get', [coin!.tx_hash]);
    const tx = signSpend(key, [{ txid: coin!.tx_hash, vout: coin!.tx_pos, value: BigInt(coin!.value), script: key.p2pkh.script, prevTxHex }], [
      { script: key.p2wpkh.script, value: BigInt(coin!.value) - 10_000n },
    ]);
    expect(await c.request('blockchain.transaction.broadcast', [tx.hex])).toBe(tx.txid);
    expect(await d.call('getrawtransaction', [tx.txid, false])).toBe(tx.hex);
    // Indexed before the reply: the sender sees its own transaction at once.
    const history = await c.request<{ tx_hash: string }[]>('blockchain.scripthash.get_history', [sh]);
    expect(history.map((h) => h.tx_hash)).toContain(tx.txid);
    const segwitSh = await d.scriptHashOf(key.p2wpkh.address);
    const received = await c.request<{ confirmed: number; unconfirmed: number }>('blockchain.scripthash.get_balance', [segwitSh]);
    expect(received.confirmed + received.unconfirmed).toBe(coin!.value - 10_000);
    expect(sats(0.5)).toBe(coin!.value);
  });

  it('broadcast: a rejected transaction is error 1 with the daemon message', async () => {
    const error = await c.request('blockchain.transaction.broadcast', ['00']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 1 });
    expect((error as Error).message).toMatch(/^the transaction was rejected by network rules\.\n\n.*TX decode failed/s);
  });
});
