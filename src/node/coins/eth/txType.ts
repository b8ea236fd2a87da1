/**
 * Which transaction types an EVM coin may sign: KDF's `max_eth_tx_type` from the coins file
 * (`get_max_eth_tx_type_conf`), 0 (legacy only) when absent. A token without its own takes its
 * platform's, as KDF reads it from the platform coin at the token's activation.
 */
import { coinError } from '../coinErrors';
import type { CoinConfig } from '../config';

/** The highest type EIP-2718 allows (KDF's `ETH_MAX_TX_TYPE`). */
const ETH_MAX_TX_TYPE = 0x7f;
/** The EIP-1559 transaction type. */
export const EIP1559_TX_TYPE = 2;

/**
 * The coins file's value, undefined when absent. Anything but an integer in 0..0x7f fails the
 * activation with KDF's texts ("invalid", "too big").
 */
export function configuredMaxTxType(config: CoinConfig): number | undefined {
  const v = config.raw.max_eth_tx_type;
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw coinError.activation('max_eth_tx_type in coins is invalid');
  if (v > ETH_MAX_TX_TYPE) throw coinError.activation('max_eth_tx_type in coins is too big');
  return v;
}
