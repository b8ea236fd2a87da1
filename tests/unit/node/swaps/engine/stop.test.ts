/**
 * A stopped engine stops: after `SwapEngine.stop()` no step starts and nothing more is broadcast,
 * even when the stop lands in the middle of a step that has already decided to pay or spend; the
 * next start on the same store resumes from the last stored event and completes the swap, paying
 * nothing twice.
 */
import { describe, expect, it } from 'vitest';
import { isErrorEvent } from '../../../../../src/node/swaps/engine/events';
import { holdings, SwapNet, UUID, type SwapNode } from './harness';
import type { VirtualClock } from './virtualClock';
import { runUntil, settle } from './virtualClock';

const MAKER_STEPS = ['Negotiated', 'TakerFeeValidated', 'MakerPaymentSent', 'TakerPaymentReceived', 'TakerPaymentWaitConfirmStarted', 'TakerPaymentValidatedAndConfirmed', 'TakerPaymentSpent', 'TakerPaymentSpendConfirmStarted', 'TakerPaymentSpendConfirmed'];
const TAKER_STEPS = ['Negotiated', 'TakerFeeSent', 'MakerPaymentReceived', 'MakerPaymentWaitConfirmStarted', 'MakerPaymentValidatedAndConfirmed', 'TakerPaymentSent', 'TakerPaymentSpent', 'MakerPaymentSpent', 'MakerPaymentSpendConfirmed'];

/** Runs every timer due within the next `ms` of virtual time. */
async function runFor(clock: VirtualClock, ms: number): Promise<void> {
  const until = clock.now() + ms;
  for (;;) {
    await settle();
    const next = clock.nextTimer();
    if (next === undefined || next > until) break;
    clock.advanceTo(next);
  }
  clock.advanceTo(until);
  await settle();
}

/** What `node` has broadcast on both chains so far. */
const broadcastsBy = (net: SwapNet, node: SwapNode): string[] =>
  [net.makerChain, net.takerChain].flatMap((c) => c.broadcasts.filter((b) => b.by === node.hex).map((b) => `${c.ticker}:${b.kind}`));

function expectSuccess(node: SwapNode): void {
  expect(node.eventTypes().at(-1)).toBe('Finished');
  expect(node.eventTypes().filter((t) => isErrorEvent(node.role, t))).toEqual([]);
}

/** Both sides finished with success, each payment sent once and each side holding what it bought. */
async function expectCompleted(net: SwapNet): Promise<void> {
  await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());
  expectSuccess(net.maker);
  expectSuccess(net.taker);
  expect(net.makerChain.broadcasts.filter((b) => b.kind === 'payment')).toHaveLength(1);
  expect(net.takerChain.broadcasts.filter((b) => b.kind === 'payment')).toHaveLength(1);
  expect(net.takerChain.broadcasts.filter((b) => b.kind === 'fee')).toHaveLength(1);
  expect(holdings(net.maker)).toEqual({ makerCoin: '9', takerCoin: '2' });
  expect(holdings(net.taker).makerCoin).toBe('1');
}

describe('swap engine: a stop between steps', () => {
  it.each([...MAKER_STEPS.map((s) => ['maker', s] as const), ...TAKER_STEPS.map((s) => ['taker', s] as const)])(
    '%s stopped once it stored %s takes no further step, broadcasts nothing more, and resumes to Finished',
    async (who, step) => {
      const net = new SwapNet();
      await net.boot();
      const node = net[who];
      let stopped: Promise<void> | null = null;
      node.onEvent = (e) => {
        if (e.event.type !== step) return;
        node.onEvent = null;
        stopped = node.stop();
      };
      await net.start();
      await runUntil(net.clock, () => stopped !== null);
      await stopped;
      const events = node.eventTypes();
      const sent = broadcastsBy(net, node);
      expect(events.at(-1)).toBe(step);
      // A while later (longer than a poll, shorter than any protocol wait) the stopped side has done nothing.
      await runFor(net.clock, 20_000);
      expect(node.eventTypes()).toEqual(events);
      expect(broadcastsBy(net, node)).toEqual(sent);
      expect(node.engine.activeUuids()).toEqual([]);

      await node.boot();
      expect(node.engine.activeUuids()).toEqual([UUID]);
      await expectCompleted(net);
      // The resumed run went on from the stored event: the events before it are the stopped run's.
      expect(node.eventTypes().slice(0, events.length)).toEqual(events);
      expect(new Set(node.eventTypes()).size).toBe(node.eventTypes().length);
    },
  );
});

describe('swap engine: a stop in the middle of a step', () => {
  it.each([
    ['maker', 'checkIfMyPaymentSent', 'TakerFeeValidated', 'RLTC1:payment'],
    ['taker', 'checkIfMyPaymentSent', 'MakerPaymentValidatedAndConfirmed', 'RLTC2:payment'],
    ['maker', 'findPaymentOutcome', 'TakerPaymentValidatedAndConfirmed', 'RLTC2:spend'],
  ] as const)('%s stopped during %s (right before it would broadcast) sends nothing; the resume sends it once', async (who, read, lastEvent, kind) => {
    const net = new SwapNet({
      [who]: {
        onRead: (method: string) => {
          if (method !== read || stopped) return;
          stopped = net[who].stop();
        },
      },
    });
    let stopped: Promise<void> | null = null;
    await net.boot();
    const node = net[who];
    await net.start();
    await runUntil(net.clock, () => stopped !== null);
    await stopped;
    expect(node.eventTypes().at(-1)).toBe(lastEvent);
    await runFor(net.clock, 20_000);
    expect(broadcastsBy(net, node)).not.toContain(kind);
    expect(node.eventTypes().at(-1)).toBe(lastEvent);

    await node.boot({});
    await expectCompleted(net);
    expect(broadcastsBy(net, node).filter((b) => b === kind)).toHaveLength(1);
  });

  it('a stop during a refund wait sends no refund; after the restart the refund is sent once', async () => {
    const net = new SwapNet();
    await net.boot();
    // The maker vanishes once the taker paid: the taker waits for its lock time, then refunds.
    net.maker.onEvent = (e) => e.event.type === 'TakerPaymentReceived' && net.maker.crash();
    let stopped: Promise<void> | null = null;
    net.taker.onEvent = (e) => {
      if (e.event.type === 'TakerPaymentWaitRefundStarted') stopped = net.taker.stop();
    };
    await net.start();
    await runUntil(net.clock, () => stopped !== null);
    await stopped;
    // Far past the lock time, a stopped taker still refunds nothing.
    net.clock.advanceTo(net.clock.now() + 3_600_000);
    await runFor(net.clock, 60_000);
    expect(net.takerChain.broadcasts.filter((b) => b.kind === 'refund')).toEqual([]);
    net.taker.onEvent = null;
    await net.taker.boot();
    await runUntil(net.clock, () => net.taker.finished());
    expect(net.takerChain.broadcasts.filter((b) => b.kind === 'refund')).toHaveLength(1);
    expect(net.taker.eventTypes().slice(-5)).toEqual(['TakerPaymentWaitRefundStarted', 'TakerPaymentRefundStarted', 'TakerPaymentRefunded', 'TakerPaymentRefundFinished', 'Finished']);
  });
});
