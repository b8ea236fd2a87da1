/**
 * The EVM swap checks on fixture transactions (tests/fixtures/swaps/eth-swap-txs.json: signed
 * with ethers, call data from ethers' AbiCoder and kdf-facts §4.6 selectors, not from the code
 * under test): the taker fee rules, the payment rules, the contract-state rules, the secret of a
 * receiverSpend, the swap calls we build, and the bounds on counterparty bytes.
 */
import { getBytes, hexlify, Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { RpcReceipt, RpcTransaction } from '../../../../../../src/node/coins/eth/chainApi';
import { checkPaymentState, checkPaymentTx, paymentCall, refundCall, spendCall, type PaymentTerms } from '../../../../../../src/node/coins/eth/swap/htlc';
import { secretFromSpendInput } from '../../../../../../src/node/coins/eth/swap/secret';
import { checkTakerFee, takerFeeCall } from '../../../../../../src/node/coins/eth/swap/takerFee';
import { MAX_TX_HEX_LENGTH, parseSignedTx, signedTxHash, type ChainTx } from '../../../../../../src/node/coins/eth/swap/txRead';
import { decodeSwapCall, ETH_TOKEN, paymentHash, paymentId } from '../../../../../../src/node/coins/eth/swapContract';
import { SwapValidationError } from '../../../../../../src/node/coins/swapOps';
import f from '../../../../../fixtures/swaps/eth-swap-txs.json';

type FixtureTx = (typeof f)['ethPayment'];
const bytes = (hex: string): Uint8Array => getBytes(`0x${hex}`);
const amount = BigInt(f.amount);
const secretHash = bytes(f.secretHash);
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function rpcTx(t: FixtureTx, change: Partial<RpcTransaction> = {}): RpcTransaction {
  return {
    hash: t.hash,
    type: 0,
    from: t.from,
    to: t.to,
    nonce: t.nonce,
    value: BigInt(t.value),
    gas: 150_000n,
    gasPrice: 2_000_000_000n,
    maxFeePerGas: null,
    maxPriorityFeePerGas: null,
    input: t.input,
    chainId: 31337n,
    blockNumber: 10,
    accessList: null,
    v: 0n,
    r: '0x',
    s: '0x',
    ...change,
  };
}
const receipt = (status: number): RpcReceipt => ({ status, gasUsed: 50_000n, effectiveGasPrice: 1n, blockNumber: 10, logs: [] });
const mined = (tx: RpcTransaction, status = 1): ChainTx => ({ tx, receipt: receipt(status) });
const pending = (tx: RpcTransaction): ChainTx => ({ tx, receipt: null });

function expectRefused(run: () => void, reason: string): void {
  let error: unknown = null;
  try {
    run();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(SwapValidationError);
  expect((error as Error).message).toContain(reason);
}

describe('taker fee', () => {
  const eth = { sender: f.sender, token: null, amount: 1_000_000_000_000_000n };
  const erc20 = { ...eth, token: f.token };

  it('accepts the fee paid to the dex address, mined or in the mempool, at least the amount', () => {
    expect(() => checkTakerFee(mined(rpcTx(f.takerFeeEth)), eth)).not.toThrow();
    expect(() => checkTakerFee(pending(rpcTx(f.takerFeeEth)), eth)).not.toThrow();
    expect(() => checkTakerFee(mined(rpcTx(f.takerFeeEth)), { ...eth, amount: eth.amount - 1n })).not.toThrow();
    expect(() => checkTakerFee(mined(rpcTx(f.takerFeeErc20)), erc20)).not.toThrow();
  });

  it('refuses another sender, a smaller amount, another receiver, a reverted tx', () => {
    expectRefused(() => checkTakerFee(mined(rpcTx(f.takerFeeEth)), { ...eth, sender: OTHER }), 'sent from wrong address');
    expectRefused(() => checkTakerFee(mined(rpcTx(f.takerFeeEth)), { ...eth, amount: eth.amount + 1n }), 'less than expected');
    expectRefused(() => checkTakerFee(mined(rpcTx(f.takerFeeEth, { to: OTHER })), eth), 'sent to wrong address');
    expectRefused(() => checkTakerFee(mined(rpcTx(f.takerFeeEth), 0), eth), 'reverted');
    expectRefused(() => checkTakerFee(mined(rpcTx(f.takerFeeErc20)), { ...erc20, amount: erc20.amount + 1n }), 'less than expected');
    expectRefused(() => checkTakerFee(mined(rpcTx(f.takerFeeErc20)), { ...erc20, token: OTHER }), 'called wrong smart contract');
    // The ETH transfer is no token fee, and the token transfer is no ETH fee.
    expectRefused(() => checkTakerFee(mined(rpcTx(f.takerFeeEth, { to: f.token })), erc20), 'is not a transfer');
    expectRefused(() => checkTakerFee(mined(rpcTx(f.takerFeeErc20)), eth), 'sent to wrong address');
  });

  it('refuses a token transfer to anybody but the dex address', () => {
    const toOther = f.takerFeeErc20.input.replace(f.dexFeeAddress.slice(2).toLowerCase(), OTHER.slice(2).toLowerCase());
    expectRefused(() => checkTakerFee(mined(rpcTx(f.takerFeeErc20, { input: toOther })), erc20), 'sent to wrong address');
  });

  it('builds the transfer KDF sends: value to the dex address, or transfer(dex, amount)', () => {
    expect(takerFeeCall(null, 5n)).toEqual({ to: f.dexFeeAddress, value: 5n, data: '0x' });
    const erc20Call = takerFeeCall(f.token, 1_000_000_000_000_000n);
    expect(erc20Call).toEqual({ to: f.token, value: 0n, data: f.takerFeeErc20.input });
  });
});

describe('HTLC payment', () => {
  const ethTerms: PaymentTerms = {
    contract: f.contract,
    id: paymentId(f.lockTime, secretHash),
    sender: f.sender,
    receiver: f.receiver,
    token: null,
    amount,
    secretHash,
    lockTime: f.lockTime,
  };
  const erc20Terms: PaymentTerms = { ...ethTerms, token: f.token };

  it('the fixture id is paymentId(lockTime, secretHash)', () => {
    expect(hexlify(ethTerms.id)).toBe(`0x${f.id}`);
  });

  it('accepts the agreed ethPayment and erc20Payment', () => {
    expect(() => checkPaymentTx(mined(rpcTx(f.ethPayment)), ethTerms)).not.toThrow();
    expect(() => checkPaymentTx(mined(rpcTx(f.erc20Payment)), erc20Terms)).not.toThrow();
  });

  it.each([
    ['amount', { amount: amount + 1n }, 'is invalid'],
    ['secret hash', { secretHash: new Uint8Array(20).fill(1) }, 'secret_hash arg'],
    ['lock time', { lockTime: f.lockTime + 1 }, 'time_lock arg'],
    ['id', { id: new Uint8Array(32).fill(3) }, "'swap_id'"],
    ['receiver', { receiver: OTHER }, 'receiver arg'],
    ['sender', { sender: OTHER }, 'sent from wrong address'],
    ['contract', { contract: OTHER }, 'sent to wrong address'],
  ] as const)('refuses an ethPayment with another %s', (_what, change, reason) => {
    expectRefused(() => checkPaymentTx(mined(rpcTx(f.ethPayment)), { ...ethTerms, ...change }), reason);
  });

  it.each([
    ['amount', { amount: amount - 1n }, 'amount arg'],
    ['token', { token: OTHER }, 'token address arg'],
    ['receiver', { receiver: OTHER }, 'receiver arg'],
    ['lock time', { lockTime: f.lockTime - 1 }, 'time_lock arg'],
  ] as const)('refuses an erc20Payment with another %s', (_what, change, reason) => {
    expectRefused(() => checkPaymentTx(mined(rpcTx(f.erc20Payment)), { ...erc20Terms, ...change }), reason);
  });

  it('refuses the wrong function, a token payment carrying ETH, a reverted payment', () => {
    expectRefused(() => checkPaymentTx(mined(rpcTx(f.erc20Payment)), ethTerms), 'does not call ethPayment');
    expectRefused(() => checkPaymentTx(mined(rpcTx(f.ethPayment)), erc20Terms), 'does not call erc20Payment');
    expectRefused(() => checkPaymentTx(mined(rpcTx(f.erc20Payment, { value: 1n })), erc20Terms), 'wei with a token payment');
    expectRefused(() => checkPaymentTx(mined(rpcTx(f.ethPayment), 0), ethTerms), 'reverted');
    expectRefused(() => checkPaymentTx(mined(rpcTx(f.ethPayment, { input: '0x152cf3af00' })), ethTerms), 'does not call ethPayment');
  });

  it('checks the contract state: PaymentSent with the agreed hash and lock time', () => {
    const stored = { paymentHash: paymentHash(f.receiver, f.sender, secretHash, ETH_TOKEN, amount), lockTime: f.lockTime, state: 'PaymentSent' as const };
    expect(() => checkPaymentState(stored, ethTerms)).not.toThrow();
    expectRefused(() => checkPaymentState({ ...stored, state: 'ReceiverSpent' }, ethTerms), 'Payment state is not PaymentSent');
    expectRefused(() => checkPaymentState({ ...stored, state: 'Uninitialized' }, ethTerms), 'Payment state is not PaymentSent');
    expectRefused(() => checkPaymentState(stored, { ...ethTerms, amount: amount - 1n }), 'is not the agreed');
    expectRefused(() => checkPaymentState(stored, erc20Terms), 'is not the agreed');
    expectRefused(() => checkPaymentState({ ...stored, lockTime: f.lockTime + 1 }, ethTerms), 'lock time');
  });

  it('builds the calls at KDF gas limits, the payment matching the fixture bytes', () => {
    expect(paymentCall(ethTerms)).toEqual({ to: f.contract, value: amount, data: f.ethPayment.input, gas: 65_000n });
    expect(paymentCall(erc20Terms)).toEqual({ to: f.contract, value: 0n, data: f.erc20Payment.input, gas: 150_000n });
    expect(spendCall(ethTerms, bytes(f.secret))).toEqual({ to: f.contract, value: 0n, data: f.receiverSpend.input, gas: 65_000n });
    expect(spendCall(erc20Terms, bytes(f.secret)).gas).toBe(150_000n);
    expect(refundCall(ethTerms).gas).toBe(100_000n);
    expect(refundCall(erc20Terms).gas).toBe(150_000n);
    expect(decodeSwapCall(refundCall(erc20Terms).data)).toEqual({
      fn: 'senderRefund',
      id: `0x${f.id}`,
      amount,
      paymentHash: `0x${f.secretHash}`,
      token: f.token,
      receiver: f.receiver,
    });
  });
});

describe('secret of a receiverSpend', () => {
  it('is read from the input and checked against the secret hash', () => {
    expect(hexlify(secretFromSpendInput(f.receiverSpend.input, secretHash))).toBe(`0x${f.secret}`);
    expectRefused(() => secretFromSpendInput(f.receiverSpend.input, new Uint8Array(20)), 'does not hash');
    expectRefused(() => secretFromSpendInput(f.ethPayment.input, secretHash), 'does not call receiverSpend');
  });
});

describe('counterparty bytes', () => {
  it('hash as the chain hashes them', () => {
    for (const t of [f.takerFeeEth, f.takerFeeErc20, f.ethPayment, f.erc20Payment, f.receiverSpend]) {
      expect(signedTxHash(t.txHex)).toBe(t.hash.slice(2));
      expect(parseSignedTx(t.txHex).from).toBe(t.from);
    }
  });

  it('refuses garbage, unsigned and oversized bytes before decoding more', () => {
    expectRefused(() => parseSignedTx('00ff'), 'not a signed EVM transaction');
    const unsigned = Transaction.from({ type: 0, chainId: 31337, nonce: 0, gasPrice: 1n, gasLimit: 21000n, to: f.dexFeeAddress, value: 1n });
    expectRefused(() => parseSignedTx(unsigned.unsignedSerialized.slice(2)), 'not signed');
    expectRefused(() => parseSignedTx('00'.repeat(MAX_TX_HEX_LENGTH / 2 + 1)), 'larger than any');
  });
});
