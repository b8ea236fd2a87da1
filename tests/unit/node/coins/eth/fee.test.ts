import { describe, expect, it } from 'vitest';
import { ParamError, ParamReader } from '../../../../../src/shared/params';
import { readWithdrawRequest } from '../../../../../src/node/coins/withdrawRequest';
import { ethFeeDetails, gasFromFee } from '../../../../../src/node/coins/eth/fee';
import { MmError } from '../../../../../src/node/errors';
import fees from '../../../../fixtures/eth/fees.json';

interface GasCase {
  description: string;
  params: { fee: Record<string, unknown> | null };
  expected?: { gasPrice: string; gas: string } | null;
  errorType?: string;
  error?: string;
}

/** The wire's `fee` through the request reader, as `withdraw` reads it. */
function gasOf(fee: Record<string, unknown> | null) {
  const req = readWithdrawRequest(new ParamReader({ to: '0x', amount: '1', ...(fee ? { fee } : {}) }));
  const gas = gasFromFee(req.fee);
  return gas && { gasPrice: gas.gasPrice.toString(), gas: gas.gas.toString() };
}

describe('gasFromFee', () => {
  it.each(fees.gasFromFee as GasCase[])('$description', (c) => {
    if (c.expected !== undefined) {
      expect(gasOf(c.params.fee)).toEqual(c.expected);
      return;
    }
    let error: unknown;
    try {
      gasOf(c.params.fee);
    } catch (e) {
      error = e;
    }
    if (c.errorType === 'ParamError') {
      expect(error).toBeInstanceOf(ParamError);
      expect((error as ParamError).message).toBe(c.error);
    } else {
      expect(error).toBeInstanceOf(MmError);
      expect(error).toMatchObject({ errorType: c.errorType, errorData: c.error, httpStatus: 400 });
    }
  });
});

describe('ethFeeDetails', () => {
  // A legacy gas price: KDF's EthTxFeeDetails has no max fees per gas then.
  it.each(fees.feeDetails)('$description', (c) => {
    expect(ethFeeDetails(BigInt(c.params.gas), BigInt(c.params.gasPrice), c.params.platform)).toEqual({ ...c.expected, maxFeePerGas: null, maxPriorityFeePerGas: null });
  });
});
