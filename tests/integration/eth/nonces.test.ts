/**
 * EVM nonces against anvil (issue 12, bug 1): a withdraw preview holds no nonce, so previews never
 * leave a gap that parks the next send in the node's queue; a transaction of the wallet whose nonce
 * is not the chain's next one (sent twice, overtaken, or past a gap) is refused loudly and never
 * reaches the node; concurrent sends from one wallet never collide, and a client that retries a
 * refused send pays exactly once.
 */
import { Transaction, Wallet, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ethPrivateKey } from '../../../devnet/evm/keys';
import type { Reply } from '../utxo/walletNode';
import { chainBalance, chainProvider, startEvmNode, units, type EvmNode, type EvmTicker } from './evmWallet';

interface Built {
  tx_hex: string;
  tx_hash: string;
}

describe('EVM nonces', () => {
  let provider: JsonRpcProvider;
  let alice: EvmNode;

  beforeAll(async () => {
    provider = chainProvider();
    alice = await startEvmNode('eth nonces', provider, { ETHDEV: '10', 'DEVT6-ERC20': '100' });
    for (const t of ['ETHDEV', 'DEVT6-ERC20'] as const) expect((await alice.enable(t)).status).toBe(200);
  });
  afterAll(async () => {
    await alice.stop();
    provider.destroy();
  });

  const pending = (): Promise<number> => provider.getTransactionCount(alice.address, 'pending');
  const nonceOf = (tx: Built): number => Transaction.from(`0x${tx.tx_hex}`).nonce;

  async function preview(coin: EvmTicker, to: string, amount: string): Promise<Built> {
    const r = await alice.mmrpc('withdraw', { coin, to, amount });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as Built;
  }

  const send = (coin: EvmTicker, tx: Built): Promise<Reply> => alice.legacy('send_raw_transaction', { coin, tx_hex: tx.tx_hex });

  /** The flat error KDF answers for a broadcast the node refused, with our nonce check's geth wording. */
  function expectNonceRefusal(r: Reply, which: 'low' | 'high', next: number, nonce: number): void {
    expect(r.status, JSON.stringify(r.body)).toBe(500);
    expect(Object.keys(r.body)).toEqual(['error']);
    expect(r.body.error).toMatch(new RegExp(`Transport error: eth_sendRawTransaction: nonce too ${which}: next nonce ${next}, tx nonce ${nonce}$`));
  }

  it('five previews take the pending nonce and hold nothing: the next withdraw, broadcast, gets it and is mined', async () => {
    const to = Wallet.createRandom().address;
    const start = await pending();
    const previews: Built[] = [];
    for (let i = 0; i < 5; i++) previews.push(await preview('ETHDEV', to, '0.001'));
    expect(previews.map(nonceOf)).toEqual([start, start, start, start, start]);
    expect(await pending(), 'previews reach nothing').toBe(start);

    const tx = await preview('DEVT6-ERC20', to, '2');
    expect(nonceOf(tx)).toBe(start);
    const r = await send('DEVT6-ERC20', tx);
    expect(r.body).toEqual({ tx_hash: tx.tx_hash });
    expect((await provider.waitForTransaction(`0x${tx.tx_hash}`))?.status).toBe(1);
    expect(await provider.getTransactionCount(alice.address, 'latest')).toBe(start + 1);
    expect(await chainBalance(provider, 'DEVT6-ERC20', to)).toBe(units('DEVT6-ERC20', '2'));

    // A preview overtaken by that send carries a used nonce: refused, never sent.
    expectNonceRefusal(await send('ETHDEV', previews[0]!), 'low', start + 1, start);
    expect(await provider.getTransaction(`0x${previews[0]!.tx_hash}`)).toBeNull();
    expect(await pending()).toBe(start + 1);
    expect(await chainBalance(provider, 'ETHDEV', to)).toBe(0n);
  });

  it('a second send of a mined transaction fails loudly and pays nothing', async () => {
    const to = Wallet.createRandom().address;
    const tx = await preview('ETHDEV', to, '0.25');
    expect((await send('ETHDEV', tx)).status).toBe(200);
    await provider.waitForTransaction(`0x${tx.tx_hash}`);
    const next = await pending();
    const before = await chainBalance(provider, 'ETHDEV', alice.address);

    for (let i = 0; i < 3; i++) expectNonceRefusal(await send('ETHDEV', tx), 'low', next, nonceOf(tx));
    expect(await pending()).toBe(next);
    expect(await chainBalance(provider, 'ETHDEV', alice.address)).toBe(before);
    expect(await chainBalance(provider, 'ETHDEV', to)).toBe(units('ETHDEV', '0.25'));
  });

  it('a transaction of the wallet past the next nonce is refused, not parked behind a gap', async () => {
    const next = await pending();
    const signer = new Wallet(ethPrivateKey(alice.passphrase));
    const ahead = await signer.signTransaction({ type: 0, chainId: 31337, nonce: next + 1, gasPrice: 2_000_000_000n, gasLimit: 21_000n, to: Wallet.createRandom().address, value: 1n });
    const r = await alice.legacy('send_raw_transaction', { coin: 'ETHDEV', tx_hex: ahead.slice(2) });
    expectNonceRefusal(r, 'high', next, next + 1);
    expect(await provider.getTransaction(Transaction.from(ahead).hash as string)).toBeNull();
    // The next withdraw still takes `next` and is mined at once: nothing is queued ahead of it.
    const tx = await preview('ETHDEV', Wallet.createRandom().address, '0.01');
    expect(nonceOf(tx)).toBe(next);
    expect((await send('ETHDEV', tx)).status).toBe(200);
    expect((await provider.waitForTransaction(`0x${tx.tx_hash}`))?.status).toBe(1);
  });

  it('concurrent withdraws of ETH and a token, each retried when refused, all mine once with consecutive nonces', async () => {
    const to = Wallet.createRandom().address;
    const start = await pending();
    const jobs: [EvmTicker, string][] = [
      ['ETHDEV', '0.01'],
      ['DEVT6-ERC20', '1'],
      ['ETHDEV', '0.02'],
      ['DEVT6-ERC20', '3'],
      ['ETHDEV', '0.04'],
    ];
    // All previews first, so they all read one pending count; then every send at once.
    const firsts = await Promise.all(jobs.map(([coin, amount]) => preview(coin, to, amount)));
    expect(firsts.map(nonceOf)).toEqual(jobs.map(() => start));
    let refusals = 0;
    const hashes = await Promise.all(
      jobs.map(async ([coin, amount], i) => {
        let tx = firsts[i]!;
        for (let attempt = 0; attempt < 20; attempt++) {
          const r = await send(coin, tx);
          if (r.status === 200) return r.body.tx_hash as string;
          expect(r.body.error).toMatch(/nonce too low/);
          refusals++;
          tx = await preview(coin, to, amount);
        }
        throw new Error(`${coin} ${amount} was refused 20 times`);
      }),
    );
    const receipts = await Promise.all(hashes.map((h) => provider.waitForTransaction(`0x${h}`)));
    expect(receipts.map((r) => r?.status)).toEqual([1, 1, 1, 1, 1]);
    const nonces = await Promise.all(hashes.map(async (h) => (await provider.getTransaction(`0x${h}`))?.nonce as number));
    expect([...nonces].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4].map((i) => start + i));
    expect(await pending(), 'no other transaction left the wallet').toBe(start + jobs.length);
    expect(await chainBalance(provider, 'ETHDEV', to)).toBe(units('ETHDEV', '0.07'));
    expect(await chainBalance(provider, 'DEVT6-ERC20', to)).toBe(units('DEVT6-ERC20', '4'));
    // Five previews of one nonce: one went out, the four others were refused at least once.
    expect(refusals).toBeGreaterThanOrEqual(4);
  });
});
