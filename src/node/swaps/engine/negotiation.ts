/**
 * The negotiation both sides send (`NegotiationDataMsg` V2, as KDF sends in iguana mode: the
 * persistent pubkey is both HTLC keys) and the checks of the other side's beyond the lock times:
 * its key is the one the match named, and it names the same swap contracts as this node.
 */
import type { SwapOps } from '../../coins/swapOps';
import { bytesToHex, hexToBytes } from '../../crypto';
import type { NegotiationData } from '../protocol/messages';

export function negotiationMsg(
  startedAt: number,
  paymentLocktime: number,
  secretHash: Uint8Array,
  persistentPubHex: string,
  makerCoin: SwapOps,
  takerCoin: SwapOps,
): NegotiationData {
  return {
    version: 2,
    startedAt,
    paymentLocktime,
    secretHash,
    persistentPubkey: hexToBytes(persistentPubHex),
    makerCoinSwapContract: makerCoin.swapContractBytes,
    takerCoinSwapContract: takerCoin.swapContractBytes,
  };
}

/** A negotiated contract as stored: hex, or null when the coin has none (UTXO). */
export const contractHex = (bytes: Uint8Array | undefined): string | null => (bytes && bytes.length > 0 ? bytesToHex(bytes) : null);

/** Why the other side's keys or contracts are not acceptable, or null. `expectedXOnly`: the match's 32-byte key hex. */
export function otherKeysError(other: NegotiationData, expectedXOnly: string, makerCoin: SwapOps, takerCoin: SwapOps): string | null {
  const pub = other.persistentPubkey;
  if (other.version !== 2 || !pub) return `negotiation V${other.version} is not supported, V2 expected`;
  if (bytesToHex(pub.subarray(1)) !== expectedXOnly) return 'negotiation pubkey is not the matched counterparty';
  if (bytesToHex(other.makerCoinSwapContract ?? new Uint8Array()) !== bytesToHex(makerCoin.swapContractBytes)) {
    return 'maker coin swap contract differs';
  }
  if (bytesToHex(other.takerCoinSwapContract ?? new Uint8Array()) !== bytesToHex(takerCoin.swapContractBytes)) {
    return 'taker coin swap contract differs';
  }
  return null;
}
