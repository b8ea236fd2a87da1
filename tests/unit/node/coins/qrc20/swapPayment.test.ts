/**
 * A QRC20 swap payment over the fake QTUM Electrum server: `sendPayment` builds KDF's outputs
 * (approve reset, approve to the balance, erc20Payment at 200 000 gas) compared with KDF's real
 * transactions; `validatePayment` accepts KDF's real maker payment and refuses each tampered field,
 * whether in the terms or in the transaction and its receipt, as well as KDF's malicious and
 * reverted payments; `checkIfMyPaymentSent` finds a payment by the contract's state and the
 * sender's token history. A refused payment broadcasts nothing.
 */
import { Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../../../src/node/crypto';
import { MmNumber } from '../../../../../src/shared/number';
import { SwapValidationError } from '../../../../../src/node/coins/swapOps';
import { QRC20_PAYMENT_GAS_LIMIT } from '../../../../../src/node/coins/qrc20/gas';
import { encodePayments, swapId } from '../../../../../src/node/coins/qrc20/swap/etomicSwap';
import { broadcast, callsOf, F, onChain, paymentTerms, swapToken, swapTx, tampered } from './swapHarness';

const P = F.payment;
const word = (n: bigint) => n.toString(16).padStart(64, '0');

/** Receipts of the real payment with the Transfer's sender, receiver or amount replaced. */
function receiptsWith(over: { sender?: string; receiver?: string; amount?: bigint }): unknown[] {
  const [receipt] = structuredClone(P.receipts) as { log: { topics: string[]; data: string }[] }[];
  const transfer = receipt!.log[0]!;
  if (over.sender) transfer.topics[1] = `${'0'.repeat(24)}${over.sender}`;
  if (over.receiver) transfer.topics[2] = `${'0'.repeat(24)}${over.receiver}`;
  if (over.amount !== undefined) transfer.data = word(over.amount);
  return [receipt];
}

async function taker() {
  const t = await swapToken('taker');
  t.state.paymentStates.set(P.swapId, 1);
  return t;
}

describe('QRC20 swap payment', () => {
  describe('sendPayment', () => {
    it.each([
      { what: 'an allowance that covers it: the payment alone', allowance: 20_000_000n, approves: [] as bigint[] },
      { what: 'no allowance: approve to the balance first', allowance: 0n, approves: [25_000_000n] },
      { what: 'a short allowance: reset to 0, then approve to the balance', allowance: 1n, approves: [0n, 25_000_000n] },
    ])('with $what', async ({ allowance, approves }) => {
      const { ops, coin, state } = await swapToken('maker', { allowance });
      state.balances.set(F.makerAddress, 25_000_000n);
      const sent = await ops.sendPayment(paymentTerms(P));
      const tx = broadcast(state);
      expect(sent).toEqual({ txHex: tx.toHex(), txHash: tx.getId() });
      const calls = callsOf(tx);
      const real = callsOf(Transaction.fromHex(P.txHex))[0]!;
      expect(calls.length).toBe(approves.length + 2); // the calls and the change
      approves.forEach((amount, i) => {
        expect(bytesToHex(calls[i]!.contract)).toBe(F.token);
        expect(bytesToHex(calls[i]!.callData)).toBe(`095ea7b3${'0'.repeat(24)}${F.swapContract}${word(amount)}`);
      });
      const payment = calls[approves.length]!;
      expect({ data: bytesToHex(payment.callData), contract: bytesToHex(payment.contract), gas: payment.gasLimit, price: payment.gasPrice }).toEqual({
        data: bytesToHex(real.callData),
        contract: F.swapContract,
        gas: QRC20_PAYMENT_GAS_LIMIT,
        price: 40n,
      });
      expect(bytesToHex(coin.myContractAddress)).toBe(F.makerAddress);
    });

    it("builds the approve output of KDF's 35e03bc5 and the reset of ed53b97d byte for byte", async () => {
      const fresh = await swapToken('maker', { allowance: 0n });
      fresh.state.balances.set(F.makerAddress, BigInt(F.approvePayment.balance));
      await fresh.ops.sendPayment(paymentTerms(P));
      expect(bytesToHex(broadcast(fresh.state).outs[0]!.script)).toBe(bytesToHex(Transaction.fromHex(F.approvePayment.txHex).outs[0]!.script));
      const reset = await swapToken('maker', { allowance: 5n });
      reset.state.balances.set(F.makerAddress, 20_000_000n);
      await reset.ops.sendPayment(paymentTerms(P));
      expect(bytesToHex(broadcast(reset.state).outs[0]!.script)).toBe(bytesToHex(Transaction.fromHex(F.exceptedPayment.txHex).outs[0]!.script));
    });

    it.each([
      { what: 'a balance short of the amount', balance: 19_999_999n, terms: {}, error: 'Balance 19999999 is less than value 20000000' },
      { what: 'a zero amount', balance: 1n, terms: { amount: MmNumber.ZERO }, error: 'is not positive' },
      { what: 'a foreign swap contract', balance: 20_000_000n, terms: { swapContract: `0x${'11'.repeat(20)}` }, error: 'neither' },
      { what: 'a secret hash of 32 bytes', balance: 20_000_000n, terms: { secretHash: new Uint8Array(32) }, error: 'must be 20 bytes' },
      { what: 'a lock time beyond u32', balance: 20_000_000n, terms: { timeLock: 2 ** 32 }, error: 'is not a u32' },
      { what: 'a receiver key that is no key', balance: 20_000_000n, terms: { receiverPubkey: new Uint8Array(5) }, error: 'not a 33-byte compressed key' },
    ])('refuses $what and broadcasts nothing', async ({ balance, terms, error }) => {
      const { ops, state } = await swapToken('maker', { allowance: 0n });
      state.balances.set(F.makerAddress, balance);
      await expect(ops.sendPayment(paymentTerms(P, terms))).rejects.toThrow(error);
      expect(state.broadcasts).toEqual([]);
    });
  });

  describe('validatePayment', () => {
    it("accepts KDF's real maker payment 016a59dd", async () => {
      const { ops, state, s } = await taker();
      await ops.validatePayment(onChain(state, P.txHex, P.receipts), paymentTerms(P));
      const [call] = s.calls('blockchain.contract.call');
      expect(call!.params).toEqual([F.swapContract, bytesToHex(encodePayments(hexToBytes(P.swapId))), '']);
    });

    it.each([
      { what: 'another amount', terms: { amount: MmNumber.parse('0.3') }, error: "Unexpected 'erc20Payment' contract call bytes" },
      { what: 'another secret hash (no payment under its id)', terms: { secretHash: new Uint8Array(20).fill(2) }, error: 'Payment state is not PAYMENT_STATE_SENT, got 0' },
      { what: 'another lock time (no payment under its id)', terms: { timeLock: 123 }, error: 'Payment state is not PAYMENT_STATE_SENT, got 0' },
      { what: 'another sender', terms: { senderPubkey: hexToBytes(F.takerPubkey) }, error: `Payment tx 0x${F.makerAddress} was sent from wrong address, expected 0x${F.takerAddress}` },
      { what: 'a foreign swap contract', terms: { swapContract: `0x${'22'.repeat(20)}` }, error: 'neither' },
      { what: 'a swap contract that is no address', terms: { swapContract: '0x1234' }, error: 'not 0x and 40 hex digits' },
    ])('refuses terms with $what', async ({ terms, error }) => {
      const { ops, state } = await taker();
      await expect(ops.validatePayment(onChain(state, P.txHex, P.receipts), paymentTerms(P, terms))).rejects.toThrow(error);
    });

    it.each([
      { what: 'secret hash', terms: { secretHash: new Uint8Array(20).fill(2) } },
      { what: 'lock time', terms: { timeLock: 1601367158 } },
    ])('refuses the real call for terms with another $what even when the contract holds their id', async ({ terms }) => {
      const { ops, state } = await taker();
      const t = paymentTerms(P, terms);
      state.paymentStates.set(bytesToHex(swapId(t.timeLock, t.secretHash)), 1);
      await expect(ops.validatePayment(onChain(state, P.txHex, P.receipts), t)).rejects.toThrow("Unexpected 'erc20Payment' contract call bytes");
    });

    const at = (word: number, byte: number) => 4 + 32 * word + byte;
    const flip = (w: number, b: number) => (d: Uint8Array): void => {
      d[at(w, b)] = (d[at(w, b)] ?? 0) ^ 1;
    };
    const put = (w: number, b: number, v: number) => (d: Uint8Array): void => {
      d[at(w, b)] = v;
    };
    it.each([
      { what: 'the id', mutate: flip(0, 0), error: "Unexpected 'erc20Payment' contract call bytes" },
      { what: 'the amount (receipt agreeing)', mutate: put(1, 31, 1), receipt: { amount: 0x1312d01n }, error: "Unexpected 'erc20Payment' contract call bytes" },
      { what: 'the amount (receipt not agreeing)', mutate: put(1, 31, 1), error: "Unexpected amount 20000000 in 'Transfer' event, expected 20000001" },
      { what: 'the token address', mutate: flip(2, 31), error: "Unexpected 'erc20Payment' contract call bytes" },
      { what: 'the receiver', mutate: flip(3, 31), error: "Unexpected 'erc20Payment' contract call bytes" },
      { what: 'the secret hash', mutate: flip(4, 0), error: "Unexpected 'erc20Payment' contract call bytes" },
      { what: 'the lock time', mutate: flip(5, 31), error: "Unexpected 'erc20Payment' contract call bytes" },
      { what: 'the padding of the receiver', mutate: put(3, 0, 1), error: 'is not a well-formed erc20Payment call' },
    ])('refuses a payment transaction with another $what', async ({ mutate, receipt, error }) => {
      const { ops, state } = await taker();
      const hex = tampered(P.txHex, 0, mutate);
      await expect(ops.validatePayment(onChain(state, hex, receiptsWith(receipt ?? {})), paymentTerms(P))).rejects.toThrow(error);
    });

    it('refuses a payment into another contract (its Transfer going there)', async () => {
      const { ops, state } = await taker();
      const other = '33'.repeat(20);
      const hex = tampered(P.txHex, 0, () => undefined, other);
      await expect(ops.validatePayment(onChain(state, hex, receiptsWith({ receiver: other })), paymentTerms(P))).rejects.toThrow(
        `Payment tx receiver arg 0x${other} is invalid, expected 0x${F.swapContract}`,
      );
    });

    it.each([
      { what: 'a Transfer from someone else', receipts: receiptsWith({ sender: F.takerAddress }), error: 'was sent from wrong address' },
      { what: 'a Transfer into another address', receipts: receiptsWith({ receiver: F.takerAddress }), error: 'from script pubkey and receiver' },
      { what: 'no receipts (not mined)', receipts: [], error: "Couldn't find erc20Payment contract call" },
      { what: 'a receipt naming a missing output', receipts: [{ ...(P.receipts[0] as object), outputIndex: 9 }], error: 'TxReceipt::output_index 9 out of bounds' },
      { what: 'two Transfers', receipts: [{ ...(P.receipts[0] as { log: unknown[] }), log: [...(P.receipts[0] as { log: unknown[] }).log, (P.receipts[0] as { log: unknown[] }).log[0]] }], error: "should emit only one 'Transfer' event" },
    ])('refuses the real payment with $what in its receipts', async ({ receipts, error }) => {
      const { ops, state } = await taker();
      await expect(ops.validatePayment(onChain(state, P.txHex, receipts), paymentTerms(P))).rejects.toThrow(error);
    });

    it.each([
      { name: "KDF's malicious payment 81540dc6", p: F.maliciousPayment, secretHash: F.spend.secretHash },
      { name: "KDF's reverted payment ed53b97d", p: { ...F.exceptedPayment, amount: '0.000001' }, secretHash: F.exceptedPayment.secretHash },
    ])('refuses $name', async ({ p, secretHash }) => {
      const { ops, state } = await taker();
      const t = paymentTerms({ timeLock: p.timeLock, secretHash, amount: p.amount });
      state.paymentStates.set(bytesToHex(swapId(t.timeLock, t.secretHash)), 1);
      const err = await ops.validatePayment(onChain(state, p.txHex, p.receipts), t).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SwapValidationError);
      expect((err as Error).message).toContain(p.error);
    });

    it.each([
      { what: 'bytes that are no transaction', tx: { txHex: 'zz', txHash: '00' }, error: 'not hex' },
      { what: 'bytes whose hash is not the claimed one', tx: { txHex: P.txHex, txHash: '11'.repeat(32) }, error: 'is not the hash of its bytes' },
    ])('refuses $what', async ({ tx, error }) => {
      const { ops } = await taker();
      await expect(ops.validatePayment(tx, paymentTerms(P))).rejects.toThrow(error);
    });

    it('refuses a payments(id) answer that is not three words', async () => {
      const { ops, state } = await taker();
      state.rawOutput = { excepted: 'None', output: '00'.repeat(64) };
      await expect(ops.validatePayment(onChain(state, P.txHex, P.receipts), paymentTerms(P))).rejects.toThrow('Expected 3 words in "payments" call, got 64 bytes');
    });
  });

  describe('checkIfMyPaymentSent', () => {
    it("finds the maker's payment by the contract's state and its PaymentSent transaction", async () => {
      const { ops, state } = await swapToken('maker');
      state.paymentStates.set(P.swapId, 1);
      onChain(state, P.txHex, P.receipts);
      state.tokenHistory.set(F.makerAddress, [{ tx_hash: P.txHash, height: 700000, log_index: 0 }]);
      expect(await ops.checkIfMyPaymentSent(paymentTerms(P), 699990)).toEqual(swapTx(P.txHex));
      expect(await ops.checkIfMyPaymentSent(paymentTerms(P), 700001)).toBeNull();
    });

    it('finds nothing while the contract does not know the id, without reading the history', async () => {
      const { ops, s } = await swapToken('maker');
      expect(await ops.checkIfMyPaymentSent(paymentTerms(P), 0)).toBeNull();
      expect(s.calls('blockchain.contract.event.get_history')).toEqual([]);
    });

    it('refuses a history longer than it scans', async () => {
      const { ops, state } = await swapToken('maker');
      state.paymentStates.set(P.swapId, 1);
      state.tokenHistory.set(
        F.makerAddress,
        Array.from({ length: 1001 }, (_, i) => ({ tx_hash: i.toString(16).padStart(64, '0'), height: 1, log_index: 0 })),
      );
      await expect(ops.checkIfMyPaymentSent(paymentTerms(P), 0)).rejects.toThrow('more than 1000');
    });
  });
});
