/**
 * UTXO SwapOps against the devnet, for a legacy (RLTC1, P2PKH wallet) and a segwit (RLTC1-segwit,
 * P2WPKH wallet) coin: alice is the HTLC payment's sender, bob its receiver and the taker who pays
 * the dex fee. Every transaction is checked as litecoind sees it, and every balance to the satoshi.
 * Each run uses fresh wallets funded from the miner, so the balances are the test's own.
 */
import { readFileSync } from 'node:fs';
import { Transaction } from 'bitcoinjs-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { parseCoinsConfig } from '../../../src/node/coins/config';
import { SwapValidationError, type HtlcTerms, type SwapTx } from '../../../src/node/coins/swapOps';
import type { DexFeePayment } from '../../../src/node/coins/tradeFee';
import { ElectrumClient } from '../../../src/node/coins/utxo/electrum';
import { softwareSigner } from '../../../src/node/coins/utxo/signer';
import { opReturnScript, p2pkhScript, p2shScript, planTx } from '../../../src/node/coins/utxo/tx';
import { htlcRedeemScript } from '../../../src/node/coins/utxo/tx/scripts/htlc';
import { UtxoCoin } from '../../../src/node/coins/utxo/utxoCoin';
import { deriveNodeKeys, hash160 } from '../../../src/node/crypto';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { daemon, devnet } from '../devnet/daemon';
import { confirmations, fund } from '../utxo/funding';
import { freshPassphrase, waitFor } from '../utxo/walletNode';

/** RLTC1 has `txfee: 0` and regtest no estimate: 1000 sat/kB, so a 496-byte HTLC spend pays 496 sat. */
const HTLC_SPEND_FEE = 496n;
const DEX_FEE_SCRIPT_HEX = '76a914ca1e04745e8ca0c60d8c5881531d51bec470743f88ac';

function chainOf(ticker: string): string {
  const chain = devnet().chains.find((c) => c.coins.includes(ticker));
  if (!chain) throw new Error(`no devnet chain runs ${ticker}`);
  return chain.name;
}

async function startCoin(ticker: string, passphrase: string): Promise<UtxoCoin> {
  const { coins } = parseCoinsConfig(JSON.parse(readFileSync(devnet().coinsFile, 'utf8')));
  const config = coins.get(ticker);
  if (!config) throw new Error(`no ${ticker} in the devnet coins file`);
  const servers = devnet().coins[ticker]?.servers;
  if (!servers) throw new Error(`no servers for ${ticker}`);
  const electrum = new ElectrumClient({ servers, clientName: 'itest', socketFactory: nodePlatform({ coinsPath: devnet().coinsFile }).webSocket });
  await electrum.connect();
  const key = deriveNodeKeys(passphrase, { enableHd: false }).coinKeyPair(config.derivationPath);
  const coin = new UtxoCoin({
    config,
    signer: softwareSigner(key),
    electrum,
    requiredConfirmations: 1,
    requiresNotarization: false,
    emit: () => undefined,
    now: () => Date.now(),
  });
  await coin.start();
  return coin;
}

/** What a transaction paid in fees: its inputs (read from the daemon) less its outputs. */
async function minerFee(chain: string, hex: string): Promise<bigint> {
  const tx = Transaction.fromHex(hex);
  let inputs = 0n;
  for (const input of tx.ins) {
    const prevId = Buffer.from(input.hash).reverse().toString('hex');
    const prev = Transaction.fromHex(await daemon(chain).call<string>('getrawtransaction', [prevId]));
    inputs += prev.outs[input.index]!.value;
  }
  return inputs - tx.outs.reduce((a, o) => a + o.value, 0n);
}

async function mined(chain: string, txid: string): Promise<void> {
  await waitFor(`${txid} mined`, async () => ((await confirmations(chain, txid)) > 0 ? true : undefined), 45_000);
}

async function spendable(coin: UtxoCoin): Promise<bigint> {
  return (await coin.balance()).spendable;
}

async function balanceBecomes(coin: UtxoCoin, expected: bigint): Promise<void> {
  await waitFor(`${coin.ticker} balance ${expected}`, async () => ((await spendable(coin)) === expected ? true : undefined), 45_000);
}

async function rejection(p: Promise<unknown>): Promise<Error & { errorType?: string }> {
  const e = await p.then(
    () => null,
    (err: unknown) => err as Error & { errorType?: string },
  );
  if (!e) throw new Error('expected a rejection');
  return e;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const unixNow = () => Math.floor(Date.now() / 1000);

describe.each(['RLTC1', 'RLTC1-segwit'])('UTXO swap transactions of %s on the devnet', (ticker) => {
  let chain: string;
  let alice: UtxoCoin;
  let bob: UtxoCoin;
  const secret = Uint8Array.from({ length: 32 }, (_, i) => i + 7);
  const secretHash = hash160(secret);

  beforeAll(async () => {
    chain = chainOf(ticker);
    alice = await startCoin(ticker, freshPassphrase('devnet alice'));
    bob = await startCoin(ticker, freshPassphrase('devnet bob'));
    await fund(chain, alice.address, ['2', '3']);
    await fund(chain, bob.address, ['1']);
    await daemon(chain).mine(1);
    await balanceBecomes(alice, 500_000_000n);
    await balanceBecomes(bob, 100_000_000n);
  });
  afterAll(async () => {
    await alice?.shutdown();
    await bob?.shutdown();
  });

  const terms = (over: Partial<HtlcTerms> = {}): HtlcTerms => ({
    timeLock: unixNow() + 3600,
    senderPubkey: alice.signer.publicKey,
    receiverPubkey: bob.signer.publicKey,
    secretHash,
    amount: MmNumber.parse('0.5'),
    ...over,
  });

  it('tells a waiting swap of each new block from the Electrum headers subscription, until it unsubscribes', async () => {
    const heights: number[] = [];
    const unsubscribe = alice.swapOps.onNewBlock(() => heights.push(alice.height));
    const from = await alice.swapOps.currentBlock();
    await daemon(chain).mine(1);
    await waitFor('two block notices', async () => (heights.length >= 2 ? true : undefined), 30_000);
    // Each notice comes with the coin's tip already moved on, one block at a time.
    expect(heights[0]).toBeGreaterThan(from);
    expect(heights.every((h, i) => i === 0 || h > heights[i - 1]!)).toBe(true);
    unsubscribe();
    const told = heights.length;
    const tip = await alice.swapOps.currentBlock();
    await daemon(chain).mine(2);
    await waitFor('the coin past two more blocks', async () => ((await alice.swapOps.currentBlock()) >= tip + 2 ? true : undefined), 30_000);
    expect(heights).toHaveLength(told);
  });

  describe('taker fee', () => {
    const fee: DexFeePayment = { fee: MmNumber.parse('0.001'), burn: MmNumber.ZERO };
    let feeTx: SwapTx;
    /** The maker's tip when "the swap" started (KDF's `taker_coin_start_block`): every fee here comes after it. */
    let startBlock: number;

    beforeAll(async () => {
      startBlock = await alice.swapOps.currentBlock();
      feeTx = await bob.swapOps.sendTakerFee(fee, '8f5c3c1e-3f7b-4c59-9a47-5b1c9c4f3a10');
    });

    it('pays the dex fee address in output 0, is accepted by litecoind, and the maker validates it', async () => {
      const tx = Transaction.fromHex(feeTx.txHex);
      expect(tx.getId()).toBe(feeTx.txHash);
      expect(hex(tx.outs[0]!.script)).toBe(DEX_FEE_SCRIPT_HEX);
      expect(tx.outs[0]!.value).toBe(100_000n);
      await expect(alice.swapOps.validateTakerFee(feeTx, fee, bob.signer.publicKey, startBlock)).resolves.toBeUndefined();
      expect(alice.swapOps.txFromBytes(Buffer.from(feeTx.txHex, 'hex'))).toEqual(feeTx);
      await mined(chain, feeTx.txHash);
      await balanceBecomes(bob, 100_000_000n - 100_000n - (await minerFee(chain, feeTx.txHex)));
      expect((await alice.swapOps.confirmations(feeTx.txHash)) ?? 0).toBeGreaterThan(0);
    });

    it('a smaller fee than agreed, another sender or another receiver is refused', async () => {
      const more = { fee: MmNumber.parse('0.00100001'), burn: MmNumber.ZERO };
      expect(await rejection(alice.swapOps.validateTakerFee(feeTx, more, bob.signer.publicKey, startBlock))).toBeInstanceOf(SwapValidationError);
      const wrongSender = await rejection(alice.swapOps.validateTakerFee(feeTx, fee, alice.signer.publicKey, startBlock));
      expect(wrongSender.message).toMatch(/not signed by the expected public key/);

      // Bob pays the same amount to his own P2PKH instead of the dex address.
      const plan = planTx({
        unspents: await bob.spendableUnspents(),
        outputs: [{ script: p2pkhScript(hash160(bob.signer.publicKey)), value: 100_000n }],
        changeScript: bob.script,
        inputKind: bob.inputKind,
        feeRate: { kind: 'dynamic', satPerKb: 1000n },
        feePolicy: { kind: 'sendExact' },
        dust: bob.utxo.dust,
        ticker,
        decimals: 8,
      });
      const signed = await bob.sign(plan);
      const elsewhere = { txHex: signed.hex, txHash: signed.txid };
      // Not broadcast yet: unknown to the chain.
      expect((await rejection(alice.swapOps.validateTakerFee(elsewhere, fee, bob.signer.publicKey, startBlock))).message).toMatch(/dex fee address/);
      await bob.sendRawTransaction(signed.hex);
      expect((await rejection(alice.swapOps.validateTakerFee(elsewhere, fee, bob.signer.publicKey, startBlock))).message).toMatch(/dex fee address/);
      // A transaction whose hash is not its own is refused before anything else.
      const forged = { txHex: feeTx.txHex, txHash: signed.txid };
      expect((await rejection(alice.swapOps.validateTakerFee(forged, fee, bob.signer.publicKey, startBlock))).message).toMatch(/not the hash of its bytes/);
    });

    it('a fee mined at or before the swap\'s start block is refused (KDF min_block_number), one mined after it is not', async () => {
      await mined(chain, feeTx.txHash);
      const verbose = await daemon(chain).call<{ blockhash: string }>('getrawtransaction', [feeTx.txHash, true]);
      const minedAt = (await daemon(chain).call<{ height: number }>('getblockheader', [verbose.blockhash])).height;
      await waitFor('alice at the fee block', async () => ((await alice.swapOps.currentBlock()) >= minedAt ? true : undefined), 45_000);
      await expect(alice.swapOps.validateTakerFee(feeTx, fee, bob.signer.publicKey, minedAt - 1)).resolves.toBeUndefined();
      // A swap that started once the fee was mined is shown an old fee: refused, at the boundary and after it.
      await daemon(chain).mine(1);
      await waitFor('alice past the fee block', async () => ((await alice.swapOps.currentBlock()) > minedAt ? true : undefined), 45_000);
      for (const laterStart of [minedAt, await alice.swapOps.currentBlock()]) {
        // The block is the coin's tip + 1 − the server's count: while the tip notice of a block just
        // mined is on its way, it names an earlier block (the safe side: refused, and the maker asks again).
        const e = await waitFor('the fee block named', async () => {
          const refused = await rejection(alice.swapOps.validateTakerFee(feeTx, fee, bob.signer.publicKey, laterStart));
          expect(refused).toBeInstanceOf(SwapValidationError);
          expect(refused.message).toMatch(/^Early confirmation: /);
          return refused.message.includes(`(block ${minedAt})`) ? refused : undefined;
        }, 15_000);
        expect(e.message).toBe(`Early confirmation: Fee tx ${feeTx.txHash} (block ${minedAt}) confirmed before min_block ${laterStart}`);
      }
    });

    it("a valid fee transaction the chain has never seen is refused", async () => {
      const plan = planTx({
        unspents: await bob.spendableUnspents(),
        outputs: [{ script: Buffer.from(DEX_FEE_SCRIPT_HEX, 'hex'), value: 100_000n }],
        changeScript: bob.script,
        inputKind: bob.inputKind,
        feeRate: { kind: 'dynamic', satPerKb: 1000n },
        feePolicy: { kind: 'sendExact' },
        dust: bob.utxo.dust,
        ticker,
        decimals: 8,
      });
      const signed = await bob.sign(plan);
      const unsent = { txHex: signed.hex, txHash: signed.txid };
      expect((await rejection(alice.swapOps.validateTakerFee(unsent, fee, bob.signer.publicKey, startBlock))).message).toMatch(/not known to the chain/);
    });

    it('with a burn: output 1 is a bare OP_RETURN carrying the burn, validated as at least that', async () => {
      const withBurn: DexFeePayment = { fee: MmNumber.parse('0.00075'), burn: MmNumber.parse('0.00025') };
      const sent = await bob.swapOps.sendTakerFee(withBurn, '8f5c3c1e-3f7b-4c59-9a47-5b1c9c4f3a11');
      const tx = Transaction.fromHex(sent.txHex);
      expect(tx.outs[0]!.value).toBe(75_000n);
      expect(hex(tx.outs[1]!.script)).toBe('6a');
      expect(tx.outs[1]!.value).toBe(25_000n);
      await expect(alice.swapOps.validateTakerFee(sent, withBurn, bob.signer.publicKey, startBlock)).resolves.toBeUndefined();
      const biggerBurn = { fee: withBurn.fee, burn: MmNumber.parse('0.00025001') };
      expect((await rejection(alice.swapOps.validateTakerFee(sent, biggerBurn, bob.signer.publicKey, startBlock))).message).toMatch(/burn/);
      await mined(chain, sent.txHash);
    });
  });

  describe('payment spent with the secret', () => {
    let agreed: HtlcTerms;
    let payment: SwapTx;
    let aliceBefore: bigint;

    beforeAll(async () => {
      agreed = terms();
      aliceBefore = await spendable(alice);
      payment = await alice.swapOps.sendPayment(agreed);
    });

    it('pays P2SH(redeem) in output 0 and OP_RETURN <secret hash> in output 1; the sender pays amount + miner fee', async () => {
      const tx = Transaction.fromHex(payment.txHex);
      const redeem = htlcRedeemScript({
        locktime: agreed.timeLock,
        senderPubkey: agreed.senderPubkey,
        secretHash,
        receiverPubkey: agreed.receiverPubkey,
      });
      expect(hex(tx.outs[0]!.script)).toBe(hex(p2shScript(hash160(redeem))));
      expect(tx.outs[0]!.value).toBe(50_000_000n);
      expect(hex(tx.outs[1]!.script)).toBe(hex(opReturnScript(secretHash)));
      expect(tx.outs[1]!.value).toBe(0n);
      await mined(chain, payment.txHash);
      await balanceBecomes(alice, aliceBefore - 50_000_000n - (await minerFee(chain, payment.txHex)));
      expect(await alice.swapOps.checkIfMyPaymentSent(agreed, 0)).toEqual(payment);
      expect(await alice.swapOps.checkIfMyPaymentSent({ ...agreed, timeLock: agreed.timeLock + 1 }, 0)).toBeNull();
    });

    it('the receiver validates it, and refuses a different amount, secret hash, lock time or receiver', async () => {
      await expect(bob.swapOps.validatePayment(payment, agreed)).resolves.toBeUndefined();
      const refused = async (t: HtlcTerms, pattern: RegExp) => {
        const e = await rejection(bob.swapOps.validatePayment(payment, t));
        expect(e).toBeInstanceOf(SwapValidationError);
        expect(e.message).toMatch(pattern);
      };
      await refused({ ...agreed, amount: MmNumber.parse('0.50000001') }, /expected exactly 50000001/);
      await refused({ ...agreed, amount: MmNumber.parse('0.49999999') }, /expected exactly 49999999/);
      await refused({ ...agreed, secretHash: hash160(Uint8Array.of(1)) }, /not the HTLC of the agreed terms/);
      await refused({ ...agreed, timeLock: agreed.timeLock - 1 }, /not the HTLC of the agreed terms/);
      await refused({ ...agreed, receiverPubkey: alice.signer.publicKey }, /not to our key/);
      // Alice's payment validated by alice as if she were its receiver: the script names bob.
      const e = await rejection(alice.swapOps.validatePayment(payment, { ...agreed, receiverPubkey: alice.signer.publicKey }));
      expect(e.message).toMatch(/not the HTLC of the agreed terms/);
      await refused({ ...agreed, senderPubkey: bob.signer.publicKey }, /not the HTLC of the agreed terms/);
      expect(await alice.swapOps.findPaymentOutcome(payment, agreed)).toBeNull();
    });

    it('a wrong secret is never revealed; the receiver spends with the secret, litecoind mines it, value − 496 sat arrives', async () => {
      await expect(bob.swapOps.spendPayment(payment, agreed, new Uint8Array(32))).rejects.toThrow(/secret does not match/);
      const bobBefore = await spendable(bob);
      const spend = await bob.swapOps.spendPayment(payment, agreed, secret);
      const tx = Transaction.fromHex(spend.txHex);
      expect(tx.ins).toHaveLength(1);
      expect(Buffer.from(tx.ins[0]!.hash).reverse().toString('hex')).toBe(payment.txHash);
      expect(tx.ins[0]!.index).toBe(0);
      expect(tx.ins[0]!.sequence).toBe(0xffffffff);
      expect(tx.outs).toHaveLength(1);
      expect(hex(tx.outs[0]!.script)).toBe(hex(bob.script));
      expect(tx.outs[0]!.value).toBe(50_000_000n - HTLC_SPEND_FEE);
      await mined(chain, spend.txHash);
      await balanceBecomes(bob, bobBefore + 50_000_000n - HTLC_SPEND_FEE);

      const outcome = await alice.swapOps.findPaymentOutcome(payment, agreed);
      expect(outcome?.type).toBe('Spent');
      expect(outcome?.tx).toEqual(spend);
      expect(outcome?.type === 'Spent' && hex(outcome.secret)).toBe(hex(secret));
      expect(hex(alice.swapOps.extractSecret(spend, secretHash))).toBe(hex(secret));
      expect(() => alice.swapOps.extractSecret(spend, hash160(Uint8Array.of(2)))).toThrow(SwapValidationError);
      expect((await alice.swapOps.confirmations(spend.txHash)) ?? 0).toBeGreaterThan(0);
      expect(await alice.swapOps.currentBlock()).toBeGreaterThan(0);
      // Spent once: a second spend is refused by the chain.
      await expect(bob.swapOps.spendPayment(payment, agreed, secret)).rejects.toThrow();
    });
  });

  describe('payment refunded after the lock time', () => {
    let agreed: HtlcTerms;
    let payment: SwapTx;

    beforeAll(async () => {
      // A few seconds past the chain's own median time past (its block times need not follow the wall clock).
      const { mediantime } = await daemon(chain).call<{ mediantime: number }>('getblockchaininfo');
      agreed = terms({ timeLock: mediantime + 5, amount: MmNumber.parse('0.25') });
      payment = await alice.swapOps.sendPayment(agreed);
      await mined(chain, payment.txHash);
    });

    it('is not refundable while the median time past trails the lock time; the refund is refused', async () => {
      expect(await alice.swapOps.canRefund(agreed.timeLock)).toBe(false);
      const e = await rejection(alice.swapOps.refundPayment(payment, agreed));
      expect(e).toBeInstanceOf(SwapValidationError);
      expect(e.message).toMatch(/cannot be refunded yet/);
      expect(await bob.swapOps.findPaymentOutcome(payment, agreed)).toBeNull();
    });

    it('once the median time past passes it, the sender refunds: mined, value − 496 sat back, seen as Refunded', async () => {
      await waitFor('MTP past the lock time', async () => ((await alice.swapOps.canRefund(agreed.timeLock)) ? true : undefined), 80_000);
      const before = await spendable(alice);
      const refund = await alice.swapOps.refundPayment(payment, agreed);
      const tx = Transaction.fromHex(refund.txHex);
      expect(tx.ins[0]!.sequence).toBe(0xfffffffe);
      expect(tx.locktime).toBeGreaterThanOrEqual(agreed.timeLock);
      expect(hex(tx.outs[0]!.script)).toBe(hex(alice.script));
      expect(tx.outs[0]!.value).toBe(25_000_000n - HTLC_SPEND_FEE);
      await mined(chain, refund.txHash);
      await balanceBecomes(alice, before + 25_000_000n - HTLC_SPEND_FEE);
      expect(await bob.swapOps.findPaymentOutcome(payment, agreed)).toEqual({ type: 'Refunded', tx: refund });
      expect(() => bob.swapOps.extractSecret(refund, secretHash)).toThrow(/Couldn't extract secret/);
    }, 150_000);
  });
});
