/**
 * UTXO watcher operations against a fake chain: the cases of KDF's `test_watcher_validate_taker_fee_utxo`
 * and `test_watcher_validate_taker_payment_utxo` (docker tests), each refused with KDF's log prefix
 * (`lp_coins.rs`: "Invalid sender", "Early confirmation", "Old transaction", "Invalid receiver",
 * "Invalid script"), and the HTLC spend search that yields the secret.
 */
import { describe, expect, it } from 'vitest';
import { hash160 } from '../../../../../../src/node/crypto';
import { p2pkhScript, p2shScript } from '../../../../../../src/node/coins/utxo/tx';
import { htlcRedeemScript } from '../../../../../../src/node/coins/utxo/tx/scripts/htlc';
import { FakeChain, kdfTakerSwap, LOCK, MAKER, makerSpendsTakerPayment, SECRET, SECRET_HASH, STARTED_AT, STRANGER, TAKER, walletTx } from '../../../swaps/watcher/fixtures';

const NOW = STARTED_AT + 120;

async function setup() {
  const parts = await kdfTakerSwap();
  const chain = new FakeChain();
  chain.add(parts.fee, 2);
  chain.add(parts.takerPayment, 1);
  chain.add(parts.makerPayment, 1);
  const ops = chain.ops('RLTC1');
  const refundTerms = { paymentTxid: parts.takerPayment.getId(), takerPub: TAKER.publicKey, makerPub: MAKER.publicKey, secretHash: SECRET_HASH, timeLock: STARTED_AT + LOCK };
  return { parts, chain, ops, refundTerms, refund: ops.checkRefundPreimage(parts.refundPreimage.toBuffer(), refundTerms) };
}

describe('UTXO watcher ops: the taker fee (KDF watcher_validate_taker_fee)', () => {
  it("accepts the taker's fee, and refuses it for another sender, an earlier swap, an old lock time and another receiver", async () => {
    const { parts, chain, ops } = await setup();
    const fee = parts.fee.getId();
    await expect(ops.validateTakerFee(fee, TAKER.publicKey, 0, LOCK, NOW)).resolves.toBeUndefined();
    await expect(ops.validateTakerFee(fee, MAKER.publicKey, 0, LOCK, NOW)).rejects.toThrow(/^Invalid sender/);
    // The fee is a block below the tip: before the swap's start block it is refused; at the start block it is taken, since our tip may lag the server's count by a block.
    await expect(ops.validateTakerFee(fee, TAKER.publicKey, chain.height, LOCK, NOW)).rejects.toThrow(/^Early confirmation/);
    await expect(ops.validateTakerFee(fee, TAKER.publicKey, chain.height - 1, LOCK, NOW)).resolves.toBeUndefined();
    await expect(ops.validateTakerFee(fee, TAKER.publicKey, 0, 0, NOW)).rejects.toThrow(/^Old transaction/);
    // A lock time after now wraps around in KDF's u32 subtraction: old as well.
    await expect(ops.validateTakerFee(fee, TAKER.publicKey, 0, LOCK, STARTED_AT)).rejects.toThrow(/^Old transaction/);
    const elsewhere = walletTx(TAKER, [{ script: p2pkhScript(hash160(STRANGER.publicKey)), value: 100_000n }], STARTED_AT + 5, 9);
    chain.add(elsewhere, 1);
    await expect(ops.validateTakerFee(elsewhere.getId(), TAKER.publicKey, 0, LOCK, NOW)).rejects.toThrow(/^Invalid receiver/);
    await expect(ops.validateTakerFee('ab'.repeat(32), TAKER.publicKey, 0, LOCK, NOW)).rejects.toThrow(/not known to the chain/);
  });
});

describe('UTXO watcher ops: the taker payment (KDF watcher_validate_taker_payment)', () => {
  it('accepts the payment the refund preimage spends and counts its confirmations', async () => {
    const { parts, ops, refund, refundTerms } = await setup();
    const { payment, confirmations } = await ops.validateTakerPayment(refund, refundTerms);
    expect(payment.txHash).toBe(parts.takerPayment.getId());
    expect(confirmations).toBe(1);
  });

  it('refuses a payment from another sender (Invalid sender) or to another HTLC (Invalid script)', async () => {
    const { parts, chain, ops, refund, refundTerms } = await setup();
    // The same HTLC paid by someone else: named in the terms as the payment, refused for its sender.
    const foreign = walletTx(STRANGER, [{ script: parts.takerPayment.outs[0]!.script, value: parts.takerPayment.outs[0]!.value }], 0, 7);
    chain.add(foreign, 1);
    await expect(ops.validateTakerPayment(refund, { ...refundTerms, paymentTxid: foreign.getId() })).rejects.toThrow(/^Invalid sender/);
    // The taker's payment to an HTLC of another secret hash, under the id the message named.
    const otherHtlc = htlcRedeemScript({ locktime: STARTED_AT + LOCK, senderPubkey: TAKER.publicKey, secretHash: new Uint8Array(20).fill(4), receiverPubkey: MAKER.publicKey });
    const wrong = walletTx(TAKER, [{ script: p2shScript(hash160(otherHtlc)), value: 1n }], 0, 8);
    chain.add(wrong, 1);
    await expect(ops.validateTakerPayment(refund, { ...refundTerms, paymentTxid: wrong.getId() })).rejects.toThrow(/^Invalid script/);
  });

  it('finds the maker\'s spend of the taker payment and the secret in it', async () => {
    const { parts, chain, ops, refund, refundTerms } = await setup();
    expect(await ops.takerPaymentOutcome(refund, refundTerms)).toBeNull();
    chain.add(makerSpendsTakerPayment(parts), 0);
    const outcome = await ops.takerPaymentOutcome(refund, refundTerms);
    expect(outcome?.type === 'Spent' && Buffer.from(outcome.secret).toString('hex')).toBe(Buffer.from(SECRET).toString('hex'));
  });
});
