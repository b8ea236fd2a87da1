/**
 * The wallet's nonces: the pending count, read fresh each time, never held; sends run one at a
 * time from reading the count to the node's answer, so concurrent ones never share a nonce, and a
 * failed send neither blocks the queue nor burns a nonce.
 */
import { describe, expect, it } from 'vitest';
import { NonceNotNextError, WalletNonces } from '../../../../../src/node/coins/eth/nonce';
import { NodeRpcError } from '../../../../../src/node/coins/eth/provider';
import { MmError } from '../../../../../src/node/core/errors';

/** A node whose pending count answers after a delay and counts what was sent to it. */
function fakeNode() {
  const node = { sent: [] as number[], reads: 0 };
  const pendingCount = async () => {
    node.reads++;
    await new Promise((r) => setTimeout(r, 3));
    return node.sent.length;
  };
  const send = async (nonce: number) => {
    await new Promise((r) => setTimeout(r, 3));
    if (nonce !== node.sent.length) throw new Error(`node got nonce ${nonce}, expected ${node.sent.length}`);
    node.sent.push(nonce);
    return nonce;
  };
  return { node, nonces: new WalletNonces(pendingCount), send };
}

describe('WalletNonces', () => {
  it('previews take the pending count and hold nothing: five previews, then a send gets the same nonce', async () => {
    const { node, nonces, send } = fakeNode();
    const previews = [];
    for (let i = 0; i < 5; i++) previews.push(await nonces.next());
    expect(previews).toEqual([0, 0, 0, 0, 0]);
    expect(await nonces.exclusive(send)).toBe(0);
    expect(await nonces.next()).toBe(1);
    expect(node.reads).toBe(7);
  });

  it('concurrent sends each read the count after the previous one was answered: consecutive nonces', async () => {
    const { node, nonces, send } = fakeNode();
    const sent = await Promise.all(Array.from({ length: 6 }, () => nonces.exclusive(send)));
    expect(sent).toEqual([0, 1, 2, 3, 4, 5]);
    expect(node.sent).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a failed send fails alone; the next one takes the nonce it did not use', async () => {
    const { node, nonces, send } = fakeNode();
    const results = await Promise.allSettled([
      nonces.exclusive(send),
      nonces.exclusive(async () => {
        throw new Error('node refused');
      }),
      nonces.exclusive(send),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(node.sent).toEqual([0, 1]);
  });

  it('a count that cannot be read fails that send only', async () => {
    let fail = true;
    const nonces = new WalletNonces(async () => {
      if (fail) {
        fail = false;
        throw new Error('no node answered');
      }
      return 4;
    });
    await expect(nonces.exclusive(async (n) => n)).rejects.toThrow('no node answered');
    expect(await nonces.exclusive(async (n) => n)).toBe(4);
  });
});

describe('NonceNotNextError', () => {
  it('is the node refusal KDF relays, in geth words, for a nonce used or pending and for one past the next', () => {
    const low = new NonceNotNextError(5, 7);
    expect(low).toBeInstanceOf(NodeRpcError);
    expect(low).toBeInstanceOf(MmError);
    expect(low).toMatchObject({
      errorType: 'Transport',
      httpStatus: 502,
      nonce: 5,
      next: 7,
      message: 'Transport error: eth_sendRawTransaction: nonce too low: next nonce 7, tx nonce 5',
      rpc: { code: -32000, message: 'nonce too low: next nonce 7, tx nonce 5' },
    });
    expect(new NonceNotNextError(9, 7).message).toBe('Transport error: eth_sendRawTransaction: nonce too high: next nonce 7, tx nonce 9');
  });
});
