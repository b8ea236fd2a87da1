/**
 * A history row's details: a receive's fee is the sender's (defect: it was shown as the wallet's),
 * a send's is the wallet's; addresses once each; and `get_raw_transaction`'s answer is checked
 * before the page shows it (it comes from the node, which got it from an Electrum server).
 */
import { describe, expect, it } from 'vitest';
import type { TransactionDetails } from '../../../src/ui/lib/transactions';
import { blockText, feeView, MAX_RAW_TX_HEX, readRawTxHex, uniqueAddresses, unsignedAmount } from '../../../src/ui/lib/txDetails';

const tx = (over: Partial<TransactionDetails>): TransactionDetails => ({
  tx_hash: 'ab'.repeat(32),
  from: ['RsenderAddr'],
  to: ['RmyAddr', 'RsenderAddr'],
  total_amount: '1.5',
  spent_by_me: '0',
  received_by_me: '1.5',
  my_balance_change: '1.5',
  block_height: 120,
  timestamp: 1_700_000_000,
  fee_details: { type: 'Utxo', coin: 'RLTC1', amount: '0.00000226' },
  coin: 'RLTC1',
  ...over,
});

describe('transaction details', () => {
  it('labels a receive’s fee as paid by the sender, and a send’s as the wallet’s', () => {
    expect(feeView(tx({}))).toEqual({ payer: 'sender', amount: '0.00000226', coin: 'RLTC1' });
    expect(feeView(tx({ my_balance_change: '-0.50000226', spent_by_me: '1', received_by_me: '0.49999774' }))).toEqual({
      payer: 'me',
      amount: '0.00000226',
      coin: 'RLTC1',
    });
    // To oneself: the wallet paid the fee.
    expect(feeView(tx({ my_balance_change: '0' })).payer).toBe('me');
  });

  it('names a token’s gas in its platform coin and shows no fee when the node reports none', () => {
    const token = tx({ coin: 'DEVT18-ERC20', my_balance_change: '-2', fee_details: { type: 'Eth', coin: 'ETHDEV', total_fee: '0.000042' } });
    expect(feeView(token)).toEqual({ payer: 'me', amount: '0.000042', coin: 'ETHDEV' });
    expect(feeView(tx({ fee_details: undefined }))).toEqual({ payer: 'none' });
    expect(feeView(tx({ fee_details: { type: 'Utxo', amount: '0' } }))).toEqual({ payer: 'none' });
  });

  it('lists each address once, in order, and the amount without its sign', () => {
    expect(uniqueAddresses(['a', 'b', 'a', 'c', 'b'])).toEqual(['a', 'b', 'c']);
    expect(unsignedAmount('-0.5')).toBe('0.5');
    expect(unsignedAmount('+2')).toBe('2');
    expect(unsignedAmount('1.25')).toBe('1.25');
  });

  it('says a mempool transaction is in no block', () => {
    expect(blockText(0)).toBe('Not in a block yet');
    expect(blockText(-1)).toBe('Not in a block yet');
    expect(blockText(812)).toBe('812');
  });

  it('takes only hex of a sane size from get_raw_transaction', () => {
    expect(readRawTxHex({ tx_hex: '0200000001ABCD' })).toBe('0200000001abcd');
    expect(readRawTxHex({ tx_hex: '0xf86c' })).toBe('0xf86c');
    for (const bad of [null, 'ab', [], {}, { tx_hex: 12 }, { tx_hex: '' }, { tx_hex: 'abc' }, { tx_hex: '<script>' }, { tx_hex: 'zz' }]) {
      expect(readRawTxHex(bad)).toBeNull();
    }
    expect(readRawTxHex({ tx_hex: 'a'.repeat(MAX_RAW_TX_HEX) })).toHaveLength(MAX_RAW_TX_HEX);
    expect(readRawTxHex({ tx_hex: 'a'.repeat(MAX_RAW_TX_HEX + 2) })).toBeNull();
  });
});
