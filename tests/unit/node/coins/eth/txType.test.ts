/**
 * `max_eth_tx_type` from the coins file, as KDF's `get_max_eth_tx_type_conf` reads it: absent is
 * undefined (legacy only, or a token's platform's), a type up to 0x7f is taken, anything else fails
 * the activation with KDF's text.
 */
import { describe, expect, it } from 'vitest';
import { parseCoinsConfig } from '../../../../../src/node/coins/config';
import { configuredMaxTxType } from '../../../../../src/node/coins/eth/txType';
import { MmError } from '../../../../../src/node/core/errors';

const ETH = { coin: 'ETHX', protocol: { type: 'ETH', protocol_data: { chain_id: 1 } }, chain_id: 1, mm2: 1 };

function configWith(value: unknown) {
  const entry = value === undefined ? ETH : { ...ETH, max_eth_tx_type: value };
  const coin = parseCoinsConfig([entry]).coins.get('ETHX');
  if (!coin) throw new Error('the entry was not parsed');
  return coin;
}

describe('configuredMaxTxType', () => {
  it.each([
    [undefined, undefined],
    [null, undefined],
    [0, 0],
    [2, 2],
    [0x7f, 0x7f],
  ])('%s gives %s', (value, expected) => {
    expect(configuredMaxTxType(configWith(value))).toBe(expected);
  });

  it.each([
    ['2', 'max_eth_tx_type in coins is invalid'],
    [-1, 'max_eth_tx_type in coins is invalid'],
    [1.5, 'max_eth_tx_type in coins is invalid'],
    [0x80, 'max_eth_tx_type in coins is too big'],
  ])('%s fails the activation', (value, text) => {
    const error = (() => {
      try {
        configuredMaxTxType(configWith(value));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(MmError);
    expect(error).toMatchObject({ errorType: 'CoinActivationError', message: text });
  });
});
