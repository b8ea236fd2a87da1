/** UtxoSwapOps over a scripted chain: what is sent, when a refund is allowed, and how outcomes are found. */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../../../src/shared/number';
import { MmError } from '../../../../../../src/node/core/errors';
import { SwapValidationError, type HtlcTerms, type SwapOps } from '../../../../../../src/node/coins/swapOps';
import { electrumScripthash } from '../../../../../../src/node/coins/utxo/scripthash';
import { htlcOutputScript, redeemScriptOf } from '../../../../../../src/node/coins/utxo/swap/payment';
import { UtxoSwapOps } from '../../../../../../src/node/coins/utxo/swapOps';
import { SighashCache } from '../../../../../../src/node/coins/utxo/tx/sighash';
import { hash160 } from '../../../../../../src/node/crypto';
import { FakeChain, FakeUtxoCoin, keyOf } from './fakeUtxoCoin';
import { parseCoinsConfig } from '../../../../../../src/node/coins/config';
import { p2pkhScript } from '../../../../../../src/node/coins/utxo/tx';
import coinsFile from '../../../../../fixtures/utxo/coins.json';

const BCH = parseCoinsConfig(coinsFile).coins.get('BCH')!;

const COIN = 100_000_000n;
const alice = keyOf(1);
const bob = keyOf(2);
const stranger = keyOf(3);
const secret = new Uint8Array(32).fill(0x42);
/** Header times: block h at 1_700_000_000 + 10h, so the MTP of tip 40 is block 35's time. */
const T0 = 1_700_000_000;
const MTP_AT_40 = T0 + 350;

function setup() {
  const chain = new FakeChain();
  chain.headerTimes = Array.from({ length: 41 }, (_, h) => T0 + 10 * h);
  const unspents = [
    { txid: '11'.repeat(32), vout: 0, value: COIN, height: 1 },
    { txid: '22'.repeat(32), vout: 1, value: COIN, height: 1 },
  ];
  const aliceCoin = new FakeUtxoCoin(alice, chain, unspents);
  const bobCoin = new FakeUtxoCoin(bob, chain, [{ txid: '33'.repeat(32), vout: 0, value: COIN, height: 1 }]);
  return { chain, aliceCoin, bobCoin, aliceOps: new UtxoSwapOps(aliceCoin), bobOps: new UtxoSwapOps(bobCoin) };
}

const termsWith = (over: Partial<HtlcTerms> = {}): HtlcTerms => ({
  timeLock: MTP_AT_40 + 100,
  senderPubkey: alice.publicKey,
  receiverPubkey: bob.publicKey,
  secretHash: hash160(secret),
  amount: MmNumber.parse('0.3'),
  ...over,
});

/** A stranger's transaction paying `value` to `script` in output 0. */
function strangerPayment(script: Uint8Array, value: bigint, n: number): string {
  const tx = new Transaction();
  tx.addInput(new Uint8Array(32).fill(n), 0);
  tx.setInputScript(0, Uint8Array.of(71, ...new Uint8Array(71).fill(1), 33, ...stranger.publicKey));
  tx.addOutput(script, value);
  return tx.toHex();
}

async function rejection(p: Promise<unknown>): Promise<MmError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(MmError);
  return e as MmError;
}

function verifiesOver(tx: Transaction, redeem: Uint8Array, pubkey: Uint8Array): boolean {
  const sig = secp256k1.Signature.fromBytes(Uint8Array.from(readFirstPush(tx.ins[0]!.script)).subarray(0, -1), 'der');
  return secp256k1.verify(sig.toBytes('compact'), new SighashCache(tx, redeem).legacy(0), pubkey, { prehash: false });
}

function readFirstPush(script: Uint8Array): Uint8Array {
  return script.subarray(1, 1 + script[0]!);
}

describe('UtxoSwapOps', () => {
  it('a signer that cannot sign an HTLC (a hardware wallet) refuses every send, before anything is broadcast', async () => {
    const chain = new FakeChain();
    chain.headerTimes = [T0];
    const hardware = { kind: 'hardware' as const, publicKey: alice.publicKey, sign: () => Promise.reject(new Error('not reached')) };
    const coin = new FakeUtxoCoin(alice, chain, [{ txid: '11'.repeat(32), vout: 0, value: COIN, height: 1 }], hardware);
    const ops: SwapOps = new UtxoSwapOps(coin);
    const payment = { txHex: strangerPayment(new Uint8Array(23), 1n, 1), txHash: '' };
    payment.txHash = Transaction.fromHex(payment.txHex).getId();
    for (const attempt of [
      ops.sendTakerFee({ fee: MmNumber.parse('0.001'), burn: MmNumber.ZERO }, 'u'),
      ops.sendPayment(termsWith()),
      ops.spendPayment(payment, termsWith({ senderPubkey: bob.publicKey, receiverPubkey: alice.publicKey }), secret),
      ops.refundPayment(payment, termsWith()),
    ]) {
      const e = await rejection(attempt);
      expect(e.errorType).toBe('PrivKeyPolicyNotAllowed');
      expect(e.message).toMatch(/Hardware Wallet is not supported/);
    }
    expect(coin.broadcasts).toEqual([]);
  });

  it('payments sent at the same time spend different outputs', async () => {
    const { aliceOps, aliceCoin } = setup();
    const [a, b] = await Promise.all([aliceOps.sendPayment(termsWith()), aliceOps.sendPayment(termsWith({ timeLock: MTP_AT_40 + 200 }))]);
    const outpoint = (hex: string) => Transaction.fromHex(hex).ins.map((i) => `${Buffer.from(i.hash).toString('hex')}:${i.index}`);
    expect(outpoint(a.txHex)).toHaveLength(1);
    expect(outpoint(a.txHex)).not.toEqual(outpoint(b.txHex));
    expect(aliceCoin.broadcasts).toEqual([a.txHex, b.txHex]);
    expect(Transaction.fromHex(a.txHex).outs[0]!.value).toBe(30_000_000n);
  });

  it('never pays an HTLC it could not refund, nor validates one that is not to its key', async () => {
    const { aliceOps, bobOps, aliceCoin } = setup();
    const e = await rejection(aliceOps.sendPayment(termsWith({ senderPubkey: bob.publicKey })));
    expect(e.errorType).toBe('InternalError');
    expect(aliceCoin.broadcasts).toEqual([]);
    const payment = await aliceOps.sendPayment(termsWith());
    await expect(bobOps.validatePayment(payment, termsWith())).resolves.toBeUndefined();
    await expect(aliceOps.validatePayment(payment, termsWith())).rejects.toThrow('the payment is not to our key');
  });

  it("spends with the secret: the payment's outpoint, final sequence, value − 496 sat, signed by the receiver over the redeem script", async () => {
    const { aliceOps, bobOps, bobCoin } = setup();
    const terms = termsWith();
    const payment = await aliceOps.sendPayment(terms);
    await expect(bobOps.spendPayment(payment, terms, new Uint8Array(32))).rejects.toThrow('the secret does not match');
    await expect(bobOps.spendPayment(payment, { ...terms, amount: MmNumber.parse('0.31') }, secret)).rejects.toThrow(SwapValidationError);
    expect(bobCoin.broadcasts).toEqual([]);
    const spend = Transaction.fromHex((await bobOps.spendPayment(payment, terms, secret)).txHex);
    expect(spend.ins).toHaveLength(1);
    expect(Buffer.from(spend.ins[0]!.hash).reverse().toString('hex')).toBe(payment.txHash);
    expect(spend.ins[0]!.sequence).toBe(0xffffffff);
    expect(spend.locktime).toBe(terms.timeLock);
    expect(spend.outs.map((o) => [Buffer.from(o.script).toString('hex'), o.value])).toEqual([[Buffer.from(bobCoin.script).toString('hex'), 30_000_000n - 496n]]);
    expect(verifiesOver(spend, redeemScriptOf(terms), bob.publicKey)).toBe(true);
    expect(aliceOps.extractSecret({ txHex: spend.toHex(), txHash: spend.getId() }, terms.secretHash)).toEqual(secret);
  });

  it("with force_min_relay_fee, the payment and the spend pay at least the server's relay fee", async () => {
    const { chain, aliceCoin } = setup();
    const config = { ...aliceCoin.config, utxo: { ...aliceCoin.utxo, forceMinRelayFee: true } };
    chain.relayFee = 0.0001; // 10000 sat/kB, ten times the coin's 1000 sat/kB fallback
    const unspents = [{ txid: '44'.repeat(32), vout: 0, value: COIN, height: 1 }];
    const aliceOps = new UtxoSwapOps(new FakeUtxoCoin(alice, chain, unspents, undefined, config));
    const bobOps = new UtxoSwapOps(new FakeUtxoCoin(bob, chain, [], undefined, config));
    const terms = termsWith();
    const payment = Transaction.fromHex((await aliceOps.sendPayment(terms)).txHex);
    const paid = COIN - payment.outs.reduce((a, o) => a + o.value, 0n);
    // One P2PKH input (148 with the largest signature), P2SH, OP_RETURN(20) and change outputs: 10 + 148 + 32 + 31 + 34 bytes.
    expect(paid).toBe((10000n * 255n) / 1000n);
    const spend = Transaction.fromHex((await bobOps.spendPayment({ txHex: payment.toHex(), txHash: payment.getId() }, terms, secret)).txHex);
    expect(spend.outs[0]!.value).toBe(30_000_000n - 4960n);
  });

  it('on a fork-id coin (BCH) the payment, the spend and the refund are signed SIGHASH_ALL|FORKID over the values they spend', async () => {
    const chain = new FakeChain();
    chain.headerTimes = Array.from({ length: 41 }, (_, h) => T0 + 10 * h);
    const funded = { txid: '55'.repeat(32), vout: 0, value: COIN, height: 1 };
    const aliceOps = new UtxoSwapOps(new FakeUtxoCoin(alice, chain, [funded], undefined, BCH));
    const bobOps = new UtxoSwapOps(new FakeUtxoCoin(bob, chain, [], undefined, BCH));
    const terms = termsWith({ timeLock: MTP_AT_40 - 100 });
    const redeem = redeemScriptOf(terms);
    const forkIdSigned = (tx: Transaction, scriptCode: Uint8Array, value: bigint, pubkey: Uint8Array) => {
      const sig = readFirstPush(tx.ins[0]!.script);
      expect(sig.at(-1)).toBe(0x41);
      const hash = tx.hashForWitnessV0(0, scriptCode, value, 0x41);
      return secp256k1.verify(sig.subarray(0, -1), hash, pubkey, { prehash: false, format: 'der' });
    };
    const paymentRef = await aliceOps.sendPayment(terms);
    const payment = Transaction.fromHex(paymentRef.txHex);
    expect(forkIdSigned(payment, p2pkhScript(hash160(alice.publicKey)), COIN, alice.publicKey)).toBe(true);
    const htlcValue = payment.outs[0]!.value;
    const spend = Transaction.fromHex((await bobOps.spendPayment(paymentRef, terms, secret)).txHex);
    expect(forkIdSigned(spend, redeem, htlcValue, bob.publicKey)).toBe(true);
    expect(forkIdSigned(spend, redeem, htlcValue - 1n, bob.publicKey)).toBe(false);
    const refund = Transaction.fromHex((await aliceOps.refundPayment(paymentRef, terms)).txHex);
    expect(forkIdSigned(refund, redeem, htlcValue, alice.publicKey)).toBe(true);
    expect(verifiesOver(refund, redeem, alice.publicKey)).toBe(false);
  });

  it('refunds only once the median time past passes the lock time, with nLockTime max(lock, MTP − 1)', async () => {
    const { chain, aliceOps, aliceCoin } = setup();
    const terms = termsWith({ timeLock: MTP_AT_40 });
    const payment = await aliceOps.sendPayment(terms);
    expect(await aliceOps.canRefund(terms.timeLock)).toBe(false);
    const e = await rejection(aliceOps.refundPayment(payment, terms));
    expect(e).toBeInstanceOf(SwapValidationError);
    expect(e.message).toBe(`the payment cannot be refunded yet: the chain's median time past ${MTP_AT_40} has not passed its lock time ${MTP_AT_40}`);
    expect(aliceCoin.broadcasts).toHaveLength(1);

    chain.headerTimes.push(T0 + 410); // tip 41: MTP = block 36's time
    expect(await aliceOps.canRefund(terms.timeLock)).toBe(true);
    const refund = Transaction.fromHex((await aliceOps.refundPayment(payment, terms)).txHex);
    expect(refund.ins[0]!.sequence).toBe(0xfffffffe);
    expect(refund.locktime).toBe(T0 + 360 - 1);
    expect(refund.outs[0]!.value).toBe(30_000_000n - 496n);
    expect(verifiesOver(refund, redeemScriptOf(terms), alice.publicKey)).toBe(true);
  });

  it("finds the spend past strangers' payments to the HTLC address, a batch at a time; nothing while unspent", async () => {
    const { chain, aliceOps, bobOps } = setup();
    const terms = termsWith();
    const script = htlcOutputScript(redeemScriptOf(terms));
    const payment = await aliceOps.sendPayment(terms);
    const dust = Array.from({ length: 30 }, (_, i) => chain.add(strangerPayment(script, 5460n, i + 1)));
    const history = [payment.txHash, ...dust].map((txHash, i) => ({ txHash, height: 10 + i }));
    chain.histories.set(electrumScripthash(script), history);
    expect(await aliceOps.findPaymentOutcome(payment, terms)).toBeNull();

    const spend = await bobOps.spendPayment(payment, terms, secret);
    chain.histories.set(electrumScripthash(script), [...history, { txHash: spend.txHash, height: 0 }]);
    expect(await aliceOps.findPaymentOutcome(payment, terms)).toEqual({ type: 'Spent', tx: spend, secret });
    await expect(aliceOps.findPaymentOutcome(payment, { ...terms, timeLock: terms.timeLock + 1 })).rejects.toThrow('not the HTLC of the agreed terms');
  });

  it('refuses an HTLC history longer than 2000 entries before fetching any of it', async () => {
    const { chain, aliceOps } = setup();
    const terms = termsWith();
    const payment = await aliceOps.sendPayment(terms);
    const script = htlcOutputScript(redeemScriptOf(terms));
    chain.histories.set(
      electrumScripthash(script),
      Array.from({ length: 2001 }, (_, i) => ({ txHash: i.toString(16).padStart(64, '0'), height: 1 })),
    );
    chain.rawFetches = 0;
    await expect(aliceOps.findPaymentOutcome(payment, terms)).rejects.toThrow('more than 2000');
    await expect(aliceOps.checkIfMyPaymentSent(terms, 0)).rejects.toThrow('more than 2000');
    expect(chain.rawFetches).toBe(0);
  });

  it("finds our own payment after a crash, never a stranger's payment to the same HTLC nor one before the search block", async () => {
    const { chain, aliceOps } = setup();
    const terms = termsWith();
    const script = htlcOutputScript(redeemScriptOf(terms));
    const sh = electrumScripthash(script);
    const decoy = chain.add(strangerPayment(script, 30_000_000n, 7));
    chain.histories.set(sh, [{ txHash: decoy, height: 20 }]);
    expect(await aliceOps.checkIfMyPaymentSent(terms, 0)).toBeNull();
    const payment = await aliceOps.sendPayment(terms);
    chain.histories.set(sh, [
      { txHash: decoy, height: 20 },
      { txHash: payment.txHash, height: 25 },
    ]);
    expect(await aliceOps.checkIfMyPaymentSent(terms, 21)).toEqual(payment);
    expect(await aliceOps.checkIfMyPaymentSent(terms, 26)).toBeNull();
    chain.histories.set(sh, [{ txHash: payment.txHash, height: 0 }]);
    expect(await aliceOps.checkIfMyPaymentSent(terms, 26)).toEqual(payment);
  });

  it('reads bytes, confirmations and the tip through the coin', async () => {
    const { aliceOps, chain } = setup();
    const payment = await aliceOps.sendPayment(termsWith());
    expect(aliceOps.txFromBytes(Buffer.from(payment.txHex, 'hex'))).toEqual(payment);
    expect(() => aliceOps.txFromBytes(new Uint8Array(400_001))).toThrow(SwapValidationError);
    expect(await aliceOps.confirmations(payment.txHash)).toBe(1);
    expect(await aliceOps.confirmations('ab'.repeat(32))).toBeNull();
    await expect(aliceOps.confirmations('not a hash')).rejects.toThrow(MmError);
    expect(await aliceOps.currentBlock()).toBe(chain.headerTimes.length - 1);
    expect(aliceOps.htlcPubkey).toEqual(alice.publicKey);
    expect(aliceOps.swapContractBytes).toHaveLength(0);
  });
});
