/**
 * EthChain's one send queue per wallet: swap sends (`signAndSend`) and broadcasts of signed
 * withdraws (`broadcast`) read the pending count in turn, so a withdraw during a swap never
 * collides with it; a withdraw whose nonce was taken meanwhile is refused before the node sees it.
 * The node is a fake that counts pending transactions as anvil does.
 */
import { Transaction, Wallet } from 'ethers';
import { afterEach, describe, expect, it } from 'vitest';
import { EthChain } from '../../../../../src/node/coins/eth/ethChain';
import { NonceNotNextError } from '../../../../../src/node/coins/eth/nonce';
import { signLegacyTx } from '../../../../../src/node/coins/eth/txCodec';
import { bytesToHex, keyPairFromPrivkey } from '../../../../../src/node/crypto';

const key = new Uint8Array(32).fill(0x22);
const TO = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const chains: EthChain[] = [];

/** A chain of this wallet whose node answers from memory, with a little latency. */
function fakeChain() {
  const chain = new EthChain({ urls: ['http://127.0.0.1:1'], chainId: 31337, keyPair: keyPairFromPrivkey(key), pollMs: 1000, log: () => undefined });
  chains.push(chain);
  const node = { received: [] as Transaction[] };
  const tick = () => new Promise((r) => setTimeout(r, 2));
  const api = chain.api as unknown as Record<string, unknown>;
  api.transactionCount = async (address: string, at: string) => {
    expect([address, at]).toEqual([chain.address, 'pending']);
    await tick();
    return node.received.filter((t) => t.from === chain.address).length;
  };
  api.sendRawTransaction = async (hex0x: string) => {
    await tick();
    const tx = Transaction.from(hex0x);
    node.received.push(tx);
    return tx.hash as string;
  };
  const sign = (nonce: number, value = 1n) => signLegacyTx({ chainId: 31337, nonce, gasPrice: 1n, gas: 21_000n, to: TO, value, data: '0x' }, key);
  return { chain, node, sign };
}

afterEach(() => {
  for (const c of chains.splice(0)) c.close();
});

describe('EthChain sends', () => {
  it('a withdraw broadcast during swap sends: each swap send reads the count after the one before was answered', async () => {
    const { chain, node, sign } = fakeChain();
    const withdraw = sign(0, 99n);
    const results = await Promise.allSettled([
      chain.signAndSend((n) => sign(n)),
      chain.broadcast(withdraw.hex),
      chain.signAndSend((n) => sign(n)),
    ]);
    // The first swap send took nonce 0, so the withdraw previewed at 0 is refused; the next swap send takes 1.
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const refused = (results[1] as PromiseRejectedResult).reason as NonceNotNextError;
    expect(refused).toBeInstanceOf(NonceNotNextError);
    expect(refused).toMatchObject({ nonce: 0, next: 1 });
    expect(node.received.map((t) => [t.nonce, t.value])).toEqual([
      [0, 1n],
      [1, 1n],
    ]);
  });

  it('a withdraw broadcast first takes its nonce; the swap send after it takes the next', async () => {
    const { chain, node, sign } = fakeChain();
    const withdraw = sign(0, 99n);
    const [hash, swap] = await Promise.all([chain.broadcast(withdraw.hex), chain.signAndSend((n) => sign(n))]);
    expect(hash).toBe(withdraw.hash);
    expect(swap.txHash).toBe(Transaction.from(`0x${swap.txHex}`).hash?.slice(2));
    expect(node.received.map((t) => t.nonce)).toEqual([0, 1]);
  });

  it('a second broadcast of one transaction is refused and never reaches the node', async () => {
    const { chain, node, sign } = fakeChain();
    const tx = sign(0);
    await chain.broadcast(tx.hex);
    await expect(chain.broadcast(tx.hex)).rejects.toThrow('nonce too low: next nonce 1, tx nonce 0');
    await expect(chain.broadcast(sign(5).hex)).rejects.toThrow('nonce too high: next nonce 1, tx nonce 5');
    expect(node.received).toHaveLength(1);
  });

  it("another wallet's transaction is relayed as it is, without a nonce check", async () => {
    const { chain, node } = fakeChain();
    const other = new Wallet(`0x${bytesToHex(new Uint8Array(32).fill(0x33))}`);
    const signed = await other.signTransaction({ type: 0, chainId: 31337, nonce: 7, gasPrice: 1n, gasLimit: 21_000n, to: TO, value: 1n });
    expect(await chain.broadcast(signed.slice(2))).toBe(Transaction.from(signed).hash?.slice(2));
    expect(node.received.map((t) => [t.from, t.nonce])).toEqual([[other.address, 7]]);
  });
});
