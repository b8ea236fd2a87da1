/**
 * A cheating counterparty: a payment with the wrong amount, lock time or secret hash, a
 * negotiation with a wrong lock or secret hash, or messages from a key that is not the matched
 * counterparty. The honest side records KDF's error event, pays nothing more, and gets back what
 * it locked.
 */
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../../src/shared/number';
import { hexToBytes } from '../../../../../src/node/crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { encodeSwapMsg, swapTopic, type NegotiationData } from '../../../../../src/node/swaps/protocol/messages';
import type { MakerSwapData } from '../../../../../src/node/swaps/engine/events';
import { holdings, PAYMENT_LOCKTIME, SwapNet, UUID } from './harness';
import { runUntil } from './virtualClock';

const fee = MmNumber.parse('2').div(MmNumber.parse('777'));

function errorOf(events: { event: { type: string; data?: unknown } }[], type: string): string | undefined {
  const e = events.find((x) => x.event.type === type)?.event as { data?: { error?: string } } | undefined;
  return e?.data?.error;
}

describe('swap engine: a cheating taker payment', () => {
  it('pays half the amount: the maker refuses it and refunds; the taker gets its payment back', async () => {
    const net = new SwapNet({ taker: { tamper: (t) => ({ ...t, amount: t.amount.div(MmNumber.parse('2')) }) } });
    await net.boot();
    await net.start();
    await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());
    const events = net.maker.swap()?.events ?? [];
    expect(errorOf(events, 'TakerPaymentValidateFailed')).toBe('wrong amount');
    expect(net.maker.eventTypes().slice(-6)).toEqual([
      'TakerPaymentValidateFailed',
      'MakerPaymentWaitRefundStarted',
      'MakerPaymentRefundStarted',
      'MakerPaymentRefunded',
      'MakerPaymentRefundFinished',
      'Finished',
    ]);
    expect(holdings(net.maker)).toEqual({ makerCoin: '10', takerCoin: '0' });
    // The maker never spent the taker payment: the taker refunds it.
    expect(holdings(net.taker)).toEqual({ makerCoin: '0', takerCoin: MmNumber.parse('10').sub(fee).toDecimalString() });
  });
});

describe('swap engine: a cheating maker payment', () => {
  it.each([
    ['lock time', { tamper: (t: { timeLock: number }) => ({ ...t, timeLock: t.timeLock - 100 }) }, 'wrong lock time'],
    ['secret hash', { tamper: (t: { secretHash: Uint8Array }) => ({ ...t, secretHash: new Uint8Array(20).fill(7) }) }, 'wrong secret hash'],
    ['amount', { tamper: (t: { amount: MmNumber }) => ({ ...t, amount: MmNumber.parse('0.5') }) }, 'wrong amount'],
  ])('with the wrong %s: the taker refuses it and never pays', async (_what, maker, error) => {
    const net = new SwapNet({ maker: maker as never });
    await net.boot();
    await net.start();
    await runUntil(net.clock, () => net.maker.finished() && net.taker.finished());
    expect(errorOf(net.taker.swap()?.events ?? [], 'MakerPaymentValidateFailed')).toBe(error);
    expect(net.taker.eventTypes().slice(-2)).toEqual(['MakerPaymentValidateFailed', 'Finished']);
    expect(net.takerChain.broadcasts.filter((b) => b.kind === 'payment')).toEqual([]);
    // The cheat's own payment comes back to it by refund; the taker lost only the dex fee.
    expect(holdings(net.taker).takerCoin).toBe(MmNumber.parse('10').sub(fee).toDecimalString());
    expect(holdings(net.maker).makerCoin).toBe('10');
  });
});

describe('swap engine: negotiation', () => {
  /** A maker alone on the bus; the test speaks for the taker. */
  async function lonelyMaker(): Promise<{ net: SwapNet; started: MakerSwapData; reply(d: Partial<NegotiationData>, from?: Uint8Array): void }> {
    const net = new SwapNet();
    await net.boot();
    await net.maker.engine.start(net.maker.params(net.taker));
    const first = net.maker.swap()?.events[0]?.event;
    const started = (first && 'data' in first ? first.data : null) as MakerSwapData;
    const startedAt = started.started_at;
    const reply = (d: Partial<NegotiationData>, from = net.taker.pubkey): void => {
      const data: NegotiationData = {
        version: 2,
        startedAt,
        paymentLocktime: startedAt + PAYMENT_LOCKTIME,
        secretHash: hexToBytes(started.secret_hash),
        persistentPubkey: net.taker.pubkey,
        makerCoinSwapContract: new Uint8Array(),
        takerCoinSwapContract: new Uint8Array(),
        ...d,
      };
      net.bus.inject(swapTopic(UUID), from, encodeSwapMsg({ type: 'NegotiationReply', data }));
    };
    return { net, started, reply };
  }

  it('a reply with a wrong taker lock time ends in NegotiateFailed and Negotiated(false)', async () => {
    const { net, started, reply } = await lonelyMaker();
    reply({ paymentLocktime: started.started_at + PAYMENT_LOCKTIME + 3600 });
    await runUntil(net.clock, () => net.maker.finished());
    expect(net.maker.eventTypes()).toEqual(['Started', 'NegotiateFailed', 'Finished']);
    expect(errorOf(net.maker.swap()?.events ?? [], 'NegotiateFailed')).toMatch(/payment_locktime/);
    expect(net.makerChain.broadcasts).toEqual([]);
  });

  it('a reply with another secret hash is refused', async () => {
    const { net, reply } = await lonelyMaker();
    reply({ secretHash: new Uint8Array(20).fill(1) });
    await runUntil(net.clock, () => net.maker.finished());
    expect(errorOf(net.maker.swap()?.events ?? [], 'NegotiateFailed')).toMatch(/secret hash/);
  });

  it('a perfect reply signed by someone else is ignored: the maker times out', async () => {
    const { net, reply } = await lonelyMaker();
    const stranger = secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true);
    reply({ persistentPubkey: stranger }, stranger);
    await runUntil(net.clock, () => net.maker.finished());
    expect(errorOf(net.maker.swap()?.events ?? [], 'NegotiateFailed')).toBe('Timeout waiting for NegotiationReply');
  });

  it('a garbled message from the counterparty is dropped and its sender penalized', async () => {
    const { net, reply } = await lonelyMaker();
    net.bus.inject(swapTopic(UUID), net.taker.pubkey, new Uint8Array([0x81, 0x09, 0xc0]));
    reply({});
    await runUntil(net.clock, () => net.maker.eventTypes().includes('Negotiated'));
    expect(net.maker.p2p.penalties.length).toBeGreaterThan(0);
    await net.maker.engine.stop();
  });
});
