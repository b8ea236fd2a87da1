/**
 * The `protocol` object of a coins-file entry: `{"type":"UTXO"}`,
 * `{"type":"ETH","protocol_data":{"chain_id":1}}`,
 * `{"type":"ERC20","protocol_data":{"platform":"ETH","contract_address":"0x…"}}`.
 * Only the protocols this node implements are accepted; any other type is reported, so a
 * coin the node cannot run never reaches activation.
 */
import type { EntryReader } from './reader';
import type { CoinProtocol, CoinProtocolType } from './types';

const SUPPORTED: readonly CoinProtocolType[] = ['UTXO', 'QTUM', 'ETH', 'ERC20', 'QRC20'];
const CONTRACT_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function token(r: EntryReader, type: 'ERC20' | 'QRC20'): CoinProtocol | undefined {
  const data = r.child('protocol_data', true);
  if (!data) return undefined;
  const platform = data.present('platform') ? data.string('platform') : undefined;
  const contractAddress = data.present('contract_address')
    ? data.string('contract_address', CONTRACT_ADDRESS, '0x and 40 hex digits')
    : undefined;
  if (platform === undefined || contractAddress === undefined) return undefined;
  return { type, platform, contractAddress };
}

export function parseProtocol(entry: EntryReader): CoinProtocol | undefined {
  const r = entry.child('protocol', true);
  if (!r || !r.present('type')) return undefined;
  const type = r.string('type');
  if (type === undefined) return undefined;
  if (!(SUPPORTED as readonly string[]).includes(type)) {
    r.report('type', `unsupported protocol type "${type}"; supported: ${SUPPORTED.join(', ')}`);
    return undefined;
  }
  switch (type as CoinProtocolType) {
    case 'UTXO':
      return { type: 'UTXO' };
    case 'QTUM':
      return { type: 'QTUM' };
    case 'ETH': {
      const chainId = r.child('protocol_data', false)?.int('chain_id', 1, Number.MAX_SAFE_INTEGER);
      return chainId === undefined ? { type: 'ETH' } : { type: 'ETH', chainId };
    }
    case 'ERC20':
      return token(r, 'ERC20');
    case 'QRC20':
      return token(r, 'QRC20');
  }
}
