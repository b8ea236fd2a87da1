import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../../src/shared/number';
import { decodeSwapMsg, swapTopic } from '../../../../../src/node/swaps/protocol/messages';
import { DEX_FEE_KEY } from './fakeChain';
import { MAKER_AMOUNT, SwapNet, TAKER_AMOUNT, UUID } from './harness';
import { runUntil } from './virtualClock';

const MAKER_EVENTS = [
  'Started',
  'Negotiated',
  'MakerPaymentInstructionsReceived',
  'TakerFeeValidated',
  'MakerPaymentSent',
  'TakerPaymentReceived',
  'TakerPaymentWaitConfirmStarted',
  'TakerPaymentValidatedAndConfirmed',
  'TakerPaymentSpent',
  'TakerPaymentSpendConfirmStarted',
  'TakerPaymentSpendConfirmed',
  'Finished',
];
const TAKER_EVENTS = [
  'Started',
  'Negotiated',
  'TakerFeeSent',
  'TakerPaymentInstructionsReceived',
  'MakerPaymentReceived',
  'MakerPaymentWaitConfirmStarted',
  'MakerPaymentValidatedAndConfirmed',
  'TakerPaymentSent',
  'TakerPaymentSpent',
  'MakerPaymentSpent',
  'MakerPaymentSpendConfirmed',
  'Finished',
];

describe('swap engine: happy path', () => {
  it("confirms each payment before validating it, as KDF does, so payments readable only once mined (QRC20's) pass", async () => {
    const net = new SwapNet({ maker: { validatesMinedOnly: true }, taker: { validatesMinedOnly: true } });
    await net.boot();
    await net.start();
    await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());
    expect(net.maker.eventTypes()).toEqual(MAKER_EVENTS);
    expect(net.taker.eventTypes()).toEqual(TAKER_EVENTS);
  });

  it('runs maker and taker to Finished, moving the coins both ways', async () => {
    const net = new SwapNet();
    await net.boot();
    await net.start();
    expect(net.maker.activeSwaps.usingCoins(new Set(['RLTC1']))).toEqual([UUID]);
    await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());

    expect(net.maker.eventTypes()).toEqual(MAKER_EVENTS);
    expect(net.taker.eventTypes()).toEqual(TAKER_EVENTS);
    // The maker got the taker coin, the taker the maker coin; the dex fee went to the fee key.
    expect(net.takerChain.balance(net.maker.hex).eq(TAKER_AMOUNT)).toBe(true);
    expect(net.makerChain.balance(net.taker.hex).eq(MAKER_AMOUNT)).toBe(true);
    expect(net.makerChain.balance(net.maker.hex).eq(MmNumber.parse('9'))).toBe(true);
    const fee = net.takerChain.balance(DEX_FEE_KEY);
    expect(fee.eq(TAKER_AMOUNT.div(MmNumber.parse('777')))).toBe(true);
    expect(net.takerChain.balance(net.taker.hex).eq(MmNumber.parse('8').sub(fee))).toBe(true);

    // The taker learned the maker's secret from the spend, and it is the one the maker derived.
    const takerSpent = net.taker.swap()?.events.find((e) => e.event.type === 'TakerPaymentSpent')?.event;
    const makerStarted = net.maker.swap()?.events[0]?.event;
    expect(takerSpent && 'data' in takerSpent && (takerSpent.data as { secret: string }).secret).toBe(
      makerStarted && 'data' in makerStarted && (makerStarted.data as { secret: string }).secret,
    );
    // Finished swaps leave the active set; the page saw every event.
    await net.maker.engine.settled(UUID);
    await net.taker.engine.settled(UUID);
    expect(net.maker.activeSwaps.usingCoins(new Set(['RLTC1', 'RLTC2']))).toEqual([]);
    expect(net.maker.engine.activeUuids()).toEqual([]);
    expect(net.maker.events.map((e) => e.event.type)).toEqual(MAKER_EVENTS.slice(1));
    expect(net.maker.started).toHaveLength(1);
    // Every swap message on the topic came from one of the two parties and decodes.
    const msgs = net.bus.log.filter((m) => m.topic === swapTopic(UUID));
    expect(msgs.map((m) => decodeSwapMsg(m.payload).type)).toEqual(expect.arrayContaining(['Negotiation', 'NegotiationReply', 'Negotiated', 'TakerFee', 'MakerPayment', 'TakerPayment']));
  });

  it('confirms the last transaction before Finished', async () => {
    const net = new SwapNet();
    await net.boot();
    await net.start();
    await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());
    const spend = net.takerChain.broadcasts.find((b) => b.kind === 'spend');
    const finishedAt = net.maker.swap()?.events.at(-1)?.timestamp ?? 0;
    expect(spend).toBeDefined();
    // The spend was mined at least a block before the maker called the swap finished.
    expect(Math.floor(finishedAt / 60_000) - (net.takerChain.mined.get(spend?.hash ?? '') ?? Infinity)).toBeGreaterThanOrEqual(1);
  });

  it('a coin that is not active starts nothing and leaves the active set', async () => {
    const net = new SwapNet();
    await net.boot();
    net.maker.activeSwaps.add(UUID, ['NOPE', 'RLTC2']);
    await net.maker.engine.start({ ...net.maker.params(net.taker), makerCoin: 'NOPE' });
    expect(net.maker.swap()).toBeUndefined();
    expect(net.maker.activeSwaps.usingCoins(new Set(['NOPE']))).toEqual([]);
    expect(net.bus.log).toEqual([]);
  });
});
