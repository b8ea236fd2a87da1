import { describe, expect, it } from 'vitest';
import { ParamError, ParamReader } from '../../../../../src/shared/params';
import { readWithdrawRequest } from '../../../../../src/node/coins/withdrawRequest';
import { ethFeeDetails, gasFromFee, type PayForGas } from '../../../../../src/node/coins/eth/fee';
import { MmError } from '../../../../../src/node/core/errors';
import fees from '../../../../fixtures/eth/fees.json';

interface GasCase {
  description: string;
  params: { fee: Record<string, unknown> | null };
  expected?: Record<string, string | null> | null;
  errorType?: string;
  /** The error's text; null where only the type is checked (the reader's own wording). */
  error?: string | null;
}

/** The wire's `fee` through the request reader, as `withdraw` reads it; wei and gas as decimal strings. */
function gasOf(fee: Record<string, unknown> | null) {
  const req = readWithdrawRequest(new ParamReader({ to: '0x', amount: '1', ...(fee ? { fee } : {}) }));
  const choice = gasFromFee(req.fee);
  if (!choice) return null;
  const gas = choice.gas === null ? null : choice.gas.toString();
  const { pay } = choice;
  return pay.type === 'legacy'
    ? { type: pay.type, gasPrice: pay.gasPrice.toString(), gas }
    : { type: pay.type, maxFeePerGas: pay.maxFeePerGas.toString(), maxPriorityFeePerGas: pay.maxPriorityFeePerGas.toString(), gas };
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
      if (c.error !== null) expect((error as ParamError).message).toBe(c.error);
    } else {
      expect(error).toBeInstanceOf(MmError);
      expect(error).toMatchObject({ errorType: c.errorType, errorData: c.error, httpStatus: 400 });
    }
  });
});

interface WirePay {
  type: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
}

const payOf = (p: WirePay): PayForGas =>
  p.type === 'legacy'
    ? { type: 'legacy', gasPrice: BigInt(p.gasPrice as string) }
    : { type: 'eip1559', maxFeePerGas: BigInt(p.maxFeePerGas as string), maxPriorityFeePerGas: BigInt(p.maxPriorityFeePerGas as string) };

describe('ethFeeDetails', () => {
  // Legacy: no max fees. EIP-1559: both max fees, gas_price the max fee, total_fee gas × max fee (KDF's EthTxFeeDetails).
  it.each(fees.feeDetails)('$description', (c) => {
    expect(ethFeeDetails(BigInt(c.params.gas), payOf(c.params.pay), c.params.platform)).toEqual(c.expected);
  });
});
