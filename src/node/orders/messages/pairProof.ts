/**
 * Reading a maker's proof in a sync answer (`last_signed_pubkey_payload`): one of its own signed
 * ordermatch messages that carries the root of its orders on the pair, a `PubkeyKeepAlive` (its
 * root for the pair) or a `MakerOrderCreated`/`Updated`/`Cancelled` (its `pair_trie_root`). The
 * root of a non-empty set commits to that set's pair, so the receiver only has to check that the
 * orders given hash to it.
 */
import { bytesToHex } from '../../crypto';
import { decodeSigned } from '../../p2p/envelope';
import { MmError } from '../../core/errors';
import { albOrderedPair, type PairProof } from '../orderbook';
import { decodeOrdermatchMessage } from './codec';

/** A sync answer's proof that is not its maker's signed message with a root for the pair. */
export class PairProofError extends MmError {
  constructor(message: string, cause?: unknown) {
    super({ errorType: 'InvalidSignedMessage', message, errorData: message, httpStatus: 500, cause });
    this.name = 'PairProofError';
  }
}

/** Verifies `envelope` as `pubkey`'s signed message rooting its orders on `albPair`; throws PairProofError. */
export function readPairProof(envelope: Uint8Array, pubkey: string, albPair: string): PairProof {
  let signer: string;
  let message: ReturnType<typeof decodeOrdermatchMessage>;
  try {
    const signed = decodeSigned(envelope);
    signer = bytesToHex(signed.pubkey);
    message = decodeOrdermatchMessage(signed.payload);
  } catch (e) {
    throw new PairProofError(`the proof for ${pubkey} on ${albPair} is not a signed ordermatch message: ${(e as Error).message}`, e);
  }
  if (signer !== pubkey) throw new PairProofError(`the proof for ${pubkey} on ${albPair} is signed by ${signer}`);
  switch (message.type) {
    case 'PubkeyKeepAlive': {
      const root = message.msg.trieRoots.get(albPair);
      if (!root) throw new PairProofError(`the keep-alive proving ${pubkey} on ${albPair} has no root for it`);
      return { envelope, root, timestamp: message.msg.timestamp };
    }
    case 'MakerOrderCreated':
      if (albOrderedPair(message.msg.base, message.msg.rel) !== albPair) {
        throw new PairProofError(`the order creation proving ${pubkey} on ${albPair} is on another pair`);
      }
      return { envelope, root: message.msg.pairTrieRoot, timestamp: message.msg.timestamp };
    case 'MakerOrderUpdated':
    case 'MakerOrderCancelled':
      return { envelope, root: message.msg.pairTrieRoot, timestamp: message.msg.timestamp };
    default:
      throw new PairProofError(`a ${message.type} carries no orderbook root`);
  }
}
