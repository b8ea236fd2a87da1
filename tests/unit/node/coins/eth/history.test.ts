import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { RpcReceipt, RpcTransaction } from '../../../../../src/node/coins/eth/chainApi';
import { historyDetails, type HistoryCoin } from '../../../../../src/node/coins/eth/history/details';
import type { Transfer } from '../../../../../src/node/coins/eth/history/sources';
import { decodeTransfer, encodeTransfer, TRANSFER_TOPIC, addressTopic } from '../../../../../src/node/coins/eth/erc20';
import { decodeSignedTx, encodeRpcTx, signLegacyTx } from '../../../../../src/node/coins/eth/txCodec';
import { hexToBytes } from '../../../../../src/node/crypto';

const KEY = hexToBytes('b8c774f071de08c7fd8f62b97f1a5726f6ce9f1bcf141b70b86689254ed6714e');
const ME = '0xf5c3bf03cBA4E343484588932e423A7C8BFf102d';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const ETH: HistoryCoin = { ticker: 'ETHDEV', decimals: 18, address: ME, platform: { ticker: 'ETHDEV' }, contract: null };
const T6: HistoryCoin = { ticker: 'DEVT6-ERC20', decimals: 6, address: ME, platform: { ticker: 'ETHDEV' }, contract: TOKEN };

/** A transaction as `eth_getTransactionByHash` describes it, from signed bytes. */
function asRpc(hex: string): RpcTransaction {
  const t = Transaction.from(`0x${hex}`);
  const sig = t.signature!;
  return {
    hash: t.hash!,
    type: t.type!,
    from: t.from!,
    to: t.to,
    nonce: t.nonce,
    value: t.value,
    gas: t.gasLimit,
    gasPrice: t.gasPrice,
    maxFeePerGas: t.maxFeePerGas,
    maxPriorityFeePerGas: t.maxPriorityFeePerGas,
    input: t.data,
    chainId: t.chainId,
    blockNumber: 12,
    accessList: null,
    v: BigInt(sig.networkV ?? sig.v),
    r: sig.r,
    s: sig.s,
  };
}

const signed = signLegacyTx({ chainId: 31337, nonce: 3, gasPrice: 2_000_000_000n, gas: 21_000n, to: OTHER, value: 10n ** 18n, data: '0x' }, KEY);
const receipt = (status: number, gasUsed = 21_000n): RpcReceipt => ({ status, gasUsed, effectiveGasPrice: 2_000_000_000n, blockNumber: 12, logs: [] });
const transfer = (t: Partial<Transfer>): Transfer => ({ txHash: `0x${signed.hash}`, blockNumber: 12, from: ME, to: OTHER, value: 10n ** 18n, failed: false, ...t });

describe('txCodec', () => {
  it('re-encodes a transaction the node describes into the very bytes that were signed', () => {
    expect(encodeRpcTx(asRpc(signed.hex))).toEqual(signed);
  });

  it('reads sender and nonce back from signed bytes', () => {
    expect(decodeSignedTx(signed.hex)).toEqual({ from: ME, nonce: 3 });
  });

  it('rejects bytes that are no transaction', () => {
    expect(() => decodeSignedTx('deadbeef')).toThrow(/tx_hex is not a signed EVM transaction/);
  });
});

describe('historyDetails', () => {
  it('ETH sent: value plus fee spent, KDF fields', () => {
    const d = historyDetails(ETH, [transfer({})], asRpc(signed.hex), receipt(1), 1_700_000_000);
    expect(d).toMatchObject({
      txHex: signed.hex,
      txHash: signed.hash,
      internalId: signed.hash,
      from: [ME],
      to: [OTHER],
      totalAmount: '1',
      spentByMe: '1.000042',
      receivedByMe: '0',
      myBalanceChange: '-1.000042',
      blockHeight: 12,
      timestamp: 1_700_000_000,
      feeDetails: { type: 'Eth', coin: 'ETHDEV', gas: 21000, gasPrice: '0.000000002', totalFee: '0.000042' },
      coin: 'ETHDEV',
    });
  });

  it('ETH received: no fee for the receiver', () => {
    const other: HistoryCoin = { ...ETH, address: OTHER };
    const d = historyDetails(other, [transfer({})], asRpc(signed.hex), receipt(1), 0);
    expect(d).toMatchObject({ spentByMe: '0', receivedByMe: '1', myBalanceChange: '1' });
  });

  it('a reverted transaction moves nothing but still costs its fee', () => {
    const d = historyDetails(ETH, [transfer({})], asRpc(signed.hex), receipt(0), 0);
    expect(d).toMatchObject({ totalAmount: '1', spentByMe: '0.000042', receivedByMe: '0', myBalanceChange: '-0.000042' });
  });

  it('a failed inner call moves nothing; the other movements of the transaction count', () => {
    const d = historyDetails(
      { ...ETH, address: OTHER },
      [transfer({ from: TOKEN, to: OTHER, value: 5n, failed: true }), transfer({ from: TOKEN, to: OTHER, value: 7n })],
      asRpc(signed.hex),
      receipt(1),
      0,
    );
    expect(d).toMatchObject({ receivedByMe: '0.000000000000000007', from: [TOKEN], to: [OTHER] });
  });

  it('a token transfer: token units, the fee shown in the platform coin but not spent from the token', () => {
    const d = historyDetails(T6, [transfer({ value: 12_345_678n })], asRpc(signed.hex), receipt(1, 51_688n), 0);
    expect(d).toMatchObject({
      totalAmount: '12.345678',
      spentByMe: '12.345678',
      myBalanceChange: '-12.345678',
      coin: 'DEVT6-ERC20',
      feeDetails: { coin: 'ETHDEV', gas: 51688, totalFee: '0.000103376' },
    });
  });
});

describe('ERC20 Transfer logs', () => {
  it('uses the Transfer topic ddf252ad… and the transfer selector a9059cbb', () => {
    expect(TRANSFER_TOPIC).toBe('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
    expect(encodeTransfer(OTHER, 1n).slice(0, 10)).toBe('0xa9059cbb');
  });

  it("decodes the token's Transfer and ignores other contracts", () => {
    const log = {
      address: TOKEN.toLowerCase(),
      topics: [TRANSFER_TOPIC, addressTopic(ME), addressTopic(OTHER)],
      data: `0x${(1234n).toString(16).padStart(64, '0')}`,
      blockNumber: 1,
      transactionHash: `0x${'aa'.repeat(32)}`,
      logIndex: 0,
    };
    expect(decodeTransfer(log, TOKEN)).toEqual({ from: ME, to: OTHER, value: 1234n });
    expect(decodeTransfer({ ...log, address: OTHER }, TOKEN)).toBeNull();
  });
});
