/**
 * Sending the transactions of a swap from the wallet: a legacy transaction priced as the coin's
 * withdraw prices one, with KDF's fixed gas limit of the call (or `eth_estimateGas` where KDF
 * estimates), signed and broadcast. The nonce is the chain's pending count, read right before
 * signing: a swap never holds a nonce for a transaction it has not sent. The sends of one wallet
 * run one at a time (ETH and its tokens share the chain), so two swaps stepping at once never
 * read the same pending count.
 */
import type { SwapTx } from '../../swapOps';
import type { EthChain } from '../ethChain';
import { signLegacyTx } from '../txCodec';

/** What a swap transaction does; `gas` absent means `eth_estimateGas`. */
export interface SwapCallTx {
  to: string;
  value: bigint;
  data: string;
  gas?: bigint;
}

/** One queue per wallet: the tail of the sends in flight. */
const queues = new WeakMap<EthChain, Promise<unknown>>();

/** Signs and broadcasts `call` at `gasPrice` (wei); resolves with the transaction as swap events store it. */
export function sendSwapTx(chain: EthChain, gasPrice: () => Promise<bigint>, call: SwapCallTx): Promise<SwapTx> {
  const run = async (): Promise<SwapTx> => {
    const price = await gasPrice();
    const gas = call.gas ?? (await chain.api.estimateGas({ from: chain.address, to: call.to, value: call.value, data: call.data }));
    // The pending count is read, signed with and sent in the wallet's send queue, which withdraw broadcasts share.
    return chain.signAndSend((nonce) =>
      signLegacyTx({ chainId: chain.chainId, nonce, gasPrice: price, gas, to: call.to, value: call.value, data: call.data }, chain.keyPair.privateKey),
    );
  };
  const next = (queues.get(chain) ?? Promise.resolve()).then(run);
  queues.set(
    chain,
    next.catch(() => undefined),
  );
  return next;
}
