/**
 * The smallest order volume KDF accepts for a coin, in its base units (kdf-facts §5.1):
 * 10 × dust for UTXO coins (`utxo_common::min_trading_vol`), one base unit (1/10^decimals)
 * for ETH, ERC20 and QRC20 (`eth.rs`, `qrc20.rs`), whose dust is 0.
 */
import { MmError } from '../../core/errors';
import type { CoinConfig } from './types';

export function minTradingVol(coin: CoinConfig): bigint {
  switch (coin.protocol.type) {
    case 'UTXO':
    case 'QTUM':
      if (!coin.utxo) {
        throw new MmError({ errorType: 'InternalError', message: `${coin.ticker} has no UTXO parameters` });
      }
      return 10n * coin.utxo.dust;
    case 'ETH':
    case 'ERC20':
    case 'QRC20':
      return 1n;
  }
}
