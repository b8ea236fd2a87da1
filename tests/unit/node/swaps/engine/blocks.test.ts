/**
 * Polls wake on blocks: every wait on a chain ends at the coin's next block or at KDF's 15 s,
 * whichever comes first, so a swap on fast chains takes a few blocks, not a few 15 s polls; a coin
 * that never tells of its blocks still gets its polls every 15 s. While a confirmation is awaited,
 * each new count is told to the page (`swap_confirmations`), once per change.
 */
import { describe, expect, it } from 'vitest';
import { SwapNet } from './harness';
import { runUntil } from './virtualClock';

/**
 * Virtual ms from the taker's `Negotiated` (the chains' part of the swap starts there; the
 * negotiation before it waits on messages) to both sides Finished.
 */
async function swapDuration(net: SwapNet): Promise<number> {
  await net.boot();
  await net.start();
  await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());
  expect(net.maker.eventTypes().at(-2)).toBe('TakerPaymentSpendConfirmed');
  expect(net.taker.eventTypes().at(-2)).toBe('MakerPaymentSpendConfirmed');
  const negotiated = net.taker.swap()?.events.find((e) => e.event.type === 'Negotiated')?.timestamp ?? NaN;
  return net.clock.now() - negotiated;
}

describe('swap engine: polls wake on new blocks', () => {
  it('with 1 s blocks a swap finishes in seconds: each wait for a confirmation or a spend ends at the next block', async () => {
    const ms = await swapDuration(new SwapNet({ blockMs: 1_000 }));
    // Four confirmations awaited one after the other, each a block after its transaction, and the spend watched block by block.
    expect(ms).toBeLessThanOrEqual(5_000);
  });

  it('without block notices the same swap still completes, on 15 s polls', async () => {
    const ms = await swapDuration(new SwapNet({ blockMs: 1_000, maker: { silentBlocks: true }, taker: { silentBlocks: true } }));
    expect(ms).toBeGreaterThanOrEqual(4 * 15_000);
    expect(ms).toBeLessThanOrEqual(5 * 15_000);
  });

  it('a block slower than the 15 s poll does not hold the poll back', async () => {
    // Blocks every minute: the confirmations come with them, but the chain is looked at every 15 s meanwhile.
    const net = new SwapNet();
    const polls: number[] = [];
    net.maker.options.onRead = (m) => m === 'confirmations' && polls.push(net.clock.now());
    await swapDuration(net);
    const gaps = polls.slice(1).map((t, i) => t - polls[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(15_000);
  });
});

describe('swap engine: swap_confirmations', () => {
  it('tells each new confirmation count of the awaited transaction, once per change, up to the required count', async () => {
    const net = new SwapNet({ blockMs: 20_000 });
    await net.boot();
    await net.maker.engine.start({ ...net.maker.params(net.taker), takerPaymentConfirmations: 3 });
    await net.taker.engine.start(net.taker.params(net.maker));
    await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());
    expect(net.maker.eventTypes().at(-2)).toBe('TakerPaymentSpendConfirmed');

    const payment = net.maker.swap()?.events.find((e) => e.event.type === 'TakerPaymentReceived')?.event as { data: { tx_hash: string } };
    const spend = net.maker.swap()?.events.find((e) => e.event.type === 'TakerPaymentSpent')?.event as { data: { tx_hash: string } };
    const told = net.maker.confirmations.map((c) => [c.coin, c.tx_hash, c.confirmations, c.required]);
    expect(told).toEqual([
      ['RLTC2', payment.data.tx_hash, 0, 3],
      ['RLTC2', payment.data.tx_hash, 1, 3],
      ['RLTC2', payment.data.tx_hash, 2, 3],
      ['RLTC2', payment.data.tx_hash, 3, 3],
      ['RLTC2', spend.data.tx_hash, 0, 3],
      ['RLTC2', spend.data.tx_hash, 1, 3],
      ['RLTC2', spend.data.tx_hash, 2, 3],
      ['RLTC2', spend.data.tx_hash, 3, 3],
    ]);
    expect(net.maker.confirmations.every((c) => c.uuid === net.maker.swap()?.uuid)).toBe(true);
    // The taker waited for one confirmation of the maker payment and of its spend.
    expect(net.taker.confirmations.map((c) => [c.coin, c.confirmations, c.required])).toEqual([
      ['RLTC1', 0, 1],
      ['RLTC1', 1, 1],
      ['RLTC1', 0, 1],
      ['RLTC1', 1, 1],
    ]);
  });

  it('a transaction the chain no longer knows is told as null, then the re-broadcast from 0', async () => {
    const net = new SwapNet();
    await net.boot();
    let dropped = '';
    net.maker.onEvent = (e) => {
      // The chain drops the maker's spend of the taker payment as soon as it is stored.
      if (e.event.type !== 'TakerPaymentSpent') return;
      dropped = (e.event as { data: { tx_hash: string } }).data.tx_hash;
      net.takerChain.mined.delete(dropped);
      const htlc = [...net.takerChain.htlcs.values()].find((h) => h.outcome?.type === 'Spent');
      if (htlc) htlc.outcome = null;
    };
    await net.start();
    await runUntil(net.clock, () => net.maker.finished());
    // The re-broadcast spend is the same transaction: it is seen again from the mempool on.
    const told = net.maker.confirmations.filter((c) => c.tx_hash === dropped).map((c) => c.confirmations);
    expect(told).toEqual([null, 0, 1]);
    expect(net.takerChain.broadcasts.filter((b) => b.kind === 'spend')).toHaveLength(2);
  });
});
