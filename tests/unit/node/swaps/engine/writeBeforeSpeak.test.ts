/**
 * A store that fails: the swap stops at the failed write. Nothing is published or broadcast after
 * it, and once the store works again (a restart) the swap resumes from its last stored event.
 */
import { describe, expect, it } from 'vitest';
import { decodeSwapMsg, swapTopic } from '../../../../../src/node/swaps/protocol/messages';
import { holdings, SwapNet, UUID } from './harness';
import { runUntil, settle } from './virtualClock';

const sentMessages = (net: SwapNet): string[] => net.bus.log.filter((m) => m.topic === swapTopic(UUID)).map((m) => decodeSwapMsg(m.payload).type);

describe('swap engine: write before speak', () => {
  it('the taker fee is not announced when TakerFeeSent cannot be stored, and nothing more is paid', async () => {
    const net = new SwapNet();
    await net.boot();
    net.taker.db.failAtEvent = 'TakerFeeSent';
    await net.start();
    await runUntil(net.clock, () => net.maker.finished());
    await net.taker.engine.settled(UUID);
    expect(sentMessages(net)).not.toContain('TakerFee');
    expect(net.takerChain.broadcasts.map((b) => b.kind)).toEqual(['fee']);
    expect(net.taker.eventTypes().at(-1)).toBe('Negotiated');
    // The swap stays active: its store could not say it ended.
    expect(net.taker.activeSwaps.usingCoins(new Set(['RLTC2']))).toEqual([UUID]);
  });

  it('the maker pays nothing when TakerFeeValidated cannot be stored, and completes after a restart', async () => {
    const net = new SwapNet();
    await net.boot();
    net.maker.db.failAtEvent = 'TakerFeeValidated';
    await net.start();
    await runUntil(net.clock, () => net.maker.db.broken);
    await settle();
    await net.maker.engine.settled(UUID);
    expect(net.makerChain.broadcasts).toEqual([]);
    expect(sentMessages(net)).not.toContain('MakerPayment');
    expect(net.maker.eventTypes().at(-1)).toBe('MakerPaymentInstructionsReceived');

    // The disk is fixed and the node restarts: it waits for the (re-sent) taker fee again.
    net.maker.db.failAtEvent = null;
    net.maker.db.broken = false;
    net.maker.crash();
    await net.maker.boot();
    await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());
    expect(net.maker.eventTypes().filter((t) => t === 'TakerFeeValidated')).toHaveLength(1);
    expect(net.maker.eventTypes().filter((t) => t === 'MakerPaymentInstructionsReceived'), 'KDF’s instructions event once').toHaveLength(1);
    expect(holdings(net.maker)).toEqual({ makerCoin: '9', takerCoin: '2' });
  });

  it('a failed start write starts nothing', async () => {
    const net = new SwapNet();
    await net.boot();
    net.maker.db.broken = true;
    // The orders domain marks a connected match active before the swap starts.
    net.maker.activeSwaps.add(UUID, ['RLTC1', 'RLTC2']);
    await expect(net.maker.engine.start(net.maker.params(net.taker))).rejects.toThrow(/disk is full/);
    expect(net.maker.engine.activeUuids()).toEqual([]);
    expect(net.maker.activeSwaps.usingCoins(new Set(['RLTC1']))).toEqual([]);
    expect(net.bus.log).toEqual([]);
  });
});
