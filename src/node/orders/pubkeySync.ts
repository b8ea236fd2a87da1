/**
 * KDF's per-maker sync (`SyncPubkeyOrderbookState`, kdf-facts §5.3). A node whose root of a
 * maker's orders on a pair differs from the maker's keep-alive asks the peer that passed the
 * keep-alive on for that maker's orders there; the answer is taken only when the orders it gives
 * hash to the keep-alive's signed root. This node answers such requests for any maker whose
 * orders it can prove (its own with a keep-alive signed now), with a `FullTrie` per pair.
 */
import type { OrdersCore } from './core';
import { encodeOrdermatchMessage } from './messages/codec';
import { decodePubkeySyncRes, encodePubkeySyncRes, type PairDiff } from './messages/pubkeySync';
import { encodeOrdermatchRequest, MAX_ORDERS_IN_RESPONSE } from './messages/requests';
import { albOrderedPair, MAX_ORDERS_PER_MAKER, pairTrieRoot, sameBytes, type PairProof } from './orderbook';
import { EMPTY_TRIE_ROOT } from './orderTrie';
import type { OrderbookItem } from './types';

/** A sync answer that is not the maker's orders at its signed root. */
export class PubkeySyncError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PubkeySyncError';
  }
}

/**
 * KDF's `process_sync_pubkey_orderbook_state`: `pubkey`'s orders on each requested pair whose
 * root differs from the requester's. One answer carries one signed payload, so for other makers
 * only pairs proven by the same signed message go in. Null when there is nothing to send.
 */
export function answerPubkeySync(core: OrdersCore, pubkey: string, theirRoots: ReadonlyMap<string, Uint8Array>): Uint8Array | null {
  const pairs = new Map<string, OrderbookItem[]>();
  const roots = new Map<string, Uint8Array>();
  let proof: Uint8Array | null = null;
  for (const [pair, theirs] of theirRoots) {
    if (pubkey === core.myPubkey) {
      const root = core.book.pairRoot(pubkey, pair);
      if (!root || sameBytes(root, theirs)) continue;
      pairs.set(pair, core.book.makerPairOrders(pubkey, pair));
      roots.set(pair, root);
      continue;
    }
    const set = core.book.provenSet(pubkey, pair);
    if (!set || sameBytes(set.proof.root, theirs) || (proof && !sameBytes(proof, set.proof.envelope))) continue;
    proof = set.proof.envelope;
    pairs.set(pair, set.orders);
  }
  if (pairs.size === 0 || [...pairs.values()].reduce((n, o) => n + o.length, 0) > MAX_ORDERS_IN_RESPONSE) return null;
  if (pubkey === core.myPubkey) {
    const timestamp = Math.floor(core.now() / 1000);
    proof = core.deps.p2p.sign(encodeOrdermatchMessage({ type: 'PubkeyKeepAlive', msg: { trieRoots: roots, timestamp } }));
  }
  return encodePubkeySyncRes(proof ?? new Uint8Array(), pairs);
}

/** The maker's orders on the pair after `diff`, checked to be its own, on that pair, within its cap. */
function ordersAfter(diff: PairDiff, held: readonly OrderbookItem[], pubkey: string, albPair: string): OrderbookItem[] {
  let orders: OrderbookItem[];
  if (diff.kind === 'full') orders = diff.orders;
  else {
    const byUuid = new Map(held.map((o) => [o.uuid, o]));
    for (const [uuid, order] of diff.changes) {
      if (order) byUuid.set(uuid, order);
      else byUuid.delete(uuid);
    }
    orders = [...byUuid.values()];
  }
  if (orders.length > MAX_ORDERS_PER_MAKER) throw new PubkeySyncError(`${orders.length} orders of ${pubkey}, more than a maker may have`);
  if (orders.some((o) => o.pubkey !== pubkey || albOrderedPair(o.base, o.rel) !== albPair)) {
    throw new PubkeySyncError(`orders of another maker or pair than ${pubkey} on ${albPair}`);
  }
  return orders;
}

/**
 * Asks `peerId` for `pubkey`'s orders on `albPair`, whose keep-alive `signed` (admitted) roots them
 * differently from what we hold. `isCurrent` says whether `signed` is still the maker's newest
 * root when the answer arrives. True when the answer's orders hash to the signed root and were
 * taken; false when there was no usable answer (a wrong one penalizes its sender).
 */
export async function requestPubkeySync(
  core: OrdersCore,
  pubkey: string,
  albPair: string,
  signed: PairProof,
  peerId: string,
  isCurrent: () => boolean,
): Promise<boolean> {
  const ours = core.book.pairRoot(pubkey, albPair) ?? EMPTY_TRIE_ROOT;
  const payload = encodeOrdermatchRequest({ type: 'SyncPubkeyOrderbookState', pubkey, trieRoots: new Map([[albPair, ours]]) });
  let answer;
  try {
    answer = await core.deps.p2p.request(payload, peerId);
  } catch (e) {
    core.deps.log('debug', `orders: SyncPubkeyOrderbookState ${pubkey} ${albPair} failed: ${(e as Error).message}`);
    return false;
  }
  if (!answer) return false;
  let orders: OrderbookItem[];
  try {
    const diff = decodePubkeySyncRes(answer.payload).pairs.get(albPair);
    if (!diff) return false;
    orders = ordersAfter(diff, core.book.makerPairOrders(pubkey, albPair), pubkey, albPair);
    if (!sameBytes(pairTrieRoot(orders), signed.root)) throw new PubkeySyncError(`the orders of ${pubkey} on ${albPair} are not the ones its keep-alive roots`);
  } catch (e) {
    const reason = `bad SyncPubkeyOrderbookState ${albPair} answer: ${(e as Error).message}`;
    core.deps.log('warn', `orders: dropped a ${reason} from ${answer.peerId}`);
    core.deps.p2p.penalize(answer.peerId, reason);
    return false;
  }
  if (!isCurrent()) return false;
  core.book.replaceProven(pubkey, albPair, orders, signed, core.now());
  return true;
}
