/**
 * The Send form's EIP-1559 fees: presets slow / normal / fast read from the node's estimate and
 * sent as `EthGasEip1559`, estimates a node or proxy could garble refused as a whole, custom max
 * fee and tip checked before anything is asked, and which coins offer them (`max_eth_tx_type`).
 */
import { describe, expect, it } from 'vitest';
import { parseCoinsFile } from '../../../src/ui/lib/coinsConfig';
import { customEip1559Errors, customEip1559Fee, FEE_PRESETS, presetFee, readFeeEstimate, type CustomEip1559 } from '../../../src/ui/lib/evmFees';
import { describeSendFailure, sendErrorField } from '../../../src/ui/lib/coinErrors';
import fixture from '../../fixtures/ui/evm-fees.json';

describe('fee presets from get_eth_estimated_fee_per_gas', () => {
  it('maps slow / normal / fast to low / medium / high, gas left to the node', () => {
    const estimate = readFeeEstimate(fixture.estimate);
    expect(estimate).not.toBeNull();
    expect(FEE_PRESETS.map((p) => [p.id, p.level])).toEqual([
      ['slow', 'low'],
      ['normal', 'medium'],
      ['fast', 'high'],
    ]);
    for (const p of FEE_PRESETS) expect(presetFee(estimate!, p.id)).toEqual(fixture.presets[p.id]);
    expect(estimate?.baseFee).toBe('12.5');
  });

  it.each(fixture.badEstimates)('refuses an estimate with $description', (c) => {
    const result = 'result' in c ? c.result : { ...fixture.estimate, ...c.patch };
    expect(readFeeEstimate(result)).toBeNull();
  });
});

describe('a custom EIP-1559 fee', () => {
  it.each(fixture.custom)('$description', (c) => {
    const input = c.input as CustomEip1559;
    const errors = customEip1559Errors(input);
    if ('fee' in c) {
      expect(errors).toEqual({ maxFee: null, tip: null, gasLimit: null });
      expect(customEip1559Fee(input)).toEqual(c.fee);
    } else {
      expect(errors).toEqual(c.errors);
    }
  });
});

describe('which coins offer EIP-1559 fees', () => {
  it('reads max_eth_tx_type, a token taking its platform’s unless it names its own; junk is 0', () => {
    const [eth, token, ownLegacy, dev, devToken, junk] = parseCoinsFile([
      { coin: 'ETH', protocol: { type: 'ETH' }, max_eth_tx_type: 2 },
      { coin: 'USDT-ERC20', protocol: { type: 'ERC20', protocol_data: { platform: 'ETH' } } },
      { coin: 'OLD-ERC20', protocol: { type: 'ERC20', protocol_data: { platform: 'ETH' } }, max_eth_tx_type: 0 },
      { coin: 'ETHDEV', protocol: { type: 'ETH' } },
      { coin: 'DEVT6-ERC20', protocol: { type: 'ERC20', protocol_data: { platform: 'ETHDEV' } } },
      { coin: 'BAD', protocol: { type: 'ETH' }, max_eth_tx_type: '2' },
    ]);
    expect([eth, token, ownLegacy, dev, devToken, junk].map((o) => o?.maxEthTxType)).toEqual([2, 2, 0, 0, 0, 0]);
  });

  it('says what a TxTypeNotSupported refusal means and marks the fee field', () => {
    expect(sendErrorField('TxTypeNotSupported')).toBe('fee');
    expect(describeSendFailure({ errorType: 'TxTypeNotSupported', message: 'Transaction type not supported', errorData: undefined }, 'ETHDEV')).toBe(
      'ETHDEV cannot send EIP-1559 (max fee and tip) transactions here: choose a gas price instead.',
    );
  });
});
