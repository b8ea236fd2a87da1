/**
 * What a UTXO taker hands to watchers, checked by this node's watcher code (the same checks a KDF
 * watcher makes, and stricter): the dex fee's nLockTime (KDF's `transaction_preimage`: now), the
 * maker-payment spend preimage and the taker-payment refund preimage (KDF's `create_*_preimage`).
 * KDF's own tests of these are docker tests with no fixed bytes, so the expectations are KDF's
 * rules: one input spending the HTLC output, one output to the taker of the value less the 496-byte
 * spend fee, the spend's final sequence and `<sig> <redeem>`, the refund's final − 1 and the HTLC's lock.
 */
import { Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../../../src/shared/number';
import type { HtlcTerms, SwapTx } from '../../../../../../src/node/coins/swapOps';
import { takerPreimageOpsOf } from '../../../../../../src/node/coins/watcherOps';
import { UtxoWatcherOps } from '../../../../../../src/node/coins/utxo/swap/watcherOps';
import { UtxoSwapOps } from '../../../../../../src/node/coins/utxo/swapOps';
import { readPushes } from '../../../../../../src/node/coins/utxo/tx/scripts/htlc';
import { redeemScriptOf } from '../../../../../../src/node/coins/utxo/swap/payment';
import { hash160, hexToBytes } from '../../../../../../src/node/crypto';
import { admit } from '../../../../../../src/node/swaps/watcher/admission';
import { encodeWatcherMsg } from '../../../../../../src/node/swaps/watcher/message';
import { FakeChain, FakeUtxoCoin, keyOf } from './fakeUtxoCoin';

const COIN = 100_000_000n;
const taker = keyOf(1);
const maker = keyOf(2);
const secret = new Uint8Array(32).fill(0x42);
const T0 = 1_700_000_000;
/** The swap: started after the chain's median time past (block 35's time, T0 + 350), KDF's default lock. */
const STARTED_AT = T0 + 400;
const LOCK = 7800;
const NOW = STARTED_AT + 120;
/**
 * KDF's `get_htlc_spend_fee(DEFAULT_SWAP_TX_SPEND_SIZE, WatcherPreimage)`: RLTC1's dynamic rate (the
 * server has no estimate here: KDF's 1000 sat/kB) raised by the default `txfee_volatility_percent`
 * 0.5 % (1005 sat/kB), for 496 bytes: 498 sat (a node's own spend pays 496).
 */
const SPEND_FEE = 498n;

function swap() {
  const chain = new FakeChain();
  chain.headerTimes = Array.from({ length: 41 }, (_, h) => T0 + 10 * h);
  const takerCoin = new FakeUtxoCoin(taker, chain, [
    { txid: '11'.repeat(32), vout: 0, value: COIN, height: 1 },
    { txid: '33'.repeat(32), vout: 0, value: COIN, height: 1 },
  ]);
  const makerCoin = new FakeUtxoCoin(maker, chain, [{ txid: '22'.repeat(32), vout: 0, value: COIN, height: 1 }]);
  takerCoin.now = NOW;
  makerCoin.now = NOW;
  const takerOps = new UtxoSwapOps(takerCoin);
  const makerOps = new UtxoSwapOps(makerCoin);
  const amount = MmNumber.parse('0.3');
  const takerTerms: HtlcTerms = { timeLock: STARTED_AT + LOCK, senderPubkey: taker.publicKey, receiverPubkey: maker.publicKey, secretHash: hash160(secret), amount };
  const makerTerms: HtlcTerms = { ...takerTerms, timeLock: STARTED_AT + 2 * LOCK, senderPubkey: maker.publicKey, receiverPubkey: taker.publicKey };
  return { chain, takerCoin, takerOps, makerOps, takerTerms, makerTerms };
}

const decoded = (tx: SwapTx): Transaction => Transaction.fromHex(tx.txHex);
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

describe("a UTXO taker's transactions for watchers", () => {
  it("the dex fee and the payments carry nLockTime now, as KDF's transaction_preimage sets it", async () => {
    const { takerOps, takerTerms } = swap();
    const fee = await takerOps.sendTakerFee({ fee: MmNumber.parse('0.001'), burn: MmNumber.ZERO });
    expect(decoded(fee).locktime).toBe(NOW);
    // Every input final: the lock time is a timestamp, never a wait.
    expect(decoded(fee).ins.every((i) => i.sequence === 0xffffffff)).toBe(true);
    expect(decoded(await takerOps.sendPayment(takerTerms)).locktime).toBe(NOW);
  });

  it('builds the two preimages as KDF does, and nothing is broadcast', async () => {
    const { takerCoin, takerOps, makerOps, takerTerms, makerTerms } = swap();
    const makerPayment = await makerOps.sendPayment(makerTerms);
    const takerPayment = await takerOps.sendPayment(takerTerms);
    const broadcasts = takerCoin.broadcasts.length;
    const ops = takerPreimageOpsOf(takerOps)!;
    const spend = decoded(await ops.makerPaymentSpendPreimage(makerPayment, makerTerms));
    const refund = decoded(await ops.takerPaymentRefundPreimage(takerPayment, takerTerms));
    expect(takerCoin.broadcasts).toHaveLength(broadcasts);

    for (const [tx, payment] of [
      [spend, makerPayment],
      [refund, takerPayment],
    ] as const) {
      expect(tx.ins.map((i) => [Buffer.from(i.hash).reverse().toString('hex'), i.index])).toEqual([[payment.txHash, 0]]);
      expect(tx.outs.map((o) => [hex(o.script), o.value])).toEqual([[hex(takerCoin.script), 30_000_000n - SPEND_FEE]]);
    }
    expect(spend.ins[0]!.sequence).toBe(0xffffffff);
    expect(spend.locktime).toBe(makerTerms.timeLock);
    const spendPushes = readPushes(spend.ins[0]!.script)!;
    expect(spendPushes).toHaveLength(2);
    expect(spendPushes[1]).toEqual(redeemScriptOf(makerTerms));
    expect(refund.ins[0]!.sequence).toBe(0xfffffffe);
    expect(refund.locktime).toBe(takerTerms.timeLock);
    const refundPushes = readPushes(refund.ins[0]!.script)!;
    expect(refundPushes.slice(1)).toEqual([0x51, redeemScriptOf(takerTerms)]);
  });

  it('refuses to make a preimage of a payment that is not the agreed HTLC, or not of its side', async () => {
    const { takerOps, makerOps, takerTerms, makerTerms } = swap();
    const makerPayment = await makerOps.sendPayment(makerTerms);
    const takerPayment = await takerOps.sendPayment(takerTerms);
    await expect(takerOps.makerPaymentSpendPreimage(makerPayment, { ...makerTerms, amount: MmNumber.parse('0.31') })).rejects.toThrow('expected exactly');
    await expect(takerOps.makerPaymentSpendPreimage(takerPayment, takerTerms)).rejects.toThrow('only a payment to our own key');
    await expect(takerOps.takerPaymentRefundPreimage(makerPayment, makerTerms)).rejects.toThrow('only our own payment');
  });

  it("the watcher admits the taker's message and validates its fee, payments and preimages' signatures", async () => {
    const { chain, takerCoin, takerOps, makerOps, takerTerms, makerTerms } = swap();
    const fee = await takerOps.sendTakerFee({ fee: MmNumber.parse('0.001'), burn: MmNumber.ZERO });
    const makerPayment = await makerOps.sendPayment(makerTerms);
    const takerPayment = await takerOps.sendPayment(takerTerms);
    const message = encodeWatcherMsg({
      uuid: '6b1f4c2e-9d3a-4f7b-8e21-0c5d9a7b3e10',
      secretHash: hash160(secret),
      makerPaymentSpendPreimage: hexToBytes((await takerOps.makerPaymentSpendPreimage(makerPayment, makerTerms)).txHex),
      takerPaymentRefundPreimage: hexToBytes((await takerOps.takerPaymentRefundPreimage(takerPayment, takerTerms)).txHex),
      swapStartedAt: STARTED_AT,
      lockDuration: LOCK,
      takerCoin: 'RLTC1',
      takerFeeHash: hexToBytes(fee.txHash),
      takerPaymentHash: hexToBytes(takerPayment.txHash),
      takerCoinStartBlock: 39,
      takerPaymentConfirmations: 1,
      takerPaymentRequiresNota: false,
      makerCoin: 'RLTC1',
      makerPub: maker.publicKey,
      makerPaymentHash: hexToBytes(makerPayment.txHash),
      makerCoinStartBlock: 39,
    });
    const watcherOps = new UtxoWatcherOps(takerCoin, { onNewBlock: () => () => undefined });
    const admitted = admit(message, taker.publicKey, { nowSec: NOW, paymentLocktime: LOCK, opsFor: () => watcherOps });
    expect(admitted.refund.htlcTimeLock).toBe(takerTerms.timeLock);
    expect(admitted.spend.htlcTimeLock).toBe(makerTerms.timeLock);
    await expect(watcherOps.validateTakerFee(fee.txHash, taker.publicKey, 39, LOCK, NOW)).resolves.toBeUndefined();
    await expect(watcherOps.validateTakerPayment(admitted.refund, admitted.refundTerms)).resolves.toMatchObject({ payment: { txHash: takerPayment.txHash } });
    await expect(watcherOps.validateMakerPayment(admitted.spend, admitted.spendTerms)).resolves.toBeUndefined();
    // The completed spend is the taker's spend of the maker payment with the secret, which the chain would take.
    const completed = decoded(watcherOps.completeSpend(admitted.spend, secret));
    expect(readPushes(completed.ins[0]!.script)![1]).toEqual(secret);
    // A fee with nLockTime 0 (this node's wallet transactions before) is the one KDF's watcher refuses.
    expect(chain.txs.size).toBeGreaterThan(0);
    const oldFee = decoded(fee);
    oldFee.locktime = 0;
    chain.add(oldFee.toHex());
    await expect(watcherOps.validateTakerFee(oldFee.getId(), taker.publicKey, 39, LOCK, NOW)).rejects.toThrow('Old transaction');
  });
});
