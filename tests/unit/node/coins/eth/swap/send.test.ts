/**
 * Swap transactions leave the wallet one at a time with the chain's pending nonce, and a token
 * payment approves the contract for everything only when its allowance is short, then waits for
 * the approve as KDF polls the allowance.
 */
import { MaxUint256, Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { RpcReceipt } from '../../../../../../src/node/coins/eth/chainApi';
import { encodeApprove } from '../../../../../../src/node/coins/eth/erc20';
import type { EthChain } from '../../../../../../src/node/coins/eth/ethChain';
import { APPROVE_POLL_MS, APPROVE_WAIT_MS, ensureAllowance } from '../../../../../../src/node/coins/eth/swap/approve';
import { sendSwapTx } from '../../../../../../src/node/coins/eth/swap/send';
import { SwapValidationError } from '../../../../../../src/node/coins/swapOps';
import { keyPairFromPrivkey } from '../../../../../../src/node/crypto';

const keyPair = keyPairFromPrivkey(new Uint8Array(32).fill(0x11));
const ADDRESS = '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A';
const TOKEN = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const SWAP = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const word = (v: bigint): string => `0x${v.toString(16).padStart(64, '0')}`;

interface FakeChain {
  chain: EthChain;
  sent: Transaction[];
  allowance: bigint;
  receipts: Map<string, RpcReceipt | null>;
  /** The receipt each broadcast gets (null: still pending). */
  nextReceipt: RpcReceipt | null;
  failBroadcast: boolean;
}

function fakeChain(): FakeChain {
  const f: FakeChain = { chain: null as unknown as EthChain, sent: [], allowance: 0n, receipts: new Map(), nextReceipt: null, failBroadcast: false };
  const api = {
    estimateGas: async () => 46_000n,
    // The pending count lags a little, as a node answering over the network does.
    transactionCount: async (address: string, at: string) => {
      expect([address, at]).toEqual([ADDRESS, 'pending']);
      await new Promise((r) => setTimeout(r, 5));
      return f.sent.length;
    },
    call: async (req: { to: string; data: string }) => {
      expect(req.to).toBe(TOKEN);
      return word(f.allowance);
    },
    receipt: async (hash: string) => f.receipts.get(hash) ?? null,
  };
  f.chain = {
    address: ADDRESS,
    chainId: 31337,
    keyPair,
    api,
    // EthChain's send queue, unqueued: the sends' own queue must keep them apart.
    signAndSend: async (sign: (nonce: number) => { hex: string }) => {
      const { hex } = sign(await api.transactionCount(ADDRESS, 'pending'));
      if (f.failBroadcast) throw new Error('node refused');
      const tx = Transaction.from(`0x${hex}`);
      f.sent.push(tx);
      f.receipts.set(tx.hash as string, f.nextReceipt);
      return { txHex: hex, txHash: (tx.hash as string).slice(2) };
    },
  } as unknown as EthChain;
  return f;
}

const ok: RpcReceipt = { status: 1, gasUsed: 46_000n, effectiveGasPrice: 7n, blockNumber: 3, logs: [] };

describe('sendSwapTx', () => {
  it('signs legacy transactions at the given price, one at a time, each with the pending count as nonce', async () => {
    const f = fakeChain();
    const price = async () => 7n;
    const [a, b, c] = await Promise.all([
      sendSwapTx(f.chain, price, { to: SWAP, value: 5n, data: '0x1234', gas: 65_000n }),
      sendSwapTx(f.chain, price, { to: SWAP, value: 0n, data: '0xabcd' }),
      sendSwapTx(f.chain, price, { to: TOKEN, value: 0n, data: '0x' }),
    ]);
    expect(f.sent.map((t) => t.nonce)).toEqual([0, 1, 2]);
    expect(f.sent.map((t) => [t.type, t.gasPrice, t.gasLimit, t.chainId, t.from])).toEqual([
      [0, 7n, 65_000n, 31337n, ADDRESS],
      [0, 7n, 46_000n, 31337n, ADDRESS],
      [0, 7n, 46_000n, 31337n, ADDRESS],
    ]);
    expect(f.sent[0]?.value).toBe(5n);
    expect([a, b, c].map((t) => `0x${t.txHash}`)).toEqual(f.sent.map((t) => t.hash));
    expect(a.txHex).toBe(f.sent[0]?.serialized.slice(2));
  });

  it('a failed broadcast fails its send only; the next one still goes out with the same nonce', async () => {
    const f = fakeChain();
    f.failBroadcast = true;
    await expect(sendSwapTx(f.chain, async () => 1n, { to: SWAP, value: 0n, data: '0x', gas: 21_000n })).rejects.toThrow('node refused');
    f.failBroadcast = false;
    await sendSwapTx(f.chain, async () => 1n, { to: SWAP, value: 0n, data: '0x', gas: 21_000n });
    expect(f.sent.map((t) => t.nonce)).toEqual([0]);
  });
});

describe('ensureAllowance', () => {
  function deps(f: FakeChain) {
    let now = 0;
    const sleeps: number[] = [];
    return {
      sleeps,
      d: {
        chain: f.chain,
        gasPrice: async () => 9n,
        now: () => now,
        sleep: async (ms: number) => {
          sleeps.push(ms);
          now += ms;
        },
      },
    };
  }

  it('sends nothing when the contract may already take the amount', async () => {
    const f = fakeChain();
    f.allowance = 100n;
    expect(await ensureAllowance(deps(f).d, TOKEN, SWAP, 100n)).toBeNull();
    expect(f.sent).toEqual([]);
  });

  it('approves MAX and waits, polling every 5 s, until the approve is mined and the allowance shows', async () => {
    const f = fakeChain();
    f.allowance = 99n;
    const { d, sleeps } = deps(f);
    const done = ensureAllowance({ ...d, sleep: async (ms) => {
      await d.sleep(ms);
      if (sleeps.length === 2) {
        const hash = f.sent[0]?.hash as string;
        f.receipts.set(hash, ok);
        f.allowance = MaxUint256;
      }
    } }, TOKEN, SWAP, 100n);
    const hash = await done;
    expect(f.sent).toHaveLength(1);
    expect(f.sent[0]?.to).toBe(TOKEN);
    expect(f.sent[0]?.data).toBe(encodeApprove(SWAP, MaxUint256));
    expect(f.sent[0]?.gasPrice).toBe(9n);
    expect(`0x${hash}`).toBe(f.sent[0]?.hash);
    expect(sleeps).toEqual([APPROVE_POLL_MS, APPROVE_POLL_MS]);
  });

  it('fails when the approve reverts', async () => {
    const f = fakeChain();
    f.nextReceipt = { ...ok, status: 0 };
    await expect(ensureAllowance(deps(f).d, TOKEN, SWAP, 1n)).rejects.toThrow(SwapValidationError);
    await expect(ensureAllowance(deps(f).d, TOKEN, SWAP, 1n)).rejects.toThrow('reverted');
  });

  it('gives up when the approve is not mined in time', async () => {
    const f = fakeChain();
    const { d, sleeps } = deps(f);
    await expect(ensureAllowance(d, TOKEN, SWAP, 1n)).rejects.toThrow('was not mined');
    expect(sleeps.length).toBe(APPROVE_WAIT_MS / APPROVE_POLL_MS);
  });
});
