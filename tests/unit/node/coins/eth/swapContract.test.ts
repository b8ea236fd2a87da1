import { getBytes, hexlify, id } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  decodeSwapEvent,
  ETH_TOKEN,
  paymentHash,
  paymentId,
  swapCallData,
} from '../../../../../src/node/coins/eth/swapContract';
import vectors from '../../../../fixtures/eth/swap-vectors.json';

const bytes = (hex: string): Uint8Array => getBytes(`0x${hex}`);
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('paymentId = sha256(u32_le(time_lock) ‖ secret_hash)', () => {
  it.each(vectors.paymentId)('$description', (v) => {
    expect(hexlify(paymentId(v.params.timeLock, bytes(v.params.secretHash)))).toBe(`0x${v.expected}`);
  });
});

describe('paymentHash = ripemd160(receiver ‖ sender ‖ secret_hash ‖ token ‖ uint256 amount)', () => {
  it.each(vectors.paymentHash)('$description', (v) => {
    const p = v.params;
    expect(hexlify(paymentHash(p.receiver, p.sender, bytes(p.secretHash), p.token, BigInt(p.amount)))).toBe(`0x${v.expected}`);
  });
});

describe('EtomicSwap call data', () => {
  const args = {
    id: new Uint8Array(32).fill(7),
    receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    sender: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    secretHash: new Uint8Array(20).fill(9),
    secret: new Uint8Array(32).fill(1),
    amount: 5n,
    lockTime: 1_700_000_000,
  };

  it('uses the selectors of kdf-facts §4.6', () => {
    expect(swapCallData.ethPayment(args).slice(0, 10)).toBe('0x152cf3af');
    expect(swapCallData.erc20Payment({ ...args, token: CONTRACT }).slice(0, 10)).toBe('0x9b415b2a');
    expect(swapCallData.receiverSpend({ ...args, token: ETH_TOKEN }).slice(0, 10)).toBe('0x02ed292b');
    expect(swapCallData.senderRefund({ ...args, paymentHash: args.secretHash, token: ETH_TOKEN }).slice(0, 10)).toBe('0x46fc0294');
  });

  it('encodes ethPayment arguments as 32-byte words in order', () => {
    const words = swapCallData.ethPayment(args).slice(10).match(/.{64}/g) ?? [];
    expect(words).toEqual([
      '07'.repeat(32),
      `${'0'.repeat(24)}70997970c51812dc3a010c7d01b50e0d17dc79c8`,
      `${'09'.repeat(20)}${'0'.repeat(24)}`,
      (1_700_000_000).toString(16).padStart(64, '0'),
    ]);
  });
});

describe('decodeSwapEvent', () => {
  const idHex = `0x${'ab'.repeat(32)}`;
  const log = (topic: string, data: string, address = CONTRACT) => ({
    address,
    topics: [topic],
    data,
    blockNumber: 7,
    transactionHash: `0x${'cd'.repeat(32)}`,
    logIndex: 0,
  });

  it('decodes the three events', () => {
    expect(decodeSwapEvent(log(id('PaymentSent(bytes32)'), idHex), CONTRACT)).toMatchObject({ event: 'PaymentSent', id: idHex });
    expect(decodeSwapEvent(log(id('SenderRefunded(bytes32)'), idHex), CONTRACT)).toMatchObject({ event: 'SenderRefunded', id: idHex });
    const secret = `0x${'01'.repeat(32)}`;
    expect(decodeSwapEvent(log(id('ReceiverSpent(bytes32,bytes32)'), idHex + secret.slice(2)), CONTRACT)).toMatchObject({
      event: 'ReceiverSpent',
      id: idHex,
      secret,
    });
  });

  it('has the topics of kdf-facts §4.6', () => {
    expect(id('PaymentSent(bytes32)').startsWith('0xccc9c051')).toBe(true);
    expect(id('ReceiverSpent(bytes32,bytes32)').startsWith('0x36c177bc')).toBe(true);
    expect(id('SenderRefunded(bytes32)').startsWith('0x1797d500')).toBe(true);
  });

  it('ignores other contracts and other events', () => {
    expect(decodeSwapEvent(log(id('PaymentSent(bytes32)'), idHex, ETH_TOKEN), CONTRACT)).toBeNull();
    expect(decodeSwapEvent(log(id('Transfer(address,address,uint256)'), idHex), CONTRACT)).toBeNull();
  });
});
