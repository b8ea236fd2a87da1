/**
 * The Send form's custom QRC20 fee (`Qrc20Gas`): whole gas figures the node takes are sent as
 * given, anything it would refuse (not an integer, zero, beyond JSON's exact integers, a gas fee
 * past its 64-bit bound) is refused in the page with a message, and the preview's total fee is the
 * miner fee plus the gas.
 */
import { describe, expect, it } from 'vitest';
import { gasOf } from '../../../src/node/coins/qrc20/withdraw';
import { MAX_QRC20_GAS_FEE, qrc20GasErrors, qrc20GasFee, type Qrc20GasInput } from '../../../src/ui/lib/qrc20Fees';
import { feeAmount, type FeeDetails } from '../../../src/ui/lib/transactions';
import fixture from '../../fixtures/ui/qrc20-gas.json';

describe('a custom Qrc20Gas fee', () => {
  it.each(fixture.valid)('sends $description', (c) => {
    expect(qrc20GasErrors(c.input)).toEqual({ gasLimit: null, gasPrice: null });
    const fee = qrc20GasFee(c.input);
    expect(fee).toEqual(c.fee);
    // The node takes what the page lets through.
    expect(() => gasOf({ type: 'Qrc20Gas', gasLimit: fee.gas_limit, gasPrice: fee.gas_price })).not.toThrow();
  });

  it.each(fixture.invalid)('refuses $description', (c) => {
    expect(qrc20GasErrors(c.input)).toEqual(c.errors);
  });

  it('refuses a gas fee past the bound as the node does', () => {
    const input: Qrc20GasInput = { gasLimit: '1025', gasPrice: String(Number.MAX_SAFE_INTEGER) };
    expect(BigInt(input.gasLimit) * BigInt(input.gasPrice) > MAX_QRC20_GAS_FEE).toBe(true);
    expect(qrc20GasErrors(input).gasPrice).not.toBeNull();
    expect(() => gasOf({ type: 'Qrc20Gas', gasLimit: 1025, gasPrice: Number.MAX_SAFE_INTEGER })).toThrow();
  });

  it('refuses huge input without reading it as a number', () => {
    const errors = qrc20GasErrors({ gasLimit: '9'.repeat(100_000), gasPrice: '4'.repeat(21) });
    expect(errors.gasLimit).toBe('The gas limit is a whole number, such as 100000.');
    expect(errors.gasPrice).toBe('The gas price is a whole number, such as 40.');
  });
});

describe('the preview fee of a QRC20 transaction', () => {
  it.each(fixture.previewFee)('$description', (c) => {
    expect(feeAmount(c.fee_details as FeeDetails)).toBe(c.amount);
  });
});
