/**
 * The devnet itself: devnet.json as the node and tests consume it, the wallets' key derivation,
 * independent chains with two agreeing servers each, a reorg, and a server process that dies by PID.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { address as addresses } from 'bitcoinjs-lib';
import { describe, expect, it, vi } from 'vitest';
import { iguanaKey, LITECOIN_REGTEST } from '../../../devnet/keys';
import { freshKey } from './bitcoin';
import { daemon, devnet } from './daemon';
import { TestClient } from './electrumClient';

const info = devnet();
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const WAIT = { timeout: 10_000, interval: 200 };

describe('devnet.json', () => {
  it('is the injected info, with servers in the electrum RPC shape', async () => {
    const { path, ...rest } = info;
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(rest);
    expect(info.coinsFile).toBe(fileURLToPath(new URL('../../../public/coins.json', import.meta.url)));
    expect(info.chains.map((c) => [c.name, c.coins])).toEqual([
      ['chain1', ['RLTC1', 'RLTC1-segwit']],
      ['chain2', ['RLTC2', 'RLTC2-segwit']],
    ]);
    for (const chain of info.chains) {
      expect(chain.electrum).toHaveLength(2);
      for (const e of chain.electrum) {
        expect(e).toEqual({
          url: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
          protocol: 'WS',
          pid: expect.any(Number),
          tcpUrl: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
          sslUrl: expect.stringMatching(/^localhost:\d+$/),
        });
      }
      // WebSocket servers in `servers` (page and host), their TCP and TLS listeners in `tcpSslServers` (host only).
      for (const coin of chain.coins) {
        expect(info.coins[coin]).toEqual({
          servers: chain.electrum.map(({ url, protocol }) => ({ url, protocol })),
          tcpSslServers: chain.electrum.flatMap((e) => [
            { url: e.tcpUrl, protocol: 'TCP' },
            { url: e.sslUrl, protocol: 'SSL', disable_cert_verification: true },
          ]),
        });
      }
    }
    expect(Object.keys(info.wallets).sort()).toEqual(['alice', 'bob', 'empty', 'many']);
  });

  it('wallet addresses follow the iguana rule: P2PKH (pubtype 111) and P2WPKH (rltc)', async () => {
    // KDF's own test vector ("bob passphrase", kdf-facts §3).
    const bob = iguanaKey('bob passphrase');
    expect(hex(bob.privateKey)).toBe('b8c774f071de08c7fd8f62b97f1a5726f6ce9f1bcf141b70b86689254ed6714e');
    expect(hex(ripemd160(sha256(bob.publicKey)))).toBe('b506088aa2a3b4bb1da3a29bf00ce1a550ea1df9');
    expect(bob.p2pkh.address).toBe(addresses.toBase58Check(ripemd160(sha256(bob.publicKey)), 0x6f));

    const d = daemon('chain1');
    for (const [name, wallet] of Object.entries(info.wallets)) {
      expect(wallet.passphrase).toBe(`devnet ${name}`);
      const key = iguanaKey(wallet.passphrase);
      for (const chain of info.chains) {
        expect(wallet.addresses[chain.coins[0]!]).toBe(key.p2pkh.address);
        expect(wallet.addresses[chain.coins[1]!]).toBe(key.p2wpkh.address);
      }
      expect(key.p2pkh.address).toMatch(/^[mn]/);
      expect(key.p2wpkh.address).toMatch(/^rltc1q/);
      for (const target of [key.p2pkh, key.p2wpkh]) {
        const check = await d.call<{ isvalid: boolean; scriptPubKey: string }>('validateaddress', [target.address]);
        expect(check).toMatchObject({ isvalid: true, scriptPubKey: hex(target.script) });
        expect(hex(addresses.toOutputScript(target.address, LITECOIN_REGTEST))).toBe(hex(target.script));
      }
    }
  });
});

describe('chains and servers', () => {
  it('the two chains are independent', async () => {
    const [one, two] = await Promise.all(['chain1', 'chain2'].map((c) => daemon(c).call<string>('getblockhash', [1])));
    expect(one).not.toBe(two);
  });

  it("both servers of a chain follow that chain's tip", async () => {
    for (const chain of info.chains) {
      const d = daemon(chain.name);
      const clients = await Promise.all(chain.electrum.map((e) => TestClient.connect(e.url)));
      await vi.waitFor(
        async () => {
          const count = await d.call<number>('getblockcount');
          const header = await d.call<string>('getblockheader', [await d.call('getblockhash', [count]), false]);
          for (const c of clients) expect(await c.request('blockchain.headers.subscribe')).toEqual({ height: count, hex: header });
        },
        WAIT,
      );
      for (const c of clients) c.close();
    }
  });

  it('follows a reorg: history and headers move to the new branch', async () => {
    const chain = info.chains[1]!;
    const d = daemon(chain.name);
    const c = await TestClient.connect(chain.electrum[0]!.url);
    const key = freshKey();
    const sh = await d.scriptHashOf(key.p2wpkh.address);
    const txid = await d.call<string>('sendtoaddress', [key.p2wpkh.address, 0.1], chain.minerWallet);
    const [block] = await d.mine(1);
    const heightOf = async (): Promise<{ hash?: string; height: number }> => {
      const tx = await d.call<{ blockhash?: string }>('getrawtransaction', [txid, true]);
      if (!tx.blockhash) return { height: 0 };
      return { hash: tx.blockhash, height: (await d.call<{ height: number }>('getblockheader', [tx.blockhash])).height };
    };
    const first = await heightOf();
    await vi.waitFor(async () => expect(await c.request('blockchain.scripthash.get_history', [sh])).toEqual([{ tx_hash: txid, height: first.height }]), WAIT);

    await d.call('invalidateblock', [first.hash ?? block]); // the payment goes back to the mempool
    await d.mine(1);
    await vi.waitFor(async () => {
      const now = await heightOf();
      expect(now.hash).toBeDefined();
      expect(now.hash).not.toBe(first.hash);
      expect(await c.request('blockchain.scripthash.get_history', [sh])).toEqual([{ tx_hash: txid, height: now.height }]);
      const count = await d.call<number>('getblockcount');
      const header = (h: number): Promise<string> => d.call<string>('getblockhash', [h]).then((hash) => d.call('getblockheader', [hash, false]));
      expect(await c.request('blockchain.headers.subscribe')).toEqual({ height: count, hex: await header(count) });
      expect(await c.request('blockchain.block.header', [first.height])).toBe(await header(first.height));
    }, WAIT);
    c.close();
  });

  it('a standalone server process indexes a chain and dies by PID', async () => {
    const chain = info.chains[1]!;
    const main = fileURLToPath(new URL('../../../devnet/electrum/main.ts', import.meta.url));
    const args = ['--import', 'tsx', main, '--rpc-url', chain.rpcUrl, '--rpc-user', chain.rpcUser, '--rpc-password', chain.rpcPassword, '--port', '0'];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = once(child, 'exit');
    try {
      let out = '';
      child.stdout.on('data', (b: Buffer) => (out += b.toString()));
      const url = await vi.waitFor(
        () => {
          const m = /^electrum ready (127\.0\.0\.1:\d+) height \d+$/m.exec(out);
          if (!m) throw new Error(`no ready line yet: ${out}`);
          return m[1]!;
        },
        { timeout: 20_000, interval: 50 },
      );
      const c = await TestClient.connect(url);
      const features = await c.request<{ genesis_hash: string }>('server.features');
      expect(features.genesis_hash).toBe(await daemon(chain.name).call('getblockhash', [0]));
      process.kill(child.pid!, 'SIGKILL');
      expect(await c.closed).toBe(1006); // dropped without a close frame
      expect((await exited)[1]).toBe('SIGKILL');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
