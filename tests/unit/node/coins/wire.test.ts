/**
 * The wire shapes of TransactionDetails and its fee details: exactly KDF's keys, in KDF's order
 * (`TransactionDetails` in lp_coins.rs, `EthTxFeeDetails` in eth.rs, `UtxoFeeDetails` in utxo.rs;
 * mm2_test_helpers' structs.rs reads them with `deny_unknown_fields`), `memo` and the max fees
 * present as null rather than left out.
 */
import { describe, expect, it } from 'vitest';
import type { TransactionDetails } from '../../../../src/node/coins/coin';
import { ethFeeDetails } from '../../../../src/node/coins/eth/fee';
import { feeDetailsToWire, txDetailsToWire } from '../../../../src/node/coins/wire';
import { DETAILS_KEYS, ETH_FEE_KEYS, UTXO_FEE_KEYS } from '../../../fixtures/coins/txDetailsKeys';

const utxoWithdraw: TransactionDetails = {
  txHex: '0100',
  txHash: 'ab'.repeat(32),
  from: ['rltc1qsender'],
  to: ['rltc1qreceiver'],
  totalAmount: '1.00001',
  spentByMe: '1.00001',
  receivedByMe: '0',
  myBalanceChange: '-1.00001',
  blockHeight: 0,
  timestamp: 1_700_000_000,
  feeDetails: { type: 'Utxo', coin: 'RLTC1', amount: '0.00001' },
  coin: 'RLTC1',
  internalId: '',
  transactionType: 'StandardTransfer',
  memo: null,
};

describe('txDetailsToWire', () => {
  it('a UTXO withdraw: KDF keys in order, internal_id "" and memo null', () => {
    const wire = txDetailsToWire(utxoWithdraw);
    expect(Object.keys(wire)).toEqual(DETAILS_KEYS);
    expect(wire).toMatchObject({ internal_id: '', memo: null, transaction_type: 'StandardTransfer' });
    expect(Object.keys(wire.fee_details as object)).toEqual(UTXO_FEE_KEYS);
  });

  it('an EVM history entry: max fees per gas null for legacy gas, between gas_price and total_fee', () => {
    const wire = txDetailsToWire({
      ...utxoWithdraw,
      coin: 'DEVT6-ERC20',
      internalId: 'cd'.repeat(32),
      blockHeight: 12,
      feeDetails: ethFeeDetails(52_000n, { type: 'legacy', gasPrice: 3_000_000_000n }, 'ETHDEV'),
    });
    expect(Object.keys(wire)).toEqual(DETAILS_KEYS);
    expect(wire.internal_id).toBe('cd'.repeat(32));
    expect(wire.fee_details).toEqual({
      type: 'Eth',
      coin: 'ETHDEV',
      gas: 52000,
      gas_price: '0.000000003',
      max_fee_per_gas: null,
      max_priority_fee_per_gas: null,
      total_fee: '0.000156',
    });
    expect(Object.keys(wire.fee_details as object)).toEqual(ETH_FEE_KEYS);
  });

  it('carries a memo and EIP-1559 max fees when the details have them', () => {
    const wire = txDetailsToWire({
      ...utxoWithdraw,
      memo: 'invoice 7',
      feeDetails: { type: 'Eth', coin: 'ETHDEV', gas: 21000, gasPrice: '0.00000003', maxFeePerGas: '0.00000003', maxPriorityFeePerGas: '0.000000001', totalFee: '0.00063' },
    });
    expect(wire.memo).toBe('invoice 7');
    expect(wire.fee_details).toMatchObject({ max_fee_per_gas: '0.00000003', max_priority_fee_per_gas: '0.000000001' });
  });
});

describe('feeDetailsToWire', () => {
  it('Qrc20: KDF Qrc20FeeDetails keys in order', () => {
    const wire = feeDetailsToWire({ type: 'Qrc20', coin: 'QTUM', minerFee: '0.001', gasLimit: 100_000, gasPrice: 40, totalGasFee: '0.04' });
    expect(Object.keys(wire)).toEqual(['type', 'coin', 'miner_fee', 'gas_limit', 'gas_price', 'total_gas_fee']);
  });
});
