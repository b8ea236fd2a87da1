/**
 * Admission of watcher messages: a KDF taker's message is taken, and every forged one (wrong keys,
 * lock durations, times, preimages that spend another HTLC, pay someone else, carry another
 * signature, or are not one input and one output) is refused from its bytes alone: the fake chain
 * behind the real UTXO watcher ops counts every request, and none is made. KDF's own checks are
 * the lock duration (×1, ×4, ×10 of `payment_locktime`) and the refund's redeem script
 * (`INVALID_REFUND_TX_ERR_LOG`); the rest are ours.
 */
import { Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { hash160 } from '../../../../../src/node/crypto';
import { p2pkhScript, p2wpkhScript } from '../../../../../src/node/coins/utxo/tx';
import { admit, WatcherRefusal, type AdmissionContext } from '../../../../../src/node/swaps/watcher/admission';
import { encodeWatcherMsg } from '../../../../../src/node/swaps/watcher/message';
import { FakeChain, kdfTakerSwap, LOCK, MAKER, STARTED_AT, STRANGER, TAKER, type SwapParts } from './fixtures';

const NOW = STARTED_AT + 120;

function context(chain: FakeChain, over: Partial<AdmissionContext> = {}): AdmissionContext {
  const ops = { RLTC1: chain.ops('RLTC1'), RLTC2: chain.ops('RLTC2') } as Record<string, ReturnType<FakeChain['ops']>>;
  return { nowSec: NOW, paymentLocktime: LOCK, opsFor: (t) => ops[t], ...over };
}

function refusal(f: () => unknown): WatcherRefusal {
  try {
    f();
  } catch (e) {
    if (e instanceof WatcherRefusal) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

const withData = (parts: SwapParts, over: Partial<SwapParts['data']>): Uint8Array => encodeWatcherMsg({ ...parts.data, ...over });

describe('watcher admission', () => {
  it("admits a KDF taker's message, reading the maker payment's lock from the spend preimage, without asking the chain", async () => {
    const parts = await kdfTakerSwap();
    const chain = new FakeChain();
    const admitted = admit(parts.payload, TAKER.publicKey, context(chain));
    expect(admitted.data.uuid).toBe(parts.data.uuid);
    expect(admitted.refund.htlcTimeLock).toBe(STARTED_AT + LOCK);
    expect(admitted.spend.htlcTimeLock).toBe(STARTED_AT + 2 * LOCK);
    expect(admitted.refund.tx.txHash).toBe(parts.refundPreimage.getId());
    expect(chain.calls).toBe(0);
  });

  it('takes ×4 and ×10 lock durations (KDF) and a maker lock a minute off (the sides\' started_at may differ by 60 s)', async () => {
    for (const lockDuration of [LOCK * 4, LOCK * 10]) {
      const parts = await kdfTakerSwap({ lockDuration });
      expect(admit(parts.payload, TAKER.publicKey, context(new FakeChain())).data.lockDuration).toBe(lockDuration);
    }
    const drift = await kdfTakerSwap({ makerLock: STARTED_AT + 2 * LOCK + 60 });
    expect(admit(drift.payload, TAKER.publicKey, context(new FakeChain())).spend.htlcTimeLock).toBe(STARTED_AT + 2 * LOCK + 60);
  });

  const hostile: [string, () => Promise<[Uint8Array, Uint8Array]>, string][] = [
    ['bytes that are not a message', async () => [Uint8Array.of(0x81, 0x00, 0x90), TAKER.publicKey], 'malformed'],
    ['a lock duration this node would not agree to', async () => {
      const p = await kdfTakerSwap({ lockDuration: LOCK * 2 });
      return [p.payload, TAKER.publicKey];
    }, 'lock_duration'],
    ['a swap that starts in the future', async () => {
      const p = await kdfTakerSwap({ startedAt: NOW + 120 });
      return [p.payload, TAKER.publicKey];
    }, 'future'],
    ["a swap past the maker payment's lock (a replay of an old one)", async () => {
      const p = await kdfTakerSwap({ startedAt: NOW - 2 * LOCK });
      return [p.payload, TAKER.publicKey];
    }, 'stale'],
    ['a coin this node does not run', async () => {
      const p = await kdfTakerSwap();
      return [withData(p, { makerCoin: 'BTC' }), TAKER.publicKey];
    }, 'coin_not_watched'],
    ['a maker key that is no point', async () => {
      const p = await kdfTakerSwap();
      return [withData(p, { makerPub: Uint8Array.of(0x02, ...new Uint8Array(32).fill(0xff)) }), TAKER.publicKey];
    }, 'bad_key'],
    ['the maker key signing as the taker', async () => {
      const p = await kdfTakerSwap();
      return [p.payload, MAKER.publicKey];
    }, 'bad_key'],
    ['a message signed by someone else than the taker of the preimages', async () => {
      const p = await kdfTakerSwap();
      return [p.payload, STRANGER.publicKey];
    }, 'bad_refund_preimage'],
    ['preimages signed by another key', async () => {
      const p = await kdfTakerSwap({ preimageKey: STRANGER });
      return [p.payload, TAKER.publicKey];
    }, 'bad_refund_preimage'],
    ['preimages that pay someone else', async () => {
      const p = await kdfTakerSwap({ payTo: p2pkhScript(hash160(STRANGER.publicKey)) });
      return [p.payload, TAKER.publicKey];
    }, 'bad_refund_preimage'],
    ['a refund of another payment than the one named', async () => {
      const p = await kdfTakerSwap();
      return [withData(p, { takerPaymentHash: new Uint8Array(32).fill(7) }), TAKER.publicKey];
    }, 'bad_refund_preimage'],
    ['a refund for another secret hash (KDF: Invalid refund transaction)', async () => {
      const p = await kdfTakerSwap();
      return [withData(p, { secretHash: new Uint8Array(20).fill(9) }), TAKER.publicKey];
    }, 'bad_refund_preimage'],
    ['a spend of another payment than the maker payment named', async () => {
      const p = await kdfTakerSwap();
      return [withData(p, { makerPaymentHash: new Uint8Array(32).fill(7) }), TAKER.publicKey];
    }, 'bad_spend_preimage'],
    ["a spend whose maker lock is not twice the taker's", async () => {
      const p = await kdfTakerSwap({ makerLock: STARTED_AT + 2 * LOCK + 61 });
      return [p.payload, TAKER.publicKey];
    }, 'bad_spend_preimage'],
    ['a refund preimage with a second output', async () => {
      const p = await kdfTakerSwap();
      const tx = Transaction.fromBuffer(p.refundPreimage.toBuffer());
      tx.addOutput(p2pkhScript(hash160(STRANGER.publicKey)), 1000n);
      return [withData(p, { takerPaymentRefundPreimage: tx.toBuffer() }), TAKER.publicKey];
    }, 'bad_refund_preimage'],
    ['a spend preimage sent as the refund', async () => {
      const p = await kdfTakerSwap();
      return [withData(p, { takerPaymentRefundPreimage: p.spendPreimage.toBuffer() }), TAKER.publicKey];
    }, 'bad_refund_preimage'],
    ['a spend preimage whose output was changed after signing', async () => {
      const p = await kdfTakerSwap();
      const tx = Transaction.fromBuffer(p.spendPreimage.toBuffer());
      tx.outs[0]!.value -= 50_000n;
      return [withData(p, { makerPaymentSpendPreimage: tx.toBuffer() }), TAKER.publicKey];
    }, 'bad_spend_preimage'],
  ];

  it.each(hostile)('refuses %s, without a chain request', async (_label, make, reason) => {
    const chain = new FakeChain();
    const [payload, signer] = await make();
    expect(refusal(() => admit(payload, signer, context(chain))).reason).toBe(reason);
    expect(chain.calls).toBe(0);
  });

  it('takes preimages paying the taker\'s P2WPKH script, as a segwit taker makes them', async () => {
    const parts = await kdfTakerSwap({ payTo: p2wpkhScript(hash160(TAKER.publicKey)) });
    expect(admit(parts.payload, TAKER.publicKey, context(new FakeChain())).data.uuid).toBe(parts.data.uuid);
  });
});
