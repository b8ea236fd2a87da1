/**
 * Nonces of one wallet on one EVM chain, taken as KDF takes them: the node's pending transaction
 * count (`eth_getTransactionCount(address, "pending")`), read right before signing. Nothing is held
 * for later, so a withdraw preview that is never broadcast takes no nonce and no later transaction
 * waits behind a gap (issue 12: five previews pushed the next send to nonce 5 while the chain was
 * at 0, and it stayed queued).
 *
 * What keeps concurrent sends of one wallet (two swaps, a withdraw broadcast during a swap, ETH and
 * its tokens) apart is a queue: "read the count → sign → the node's answer" runs for one send at a
 * time. A signed transaction of ours whose nonce is no longer the next one (the same nonce sent
 * twice, a preview overtaken by another send) is refused in that queue before it reaches the node.
 */
import { NodeRpcError } from './provider';

/** The JSON-RPC error code geth answers a nonce error with. */
const NONCE_ERROR_CODE = -32000;

/**
 * A transaction of this wallet carries a nonce the chain cannot take next: already used or pending
 * (too low), or beyond the next one, where it would wait behind a gap (too high). The text is
 * geth's, as KDF would relay it from the node; the status is the node's refusal (`Transport`).
 */
export class NonceNotNextError extends NodeRpcError {
  constructor(
    readonly nonce: number,
    readonly next: number,
  ) {
    const which = nonce < next ? 'nonce too low' : 'nonce too high';
    const message = `${which}: next nonce ${next}, tx nonce ${nonce}`;
    super('eth_sendRawTransaction', { code: NONCE_ERROR_CODE, message }, undefined);
    this.name = 'NonceNotNextError';
  }
}

export class WalletNonces {
  /** The tail of the sends in flight. */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly pendingCount: () => Promise<number>) {}

  /** The nonce a transaction signed now takes; reserves nothing (a withdraw preview). */
  next(): Promise<number> {
    return this.pendingCount();
  }

  /** Runs `send` with the next nonce once every earlier send of the wallet has had the node's answer. */
  exclusive<T>(send: (next: number) => Promise<T>): Promise<T> {
    const run = this.tail.then(async () => send(await this.pendingCount()));
    this.tail = run.catch(() => undefined);
    return run;
  }
}
