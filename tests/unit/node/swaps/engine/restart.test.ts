/**
 * A node crashes right after each step (or between a broadcast and its write) and starts again
 * from its store: the swap resumes at its last event and completes, paying nothing twice.
 */
import { describe, expect, it } from 'vitest';
import { isErrorEvent } from '../../../../../src/node/swaps/engine/events';
import { settle, runUntil } from './virtualClock';
import { holdings, SwapNet, UUID, type SwapNode } from './harness';

const MAKER_STEPS = ['Negotiated', 'MakerPaymentInstructionsReceived', 'TakerFeeValidated', 'MakerPaymentSent', 'TakerPaymentReceived', 'TakerPaymentWaitConfirmStarted', 'TakerPaymentValidatedAndConfirmed', 'TakerPaymentSpent', 'TakerPaymentSpendConfirmStarted', 'TakerPaymentSpendConfirmed'];
const TAKER_STEPS = ['Negotiated', 'TakerFeeSent', 'TakerPaymentInstructionsReceived', 'MakerPaymentReceived', 'MakerPaymentWaitConfirmStarted', 'MakerPaymentValidatedAndConfirmed', 'TakerPaymentSent', 'TakerPaymentSpent', 'MakerPaymentSpent', 'MakerPaymentSpendConfirmed'];

/** Crashes `node` when it stores `step`, then boots it again from its store once the crash settled. */
function crashAndRestartAt(node: SwapNode, step: string): { restarted: Promise<void> } {
  let restart: () => void = () => undefined;
  const restarted = new Promise<void>((resolve) => {
    restart = resolve;
  });
  node.onEvent = (e) => {
    if (e.event.type !== step) return;
    node.onEvent = null;
    node.crash();
    void node.boot(node.options).then(restart);
  };
  return { restarted };
}

function expectSuccess(node: SwapNode): void {
  expect(node.eventTypes().at(-1)).toBe('Finished');
  expect(node.eventTypes().filter((t) => isErrorEvent(node.role, t))).toEqual([]);
}

async function swapWithRestart(who: 'maker' | 'taker', step: string): Promise<SwapNet> {
  const net = new SwapNet();
  await net.boot();
  const { restarted } = crashAndRestartAt(net[who], step);
  await net.start();
  await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());
  await restarted;
  return net;
}

describe('swap engine: restart after each step', () => {
  it.each(MAKER_STEPS)('maker restarted after %s completes the swap', async (step) => {
    const net = await swapWithRestart('maker', step);
    expectSuccess(net.maker);
    expectSuccess(net.taker);
    expect(holdings(net.maker)).toEqual({ makerCoin: '9', takerCoin: '2' });
    expect(net.makerChain.broadcasts.filter((b) => b.kind === 'payment')).toHaveLength(1);
  });

  it.each(TAKER_STEPS)('taker restarted after %s completes the swap', async (step) => {
    const net = await swapWithRestart('taker', step);
    expectSuccess(net.maker);
    expectSuccess(net.taker);
    expect(holdings(net.taker).makerCoin).toBe('1');
    expect(net.takerChain.broadcasts.filter((b) => b.kind === 'payment')).toHaveLength(1);
    expect(net.takerChain.broadcasts.filter((b) => b.kind === 'fee')).toHaveLength(1);
  });
});

describe('swap engine: a crash between a broadcast and its write', () => {
  it.each([
    ['maker', 'payment'],
    ['taker', 'payment'],
    ['maker', 'spend'],
    ['taker', 'spend'],
  ] as const)('%s crashing after broadcasting its %s finds it on resume and pays nothing twice', async (who, kind) => {
    const net = new SwapNet({ [who]: { crashAfter: kind } });
    await net.boot();
    const node = net[who];
    await net.start();
    await runUntil(net.clock, () => node.ops.get('RLTC1')?.dead === true);
    await settle();
    await node.boot({});
    await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());
    expectSuccess(net.maker);
    expectSuccess(net.taker);
    for (const chain of [net.makerChain, net.takerChain]) {
      const counts = new Map<string, number>();
      for (const b of chain.broadcasts.filter((x) => x.kind === kind)) counts.set(b.by, (counts.get(b.by) ?? 0) + 1);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
    }
    expect(holdings(net.maker)).toEqual({ makerCoin: '9', takerCoin: '2' });
    expect(holdings(net.taker).makerCoin).toBe('1');
  });

  it('a taker crashing after broadcasting its refund resumes and finishes the refund', async () => {
    const net = new SwapNet({ taker: { crashAfter: 'refund' } });
    await net.boot();
    net.maker.onEvent = (e) => e.event.type === 'TakerPaymentValidatedAndConfirmed' && net.maker.crash();
    await net.start();
    await runUntil(net.clock, () => net.taker.ops.get('RLTC2')?.dead === true);
    await settle();
    await net.taker.boot({});
    await runUntil(net.clock, () => net.taker.finished());
    expect(net.takerChain.broadcasts.filter((b) => b.kind === 'refund')).toHaveLength(1);
    expect(net.taker.eventTypes().slice(-3)).toEqual(['TakerPaymentRefunded', 'TakerPaymentRefundFinished', 'Finished']);
    await net.taker.engine.settled(UUID);
  });
});

describe('swap engine: back after days offline', () => {
  const DAYS = 3 * 24 * 3600 * 1000;

  it('a maker whose taker vanished refunds as soon as it is back', async () => {
    const net = new SwapNet();
    await net.boot();
    // The taker vanishes once its fee is in; the maker goes down right after paying.
    net.maker.onEvent = (e) => {
      if (e.event.type === 'TakerFeeValidated') net.taker.crash();
      if (e.event.type === 'MakerPaymentSent') net.maker.crash();
    };
    await net.start();
    await runUntil(net.clock, () => net.maker.ops.get('RLTC1')?.dead === true && net.taker.ops.get('RLTC1')?.dead === true);
    expect(holdings(net.maker).makerCoin).toBe('9');
    net.clock.advanceTo(net.clock.now() + DAYS);
    net.maker.onEvent = null;
    await net.maker.boot({});
    await runUntil(net.clock, () => net.maker.finished());
    expect(net.maker.eventTypes().slice(5)).toEqual([
      'TakerPaymentValidateFailed',
      'MakerPaymentWaitRefundStarted',
      'MakerPaymentRefundStarted',
      'MakerPaymentRefunded',
      'MakerPaymentRefundFinished',
      'Finished',
    ]);
    expect(holdings(net.maker)).toEqual({ makerCoin: '10', takerCoin: '0' });
  });

  it('a taker whose payment was never spent refunds it when it is back', async () => {
    const net = new SwapNet();
    await net.boot();
    // Both go down together just after the taker stored its payment (the maker never hears of it).
    net.taker.onEvent = (e) => {
      if (e.event.type !== 'TakerPaymentSent') return;
      net.taker.crash();
      net.maker.crash();
    };
    await net.start();
    await runUntil(net.clock, () => net.maker.ops.get('RLTC1')?.dead === true && net.taker.ops.get('RLTC1')?.dead === true);
    net.clock.advanceTo(net.clock.now() + DAYS);
    net.taker.onEvent = null;
    await net.taker.boot({});
    await runUntil(net.clock, () => net.taker.finished());
    expect(net.taker.eventTypes().slice(-6)).toEqual([
      'TakerPaymentWaitForSpendFailed',
      'TakerPaymentWaitRefundStarted',
      'TakerPaymentRefundStarted',
      'TakerPaymentRefunded',
      'TakerPaymentRefundFinished',
      'Finished',
    ]);
    const locked = [...net.takerChain.htlcs.values()].filter((h) => h.tx.sender === net.taker.hex && h.outcome === null);
    expect(locked).toEqual([]);
  });

  it('a taker back after the maker spent its payment still claims the maker payment', async () => {
    const net = new SwapNet();
    await net.boot();
    // The taker goes down once its payment reached the maker.
    net.maker.onEvent = (e) => e.event.type === 'TakerPaymentReceived' && net.taker.crash();
    await net.start();
    await runUntil(net.clock, () => net.maker.finished());
    // Days later (past both locks, the maker never refunds a payment it was paid for), the taker returns.
    net.clock.advanceTo(net.clock.now() + DAYS);
    net.taker.onEvent = null;
    await net.taker.boot({});
    await runUntil(net.clock, () => net.taker.finished());
    expect(net.taker.eventTypes().slice(-4)).toEqual(['TakerPaymentSpent', 'MakerPaymentSpent', 'MakerPaymentSpendConfirmed', 'Finished']);
    expect(holdings(net.taker).makerCoin).toBe('1');
  });
});
