/**
 * The rest of a QRC20 swap over the fake QTUM Electrum server, against KDF's real transactions:
 * the taker fee (built as KDF's f97d3a43, validated as KDF's `validate_fee` with its min-block rule
 * and refusals), the spend (built as output 1 of KDF's f94d79f8), the refund (only once the chain's
 * median time past reaches the lock), the outcome search by the token history, and the secret of a
 * real `receiverSpend`, also when a malicious output carries a wrong one first.
 */
import { Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../../src/shared/number';
import { bytesToHex, hexToBytes } from '../../../../../src/node/crypto';
import { DEX_FEE_ADDR_PUBKEY } from '../../../../../src/node/coins/tradeFee';
import { SwapValidationError } from '../../../../../src/node/coins/swapOps';
import { contractCallScript, readContractCall } from '../../../../../src/node/coins/qrc20/contractScript';
import { encodeSenderRefund, SENDER_REFUNDED_TOPIC } from '../../../../../src/node/coins/qrc20/swap/etomicSwap';
import { broadcast, callsOf, F, onChain, paymentTerms, swapToken, swapTx, tampered } from './swapHarness';

const FEE = { fee: MmNumber.parse(F.takerFee.amount), burn: MmNumber.ZERO };
const P = F.payment;
const SP = F.spendPayment;
const SECRET = hexToBytes(F.spend.secret);
const script = (txHex: string, n: number) => bytesToHex(Transaction.fromHex(txHex).outs[n]!.script);

describe('QRC20 taker fee', () => {
  it("sends KDF's transfer of the whole fee to the dex fee address, as f97d3a43 did", async () => {
    const { ops, state } = await swapToken('maker');
    const sent = await ops.sendTakerFee(FEE, 'uuid');
    const tx = broadcast(state);
    expect(sent.txHash).toBe(tx.getId());
    expect(bytesToHex(tx.outs[0]!.script)).toBe(script(F.takerFee.txHex, 0));
  });

  it.each([
    { what: 'mined after the start block', confirmations: 1, receipts: F.takerFee.receipts },
    { what: 'in the mempool', confirmations: 0, receipts: [] },
  ])("accepts KDF's real fee $what", async ({ confirmations, receipts }) => {
    const { ops, state } = await swapToken('taker');
    await ops.validateTakerFee(onChain(state, F.takerFee.txHex, receipts, confirmations), FEE, hexToBytes(F.makerPubkey), 0);
  });

  const reverted = [{ ...(F.takerFee.receipts[0] as object), excepted: 'Revert', exceptedMessage: 'out of gas' }];
  const silent = [{ ...(F.takerFee.receipts[0] as object), log: [] }];
  it.each([
    { what: 'a fee from another key', sender: DEX_FEE_ADDR_PUBKEY, error: 'not signed by the expected public key' },
    { what: 'a fee mined at the start block', minBlock: 100, error: `Early confirmation: Fee tx ${F.takerFee.txHash} (block 100) confirmed before min_block 100` },
    { what: 'a fee short of the dex fee', fee: '0.02', error: 'QRC20 Fee tx value 1000000 is less than expected 2000000' },
    { what: 'a reverted transfer', receipts: reverted, error: 'Contract call failed with an error: Revert: out of gas' },
    { what: 'a transfer that logged nothing', receipts: silent, error: 'logged no Transfer of at least 1000000' },
    { what: 'a fee to another address', hex: tampered(F.takerFee.txHex, 0, (d) => (d[35] = 0)), error: 'QRC20 Fee tx was sent to wrong address' },
    { what: 'a fee on another token', hex: tampered(F.takerFee.txHex, 0, () => undefined, '44'.repeat(20)), error: 'called wrong smart contract' },
  ])('refuses $what', async ({ sender, minBlock, fee, receipts, hex, error }) => {
    const { ops, state } = await swapToken('taker');
    const tx = onChain(state, hex ?? F.takerFee.txHex, receipts ?? F.takerFee.receipts);
    const dexFee = fee ? { fee: MmNumber.parse(fee), burn: MmNumber.ZERO } : FEE;
    const err = await ops.validateTakerFee(tx, dexFee, hexToBytes(sender ?? F.makerPubkey), minBlock ?? 0).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SwapValidationError);
    expect((err as Error).message).toContain(error);
  });

  it('refuses a call whose data is longer than a transfer', async () => {
    const { ops, state } = await swapToken('taker');
    const tx = Transaction.fromHex(F.takerFee.txHex);
    const call = readContractCall(new Uint8Array(tx.outs[0]!.script))!;
    tx.outs[0]!.script = contractCallScript(Uint8Array.from([...call.callData, 0]), call.gasLimit, call.gasPrice, call.contract);
    await expect(ops.validateTakerFee(onChain(state, tx.toHex(), []), FEE, hexToBytes(F.makerPubkey), 0)).rejects.toThrow("Expected 'transfer' contract call");
  });

  it("refuses KDF's plain QTUM transaction and a fee the chain does not know", async () => {
    const { ops, state } = await swapToken('taker');
    const plain = onChain(state, F.plainQtumTx.txHex, []);
    await expect(ops.validateTakerFee(plain, FEE, hexToBytes(F.plainQtumTx.senderPubkey), 0)).rejects.toThrow("Expected 'transfer' contract call");
    await expect(ops.validateTakerFee(swapTx(F.takerFee.txHex), FEE, hexToBytes(F.makerPubkey), 0)).rejects.toThrow('is not known to the chain');
  });
});

describe('QRC20 spend, refund and outcome', () => {
  async function takerWithPayment() {
    const t = await swapToken('taker');
    t.state.paymentStates.set(SP.swapId, 1);
    return { ...t, payment: onChain(t.state, SP.txHex, SP.receipts) };
  }

  it('spends the payment with receiverSpend, as output 1 of f94d79f8', async () => {
    const { ops, state, payment } = await takerWithPayment();
    await ops.spendPayment(payment, paymentTerms(SP), SECRET);
    expect(bytesToHex(broadcast(state).outs[0]!.script)).toBe(script(F.maliciousSpend.txHex, 1));
    expect(callsOf(broadcast(state)).filter((c) => c !== null)).toHaveLength(1);
  });

  it.each([
    { what: 'a wrong secret', secret: new Uint8Array(32).fill(2), error: 'The secret does not hash to' },
    { what: 'a secret of 31 bytes', secret: new Uint8Array(31), error: 'The secret does not hash to' },
    { what: 'a payment already spent', state: 2, error: 'Payment state is not PAYMENT_STATE_SENT, got 2' },
    { what: 'the payment of another swap', payment: 'other', error: 'not the agreed' },
  ])('refuses to spend with $what and broadcasts nothing', async ({ secret, state: chainState, payment: which, error }) => {
    const { ops, state, payment } = await takerWithPayment();
    if (chainState) state.paymentStates.set(SP.swapId, chainState);
    const tx = which ? onChain(state, P.txHex, P.receipts) : payment;
    await expect(ops.spendPayment(tx, paymentTerms(SP), secret ?? SECRET)).rejects.toThrow(error);
    expect(state.broadcasts).toEqual([]);
  });

  async function makerWithPayment(headerTime: number) {
    const t = await swapToken('maker', { headerTime });
    t.state.paymentStates.set(P.swapId, 1);
    return { ...t, payment: onChain(t.state, P.txHex, P.receipts) };
  }

  it("refunds with senderRefund once the chain's median time past reaches the lock time", async () => {
    const { ops, state, payment } = await makerWithPayment(P.timeLock);
    expect(await ops.canRefund(P.timeLock)).toBe(true);
    await ops.refundPayment(payment, paymentTerms(P));
    const [call] = callsOf(broadcast(state));
    const expected = encodeSenderRefund({
      id: hexToBytes(P.swapId),
      amount: 20_000_000n,
      secretHash: hexToBytes(P.secretHash),
      token: hexToBytes(F.token),
      receiver: hexToBytes(F.takerAddress),
    });
    expect({ data: bytesToHex(call!.callData), contract: bytesToHex(call!.contract), gas: call!.gasLimit }).toEqual({ data: bytesToHex(expected), contract: F.swapContract, gas: 100_000n });
  });

  it('refuses to refund before the lock time and broadcasts nothing', async () => {
    const { ops, state, payment } = await makerWithPayment(P.timeLock - 1);
    expect(await ops.canRefund(P.timeLock)).toBe(false);
    await expect(ops.refundPayment(payment, paymentTerms(P))).rejects.toThrow(`is locked until ${P.timeLock}`);
    expect(state.broadcasts).toEqual([]);
  });

  it("says the payment was spent, with the secret, from the receiver's token history", async () => {
    const { ops, state, payment } = await takerWithPayment();
    onChain(state, F.maliciousSpend.txHex, F.maliciousSpend.receipts);
    state.tokenHistory.set(F.takerAddress, [{ tx_hash: F.maliciousSpend.txHash, height: 696250, log_index: 0 }]);
    const outcome = await ops.findPaymentOutcome(payment, paymentTerms(SP));
    expect(outcome).toEqual({ type: 'Spent', tx: swapTx(F.maliciousSpend.txHex), secret: SECRET });
  });

  it('says a refunded payment was refunded, from the sender’s token history', async () => {
    const { ops, state, payment } = await makerWithPayment(P.timeLock);
    await ops.refundPayment(payment, paymentTerms(P));
    const refund = broadcast(state);
    const refunded = [{ blockNumber: 700100, outputIndex: 0, gasUsed: 1, excepted: 'None', log: [{ address: F.swapContract, topics: [SENDER_REFUNDED_TOPIC], data: P.swapId }] }];
    onChain(state, refund.toHex(), refunded);
    state.tokenHistory.set(F.makerAddress, [{ tx_hash: refund.getId(), height: 700100, log_index: 0 }]);
    expect(await ops.findPaymentOutcome(payment, paymentTerms(P))).toEqual({ type: 'Refunded', tx: swapTx(refund.toHex()) });
  });

  it.each([
    { what: 'the payment is not mined', unmined: true },
    { what: 'no swap transaction names the parties' },
    { what: 'the only spend logged is from before the payment', height: 696000 },
    { what: 'the spend is of another contract', logAddress: '55'.repeat(20) },
  ])('finds no outcome while $what', async ({ unmined, height, logAddress }) => {
    const { ops, state, payment } = await takerWithPayment();
    if (unmined) state.receipts.delete(payment.txHash);
    if (height !== undefined || logAddress) {
      const receipts = structuredClone(F.maliciousSpend.receipts) as { log: { address: string }[] }[];
      if (logAddress) for (const r of receipts) for (const l of r.log) l.address = logAddress;
      onChain(state, F.maliciousSpend.txHex, receipts);
      state.tokenHistory.set(F.takerAddress, [{ tx_hash: F.maliciousSpend.txHash, height: height ?? 696250, log_index: 0 }]);
    }
    expect(await ops.findPaymentOutcome(payment, paymentTerms(SP))).toBeNull();
  });
});

describe('QRC20 secret and transactions', () => {
  it.each([
    { name: 'd3f5dab4', hex: F.spend.txHex },
    { name: 'f94d79f8, past the wrong secret of its output 0', hex: F.maliciousSpend.txHex },
  ])('extracts the secret of the real spend $name', async ({ hex }) => {
    const { ops } = await swapToken('maker');
    expect(bytesToHex(ops.extractSecret(swapTx(hex), hexToBytes(F.spend.secretHash)))).toBe(F.spend.secret);
  });

  it.each([
    { what: 'a spend for another secret hash', tx: swapTx(F.spend.txHex), secretHash: '00'.repeat(20), error: "Couldn't obtain the 'secret'" },
    { what: 'a payment, no spend', tx: swapTx(P.txHex), secretHash: F.spend.secretHash, error: "Couldn't obtain the 'secret'" },
    { what: 'bytes that are no transaction', tx: { txHex: 'deadbeef', txHash: '00'.repeat(32) }, secretHash: F.spend.secretHash, error: 'transaction cannot be decoded' },
  ])('refuses $what', async ({ tx, secretHash, error }) => {
    const { ops } = await swapToken('maker');
    let err: unknown;
    try {
      ops.extractSecret(tx, hexToBytes(secretHash));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SwapValidationError);
    expect((err as Error).message).toContain(error);
  });

  it("reads counterparty bytes as the QTUM side does, and asks the QTUM side for confirmations and the tip", async () => {
    const { ops, state } = await swapToken('maker');
    expect(ops.txFromBytes(hexToBytes(P.txHex))).toEqual(swapTx(P.txHex));
    expect(() => ops.txFromBytes(new Uint8Array(3))).toThrow(SwapValidationError);
    onChain(state, P.txHex, P.receipts, 3);
    expect(await ops.confirmations(P.txHash)).toBe(3);
    expect(await ops.confirmations('ab'.repeat(32))).toBeNull();
    expect(await ops.currentBlock()).toBe(100);
    expect(bytesToHex(ops.swapContractBytes)).toBe(F.swapContract);
    expect(bytesToHex(ops.htlcPubkey)).toBe(F.makerPubkey);
  });

  it.each([
    { what: 'in the mempool', hex: F.exceptedPayment.txHex, receipts: [], confirmations: 0, expected: 0 },
    { what: 'whose approve reverted beside a completed payment (35e03bc5)', hex: F.approvePayment.txHex, receipts: [{ ...(P.receipts[0] as object), outputIndex: 0, excepted: 'Revert' }, { ...(P.receipts[0] as object), outputIndex: 1 }], confirmations: 2, expected: 2 },
    { what: 'whose erc20Payment reverted (ed53b97d)', hex: F.exceptedPayment.txHex, receipts: F.exceptedPayment.receipts, confirmations: 2, expected: null },
    { what: 'whose receipts name a missing output', hex: P.txHex, receipts: [{ ...(P.receipts[0] as object), outputIndex: 7 }], confirmations: 2, expected: 'out of bounds' },
  ])('counts a mined swap transaction $what as KDF checks its calls', async ({ hex, receipts, confirmations, expected }) => {
    const { ops, state } = await swapToken('maker');
    const tx = onChain(state, hex, receipts, confirmations);
    if (typeof expected === 'string') await expect(ops.confirmations(tx.txHash)).rejects.toThrow(expected);
    else expect(await ops.confirmations(tx.txHash)).toBe(expected);
  });
});
