/**
 * The chain side of a whole QRC20 swap between KDF's maker and taker test keys, each token on its
 * own fake QTUM Electrum server over one shared fake chain: what one side sends, the other
 * validates, spends or finds. "Mining" here writes what the EtomicSwap contract would: the payment
 * state, the Transfer and swap-event logs of each call, and the token history of the parties. No
 * QTUM node checks signatures, gas or the contract itself: that part is KDF's real transactions'
 * job in the other tests.
 */
import type { Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../../src/shared/number';
import { bytesToHex, hash160 } from '../../../../../src/node/crypto';
import { TRANSFER_TOPIC } from '../../../../../src/node/coins/qrc20/abi';
import { readContractCall } from '../../../../../src/node/coins/qrc20/contractScript';
import {
  decodeErc20Payment,
  decodeReceiverSpend,
  PAYMENT_SENT_TOPIC,
  RECEIVER_SPENT_TOPIC,
  SENDER_REFUNDED_TOPIC,
  swapCallName,
  swapId,
  swapIdOfCall,
} from '../../../../../src/node/coins/qrc20/swap/etomicSwap';
import type { HtlcTerms } from '../../../../../src/node/coins/swapOps';
import { qtumChainState } from './fakeQtumElectrum';
import { broadcast, F, swapToken, swapTx } from './swapHarness';

const SECRET = new Uint8Array(32).fill(7);
const TIME_LOCK = 1_700_000_000;
const topic = (address: string) => `${'0'.repeat(24)}${address}`;
const word = (n: bigint) => n.toString(16).padStart(64, '0');

/** One chain both servers answer from. */
function sharedChain() {
  const { paymentStates, receipts, txs, tokenHistory } = qtumChainState();
  return { paymentStates, receipts, txs, tokenHistory, allowance: 10n ** 18n };
}
type Chain = ReturnType<typeof sharedChain>;

/** Mines `tx` as the contract would run its calls by `caller` (a hash160): logs, payment state, token history. */
function mine(chain: Chain, tx: Transaction, caller: string, height: number): void {
  const txHash = tx.getId();
  const receipts = tx.outs.flatMap((out, outputIndex) => {
    const call = readContractCall(new Uint8Array(out.script));
    if (!call) return [];
    const contract = bytesToHex(call.contract);
    const log = [];
    const name = swapCallName(call.callData);
    const id = swapIdOfCall(call.callData);
    if (name === 'erc20Payment') {
      const p = decodeErc20Payment(call.callData)!;
      log.push({ address: F.token, topics: [TRANSFER_TOPIC, topic(caller), topic(contract)], data: word(p.amount) });
      log.push({ address: contract, topics: [PAYMENT_SENT_TOPIC], data: bytesToHex(id!) });
      chain.paymentStates.set(bytesToHex(id!), 1);
    } else if (name === 'receiverSpend') {
      const s = decodeReceiverSpend(call.callData)!;
      log.push({ address: F.token, topics: [TRANSFER_TOPIC, topic(contract), topic(caller)], data: word(s.amount) });
      log.push({ address: contract, topics: [RECEIVER_SPENT_TOPIC], data: bytesToHex(id!) + bytesToHex(s.secret) });
      chain.paymentStates.set(bytesToHex(id!), 2);
    } else if (name === 'senderRefund') {
      log.push({ address: F.token, topics: [TRANSFER_TOPIC, topic(contract), topic(caller)], data: word(BigInt(`0x${bytesToHex(call.callData.subarray(36, 68))}`)) });
      log.push({ address: contract, topics: [SENDER_REFUNDED_TOPIC], data: bytesToHex(id!) });
      chain.paymentStates.set(bytesToHex(id!), 3);
    }
    return [{ blockNumber: height, outputIndex, gasUsed: 50_000, excepted: 'None', log }];
  });
  chain.receipts.set(txHash, receipts);
  chain.txs.set(txHash, { hex: tx.toHex(), confirmations: 1 });
  chain.tokenHistory.set(caller, [...(chain.tokenHistory.get(caller) ?? []), { tx_hash: txHash, height, log_index: 0 }]);
}

async function parties(headerTime = 0) {
  const chain = sharedChain();
  const maker = await swapToken('maker', { ...chain, headerTime });
  const taker = await swapToken('taker', { ...chain, headerTime });
  maker.state.balances.set(F.makerAddress, 10n ** 12n);
  const terms: HtlcTerms = {
    timeLock: TIME_LOCK,
    senderPubkey: maker.ops.htlcPubkey,
    receiverPubkey: taker.ops.htlcPubkey,
    secretHash: hash160(SECRET),
    amount: MmNumber.parse('1.5'),
    swapContract: `0x${F.swapContract}`,
  };
  return { chain, maker, taker, terms };
}

describe('QRC20 swap round trip over one fake chain', () => {
  it('taker fee: sent by one side, accepted by the other once in the mempool and once mined', async () => {
    const { chain, maker, taker } = await parties();
    const fee = { fee: MmNumber.parse('0.0015'), burn: MmNumber.ZERO };
    const sent = await taker.ops.sendTakerFee(fee, 'uuid');
    chain.txs.set(sent.txHash, { hex: sent.txHex, confirmations: 0 });
    await maker.ops.validateTakerFee(sent, fee, taker.ops.htlcPubkey, 99);
    chain.txs.set(sent.txHash, { hex: sent.txHex, confirmations: 1 });
    chain.receipts.set(sent.txHash, [{ blockNumber: 100, outputIndex: 0, gasUsed: 1, excepted: 'None', log: [{ address: F.token, topics: [TRANSFER_TOPIC, topic(F.takerAddress), topic(F.dexFeeAddress)], data: word(150_000n) }] }]);
    await maker.ops.validateTakerFee(sent, fee, taker.ops.htlcPubkey, 99);
    await expect(maker.ops.validateTakerFee(sent, fee, maker.ops.htlcPubkey, 99)).rejects.toThrow('not signed by the expected public key');
  });

  it('payment, validation, spend, outcome and secret', async () => {
    const { chain, maker, taker, terms } = await parties();
    const payment = await maker.ops.sendPayment(terms);
    await expect(taker.ops.validatePayment(payment, terms)).rejects.toThrow('Payment state is not PAYMENT_STATE_SENT, got 0');
    mine(chain, broadcast(maker.state), F.makerAddress, 101);
    await taker.ops.validatePayment(payment, terms);
    expect(await maker.ops.checkIfMyPaymentSent(terms, 100)).toEqual(payment);
    expect(await maker.ops.findPaymentOutcome(payment, terms)).toBeNull();

    const spend = await taker.ops.spendPayment(payment, terms, SECRET);
    mine(chain, broadcast(taker.state), F.takerAddress, 102);
    expect(await maker.ops.findPaymentOutcome(payment, terms)).toEqual({ type: 'Spent', tx: spend, secret: SECRET });
    expect(maker.ops.extractSecret(spend, terms.secretHash)).toEqual(SECRET);
    await expect(taker.ops.spendPayment(payment, terms, SECRET)).rejects.toThrow('got 2');
    expect(bytesToHex(swapId(TIME_LOCK, terms.secretHash))).toBe(bytesToHex(decodeErc20Payment(readContractCall(new Uint8Array(broadcast(maker.state).outs[0]!.script))!.callData)!.id));
  });

  it('refund once the lock time passed, and its outcome', async () => {
    const { chain, maker, terms } = await parties(TIME_LOCK);
    const payment = await maker.ops.sendPayment(terms);
    mine(chain, broadcast(maker.state), F.makerAddress, 101);
    const refund = await maker.ops.refundPayment(payment, terms);
    mine(chain, broadcast(maker.state, 1), F.makerAddress, 103);
    expect(await maker.ops.findPaymentOutcome(payment, terms)).toEqual({ type: 'Refunded', tx: swapTx(refund.txHex) });
    await expect(maker.ops.refundPayment(payment, terms)).rejects.toThrow('got 3');
  });
});
