/**
 * The EtomicSwap calls a QRC20 swap makes, against KDF's real QTUM testnet transactions
 * (tests/fixtures/qrc20/swap.json): the payment id, the event topics, and the call data of
 * `erc20Payment` and `receiverSpend` byte for byte as those transactions carry them; `senderRefund`
 * and `payments` against the contract ABI as ethers encodes it. Hostile call data (short, long,
 * unpadded, another call) decodes to nothing.
 */
import { Transaction } from 'bitcoinjs-lib';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../../../src/node/crypto';
import { readContractCall } from '../../../../../src/node/coins/qrc20/contractScript';
import {
  decodeErc20Payment,
  decodePaymentState,
  decodeReceiverSpend,
  encodeErc20Payment,
  encodePayments,
  encodeReceiverSpend,
  encodeSenderRefund,
  PAYMENT_SENT_TOPIC,
  RECEIVER_SPENT_TOPIC,
  SENDER_REFUNDED_TOPIC,
  swapCallName,
  swapId,
  swapIdOfCall,
} from '../../../../../src/node/coins/qrc20/swap/etomicSwap';
import { fixture } from './fixtures';
import type { SwapFixture } from './swapFixture';

const F = fixture<SwapFixture>('swap.json');
const token = hexToBytes(F.token);

function callOf(txHex: string, output: number): { callData: Uint8Array; contract: string } {
  const call = readContractCall(new Uint8Array(Transaction.fromHex(txHex).outs[output]!.script));
  if (!call) throw new Error(`output ${output} is no contract call`);
  return { callData: call.callData, contract: bytesToHex(call.contract) };
}

const ETOMIC = new Interface([
  'function erc20Payment(bytes32 _id, uint256 _amount, address _tokenAddress, address _receiver, bytes20 _secretHash, uint64 _lockTime)',
  'function senderRefund(bytes32 _id, uint256 _amount, bytes20 _paymentHash, address _tokenAddress, address _receiver)',
  'function payments(bytes32 id) view returns (bytes20 paymentHash, uint64 lockTime, uint8 state)',
]);

describe('EtomicSwap calls of a QRC20 swap', () => {
  it.each([
    { name: 'maker payment 016a59dd', p: F.payment },
    { name: 'maker payment 15fd8f71', p: F.spendPayment },
  ])("derives KDF's payment id of $name", ({ p }) => {
    expect(bytesToHex(swapId(p.timeLock, hexToBytes(p.secretHash)))).toBe(p.swapId);
  });

  it("has KDF's event topics", () => {
    expect({ paymentSent: PAYMENT_SENT_TOPIC, receiverSpent: RECEIVER_SPENT_TOPIC, senderRefunded: SENDER_REFUNDED_TOPIC }).toEqual(F.kdfTopics);
  });

  it.each([
    { name: '016a59dd', txHex: F.payment.txHex, output: 0, p: { ...F.payment, receiver: F.takerAddress } },
    { name: '15fd8f71', txHex: F.spendPayment.txHex, output: 0, p: { ...F.spendPayment, receiver: F.takerAddress } },
    {
      name: 'ed53b97d (output 2)',
      txHex: F.exceptedPayment.txHex,
      output: 2,
      p: { ...F.exceptedPayment, receiver: F.takerAddress, swapId: bytesToHex(swapId(F.exceptedPayment.timeLock, hexToBytes(F.exceptedPayment.secretHash))) },
    },
  ])('builds the erc20Payment call data of the real payment $name', ({ txHex, output, p }) => {
    const amount = 'amountBaseUnits' in p ? BigInt(p.amountBaseUnits) : 20_000_000n;
    const args = { id: hexToBytes(p.swapId), amount, token, receiver: hexToBytes(p.receiver), secretHash: hexToBytes(p.secretHash), lockTime: BigInt(p.timeLock) };
    const built = encodeErc20Payment(args);
    const real = callOf(txHex, output);
    expect(bytesToHex(built)).toBe(bytesToHex(real.callData));
    expect(real.contract).toBe(F.swapContract);
    expect(decodeErc20Payment(real.callData)).toEqual(args);
    expect(bytesToHex(built)).toBe(
      ETOMIC.encodeFunctionData('erc20Payment', [`0x${p.swapId}`, amount, `0x${F.token}`, `0x${p.receiver}`, `0x${p.secretHash}`, p.timeLock]).slice(2),
    );
  });

  it('builds the receiverSpend of the real spend f94d79f8 (output 1) and reads the one of d3f5dab4', () => {
    const args = { id: hexToBytes(F.spendPayment.swapId), amount: 20_000_000n, secret: hexToBytes(F.spend.secret), token, sender: hexToBytes(F.makerAddress) };
    expect(bytesToHex(encodeReceiverSpend(args))).toBe(bytesToHex(callOf(F.maliciousSpend.txHex, 1).callData));
    const real = callOf(F.spend.txHex, 0).callData;
    const decoded = decodeReceiverSpend(real)!;
    expect({ secret: bytesToHex(decoded.secret), token: bytesToHex(decoded.token), sender: bytesToHex(decoded.sender), amount: decoded.amount }).toEqual({
      secret: F.spend.secret,
      token: F.token,
      sender: F.makerAddress,
      amount: 20_000_000n,
    });
    expect(bytesToHex(encodeReceiverSpend(decoded))).toBe(bytesToHex(real));
    expect(bytesToHex(swapIdOfCall(real)!)).toBe(bytesToHex(decoded.id));
  });

  it('builds senderRefund and payments(id) as the contract ABI encodes them', () => {
    const id = hexToBytes(F.payment.swapId);
    const refund = encodeSenderRefund({ id, amount: 20_000_000n, secretHash: hexToBytes(F.payment.secretHash), token, receiver: hexToBytes(F.takerAddress) });
    expect(bytesToHex(refund)).toBe(
      ETOMIC.encodeFunctionData('senderRefund', [`0x${F.payment.swapId}`, 20_000_000n, `0x${F.payment.secretHash}`, `0x${F.token}`, `0x${F.takerAddress}`]).slice(2),
    );
    expect(swapCallName(refund)).toBe('senderRefund');
    expect(bytesToHex(encodePayments(id))).toBe(ETOMIC.encodeFunctionData('payments', [`0x${F.payment.swapId}`]).slice(2));
    const answer = ETOMIC.encodeFunctionResult('payments', [`0x${'ab'.repeat(20)}`, 1601367157n, 1]);
    expect(decodePaymentState(hexToBytes(answer.slice(2)))).toBe(1n);
  });

  describe('refuses hostile call data', () => {
    const real = callOf(F.payment.txHex, 0).callData;
    const with_ = (at: number, byte: number) => {
      const copy = real.slice();
      copy[at] = byte;
      return copy;
    };
    it.each([
      { what: 'a truncated call', data: real.slice(0, real.length - 1) },
      { what: 'a call with a trailing byte', data: Uint8Array.from([...real, 0]) },
      { what: 'only a selector', data: real.slice(0, 4) },
      { what: 'nothing', data: new Uint8Array(0) },
      { what: 'a token address word with padding', data: with_(4 + 64, 1) },
      { what: 'a receiver word with padding', data: with_(4 + 96, 1) },
      { what: 'a secret hash word with trailing bytes', data: with_(4 + 128 + 20, 1) },
      { what: 'a lock time beyond u64', data: with_(4 + 160 + 23, 1) },
      { what: 'another selector', data: with_(0, real[0]! ^ 0xff) },
    ])('$what', ({ data }) => {
      expect(decodeErc20Payment(data)).toBeNull();
      expect(decodeReceiverSpend(data)).toBeNull();
    });

    it.each([
      { what: 'a short answer', output: new Uint8Array(64) },
      { what: 'a long answer', output: new Uint8Array(128) },
      { what: 'a state beyond u8', output: Uint8Array.from([...new Uint8Array(94), 1, 0]) },
    ])('a payments answer: $what', ({ output }) => {
      expect(decodePaymentState(output)).toBeNull();
    });

    it.each([-1, 2 ** 32, 1.5, Number.NaN])('a lock time %s outside u32', (timeLock) => {
      expect(() => swapId(timeLock, new Uint8Array(20))).toThrow(RangeError);
    });
  });
});
