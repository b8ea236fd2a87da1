/**
 * `recover_funds_of_swap` over swaps the engine ran on fake chains until a node crashed, their
 * records then ended as a finished-with-error swap (what KDF leaves, or an import brings): the
 * refund waits for the lock, a known or revealed secret spends the other payment, and nothing is
 * tried twice.
 */
import { describe, expect, it } from 'vitest';
import type { MmError } from '../../../../src/node/core/errors';
import type { SavedSwap } from '../../../../src/node/swaps/engine/savedSwap';
import { makerSideTerms } from '../../../../src/node/swaps/engine/terms';
import { hexToBytes } from '../../../../src/node/crypto';
import { FakeSwapOps } from './engine/fakeChain';
import { holdings, SwapNet, UUID, type SwapNode } from './engine/harness';
import { runUntil, settle } from './engine/virtualClock';

/** Ends the node's stored swap with `error` then `Finished`, as a swap that gave up. */
function finishWithError(node: SwapNode, error: string): SavedSwap {
  const record = node.db.records.get(UUID);
  if (!record) throw new Error('no stored swap');
  const swap = structuredClone(record.saved_swap) as SavedSwap;
  const t = swap.events.at(-1)?.timestamp ?? 0;
  (swap.events as unknown[]).push({ timestamp: t + 1, event: { type: error, data: { error: 'gave up' } } }, { timestamp: t + 2, event: { type: 'Finished' } });
  node.db.records.set(UUID, { ...record, is_finished: 1, saved_swap: swap });
  return swap;
}

/** Runs until `node` stored an event of `type`, then crashes it there. */
async function crashAt(net: SwapNet, node: SwapNode, type: string): Promise<void> {
  let crashed = false;
  node.onEvent = (e) => {
    if (e.event.type === type && !crashed) {
      crashed = true;
      node.crash();
    }
  };
  await net.start();
  await runUntil(net.clock, () => crashed);
  await settle();
}

const errorOf = async (p: Promise<unknown>): Promise<MmError> => {
  try {
    await p;
  } catch (e) {
    return e as MmError;
  }
  throw new Error('expected a failure');
};

describe('recover_funds_of_swap', () => {
  it('refunds the maker payment once the lock allows, and only once', async () => {
    const net = new SwapNet();
    await net.boot();
    await crashAt(net, net.maker, 'MakerPaymentSent');
    net.taker.crash();
    await settle();
    const swap = finishWithError(net.maker, 'TakerPaymentValidateFailed');
    await net.maker.boot();
    const lock = swap.events[0]?.event.type === 'Started' && 'maker_payment_lock' in swap.events[0].event.data ? swap.events[0].event.data.maker_payment_lock : 0;
    expect(holdings(net.maker).makerCoin).toBe('9');

    const early = await errorOf(net.maker.engine.recoverFunds(UUID));
    expect(early.errorType).toBe('RecoverFundsError');
    expect(early.message).toBe(`Too early to refund, wait until ${lock}`);
    expect(holdings(net.maker).makerCoin).toBe('9');

    net.clock.advanceTo(lock * 1000);
    const recovered = await net.maker.engine.recoverFunds(UUID);
    expect(recovered.action).toBe('RefundedMyPayment');
    expect(recovered.coin).toBe('RLTC1');
    expect(net.makerChain.broadcasts.at(-1)).toMatchObject({ kind: 'refund', hash: recovered.transaction.txHash });
    expect(holdings(net.maker).makerCoin).toBe('10');

    const again = await errorOf(net.maker.engine.recoverFunds(UUID));
    expect(again.message).toMatch(/^Maker payment was already refunded by RLTC1 tx [0-9a-f]{64}$/);
    expect(holdings(net.maker).makerCoin).toBe('10');
  });

  it("the taker spends the maker payment with the secret the maker's spend revealed", async () => {
    const net = new SwapNet();
    await net.boot();
    await crashAt(net, net.taker, 'TakerPaymentSpent');
    await runUntil(net.clock, () => net.maker.finished());
    finishWithError(net.taker, 'MakerPaymentSpendFailed');
    await net.taker.boot();
    expect(holdings(net.taker).makerCoin).toBe('0');

    const recovered = await net.taker.engine.recoverFunds(UUID);
    expect(recovered).toMatchObject({ action: 'SpentOtherPayment', coin: 'RLTC1' });
    expect(holdings(net.taker).makerCoin).toBe('1');

    const again = await errorOf(net.taker.engine.recoverFunds(UUID));
    expect(again.message).toMatch(/^Maker payment was already spent by RLTC1 tx [0-9a-f]{64}$/);
    expect(holdings(net.taker).makerCoin).toBe('1');
  });

  it('the maker whose payment was taken spends the taker payment', async () => {
    const net = new SwapNet();
    await net.boot();
    await crashAt(net, net.maker, 'TakerPaymentValidatedAndConfirmed');
    net.taker.crash();
    await settle();
    // The taker takes the maker payment with the secret (as a taker with it would), the maker never spent.
    const stored = net.maker.db.records.get(UUID)?.saved_swap as SavedSwap;
    const [started, negotiated] = [stored.events[0]?.event, stored.events.find((e) => e.event.type === 'Negotiated')?.event];
    const sent = stored.events.find((e) => e.event.type === 'MakerPaymentSent')?.event;
    if (started?.type !== 'Started' || negotiated?.type !== 'Negotiated' || sent?.type !== 'MakerPaymentSent' || stored.type !== 'Maker') throw new Error('unexpected events');
    const terms = makerSideTerms(started.data as never, negotiated.data as never);
    const takerOps = new FakeSwapOps(net.makerChain, net.taker.pubkey);
    await takerOps.spendPayment({ txHex: sent.data.tx_hex, txHash: sent.data.tx_hash }, terms.makerPayment, hexToBytes((started.data as { secret: string }).secret));
    finishWithError(net.maker, 'TakerPaymentSpendFailed');
    await net.maker.boot();

    const recovered = await net.maker.engine.recoverFunds(UUID);
    expect(recovered).toMatchObject({ action: 'SpentOtherPayment', coin: 'RLTC2' });
    expect(holdings(net.maker)).toEqual({ makerCoin: '9', takerCoin: '2' });
  });

  it('refuses a running or unfinished swap, an unknown one, and a swap whose coin is not active', async () => {
    const net = new SwapNet();
    await net.boot();
    await crashAt(net, net.taker, 'TakerPaymentSent');
    expect((await errorOf(net.maker.engine.recoverFunds(UUID))).message).toBe('Swap must be finished before recover funds attempt');
    await net.taker.boot();
    net.taker.crash();
    await settle();
    expect((await errorOf(net.taker.engine.recoverFunds(UUID))).message).toBe('Swap must be finished before recover funds attempt');
    expect((await errorOf(net.taker.engine.recoverFunds('00000000-0000-4000-8000-000000000000'))).message).toBe('swap data is not found');

    finishWithError(net.taker, 'TakerPaymentWaitForSpendFailed');
    await net.taker.boot();
    net.taker.ops.delete('RLTC1');
    expect((await errorOf(net.taker.engine.recoverFunds(UUID))).message).toBe('Coin RLTC1 is not activated');
    const takerCoinBefore = holdings(net.taker).takerCoin;
    expect(net.takerChain.broadcasts.filter((b) => b.kind === 'refund')).toEqual([]);
    expect(holdings(net.taker).takerCoin).toBe(takerCoinBefore);
  });
});
