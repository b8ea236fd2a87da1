import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ParamError, ParamReader } from '../../../../../src/shared/params';
import { readWithdrawRequest } from '../../../../../src/node/coins/withdrawRequest';
import type { CallRequest } from '../../../../../src/node/coins/eth/chainApi';
import { buildEthWithdraw, type EthWithdrawView } from '../../../../../src/node/coins/eth/withdraw';
import { txDetailsToWire } from '../../../../../src/node/coins/wire';
import { hexToBytes } from '../../../../../src/node/crypto';
import { MmError } from '../../../../../src/node/core/errors';
import fixture from '../../../../fixtures/eth/withdraw.json';

const BOB_KEY = hexToBytes('b8c774f071de08c7fd8f62b97f1a5726f6ce9f1bcf141b70b86689254ed6714e');
const BOB = '0xf5c3bf03cBA4E343484588932e423A7C8BFf102d';

interface Case {
  description: string;
  coin: { ticker: string; decimals: number; contract: string | null };
  state: {
    balance: string;
    gasBalance: string;
    gasPrice: string;
    estimate: string;
    nonce: number;
    maxEthTxType: number;
    baseFee: string | null;
    medium?: { maxFeePerGas: string; maxPriorityFeePerGas: string };
  };
  request: Record<string, unknown>;
  expected?: {
    estimateCall: Record<string, string> | null;
    tx: Record<string, unknown>;
    details: Record<string, unknown>;
  };
  errorType?: string;
  errorData?: unknown;
}

/** A coin whose chain answers from the case's state, recording what withdraw asked of it. */
function fakeCoin(c: Case) {
  const calls = { estimate: [] as CallRequest[], nonces: 0 };
  const view: EthWithdrawView = {
    ticker: c.coin.ticker,
    decimals: c.coin.decimals,
    address: BOB,
    platform: { ticker: 'ETHDEV', decimals: 18 },
    chainId: 31337,
    contract: c.coin.contract,
    privateKey: BOB_KEY,
    spendable: async () => BigInt(c.state.balance),
    gasBalance: async () => BigInt(c.state.gasBalance),
    gasPrice: async () => BigInt(c.state.gasPrice),
    maxEthTxType: c.state.maxEthTxType,
    latestBaseFee: async () => (c.state.baseFee === null ? null : BigInt(c.state.baseFee)),
    feeEstimate: async () => {
      const m = c.state.medium;
      if (!m) throw new Error('the case names no estimate');
      const level = { maxFeePerGas: BigInt(m.maxFeePerGas), maxPriorityFeePerGas: BigInt(m.maxPriorityFeePerGas) };
      return { baseFee: BigInt(c.state.baseFee ?? 0), low: level, medium: level, high: level };
    },
    estimateGas: async (req) => {
      calls.estimate.push(req);
      return BigInt(c.state.estimate);
    },
    nextNonce: async () => {
      calls.nonces++;
      return c.state.nonce;
    },
  };
  return { view, calls };
}

const plainCall = (r: CallRequest) => ({ from: r.from, to: r.to, value: String(r.value), data: r.data });

describe('buildEthWithdraw', () => {
  it.each(fixture.cases as Case[])('$description', async (c) => {
    const { view, calls } = fakeCoin(c);
    const run = async () => buildEthWithdraw(view, readWithdrawRequest(new ParamReader(c.request)), 1_700_000_000);
    if (!c.expected) {
      let error: unknown;
      try {
        await run();
      } catch (e) {
        error = e;
      }
      if (c.errorType === 'ParamError') {
        expect(error).toBeInstanceOf(ParamError);
        expect((error as ParamError).message).toBe(c.errorData);
      } else {
        expect(error).toBeInstanceOf(MmError);
        expect(error).toMatchObject({ errorType: c.errorType, errorData: c.errorData ?? undefined, httpStatus: 400 });
      }
      expect(calls.nonces, 'no nonce is taken by a failed withdraw').toBe(0);
      return;
    }
    const details = await run();
    expect(calls.estimate.map(plainCall)).toEqual(c.expected.estimateCall ? [c.expected.estimateCall] : []);
    expect(calls.nonces).toBe(1);

    const tx = Transaction.from(`0x${details.txHex}`);
    expect({
      type: tx.type,
      chainId: tx.chainId.toString(),
      nonce: tx.nonce,
      gasPrice: tx.gasPrice?.toString(),
      maxFeePerGas: tx.maxFeePerGas?.toString(),
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas?.toString(),
      gasLimit: tx.gasLimit.toString(),
      to: tx.to,
      value: tx.value.toString(),
      data: tx.data,
      from: tx.from,
    }).toEqual(c.expected.tx);
    expect(details.txHash).toBe(tx.hash?.slice(2));
    expect(details.txHex).toMatch(/^[0-9a-f]+$/);

    const wire = txDetailsToWire(details);
    expect(wire).toMatchObject({ ...c.expected.details, timestamp: 1_700_000_000, internal_id: '', transaction_type: 'StandardTransfer', memo: null });
  });
});
