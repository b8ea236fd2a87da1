/**
 * KDF's legacy swap messages (`SwapMsg`, kdf-facts §4.3) ⇄ bytes, as `rmp_serde::to_vec` writes them
 * on `swap/<uuid>`: the enum as a 1-entry map `{variant index: value}`, the untagged inner types as
 * their bare struct arrays. The signed envelope around them is the p2p layer's.
 *
 * Untagged enums are told apart the way serde's untagged deserializer does, by shape: a negotiation
 * struct of 4 fields is V1, 6 is V2, 7 is V3; transaction data that is a byte array is `Regular`, a
 * pair of byte arrays `WithInstructions`. Byte fields are bounded so a hostile peer cannot make the
 * node hold more than a transaction's worth of bytes per message.
 */
import {
  byteSeq,
  decodeMsgpack,
  encodeMsgpack,
  MsgpackError,
  readArray,
  readBool,
  readByteSeq,
  readUint,
  readVariant,
  struct,
  StructReader,
  variant,
  type MsgValue,
} from '../../p2p/msgpack';

/** Compressed secp256k1 public keys (KDF's H264). */
const PUBKEY_LEN = 33;
/** A secret hash: 20 bytes (dhash160); KDF's V2/V3 carry it as a Vec so SHA256 (32) also fits. */
const MAX_SECRET_HASH_LEN = 32;
/** A swap contract address (EVM: 20 bytes; empty for UTXO coins). */
const MAX_CONTRACT_LEN = 32;
/**
 * The largest transaction a message may carry: Bitcoin's standard-size limit (100,000 vbytes), far
 * above any HTLC payment. EVM payments are sent as their 32-byte hash or raw signed tx, both smaller.
 */
export const MAX_SWAP_TX_BYTES = 100_000;
/** Next-step instructions (a Lightning invoice in KDF); no coin here uses them, so keep them small. */
const MAX_INSTRUCTIONS_LEN = 4_096;

/** What each side proposes in negotiation; the fields common to every version plus the optional ones. */
export interface NegotiationData {
  version: 1 | 2 | 3;
  /** Unix seconds. */
  startedAt: number;
  /** Unix seconds: the sender's own payment lock time. */
  paymentLocktime: number;
  secretHash: Uint8Array;
  /** V1/V2: the persistent pubkey, which is also both HTLC pubkeys. */
  persistentPubkey?: Uint8Array;
  /** V2/V3. */
  makerCoinSwapContract?: Uint8Array;
  takerCoinSwapContract?: Uint8Array;
  /** V3. */
  makerCoinHtlcPub?: Uint8Array;
  takerCoinHtlcPub?: Uint8Array;
}

/** A transaction (or payment data) with optional next-step instructions. */
export interface SwapTxData {
  data: Uint8Array;
  instructions?: Uint8Array;
}

export type SwapMsg =
  | { type: 'Negotiation'; data: NegotiationData }
  | { type: 'NegotiationReply'; data: NegotiationData }
  | { type: 'Negotiated'; accepted: boolean }
  | { type: 'TakerFee'; tx: SwapTxData }
  | { type: 'MakerPayment'; tx: SwapTxData }
  | { type: 'TakerPayment'; tx: Uint8Array };

const INDEX = { Negotiation: 0, NegotiationReply: 1, Negotiated: 2, TakerFee: 3, MakerPayment: 4, TakerPayment: 5 } as const;

/** The HTLC pubkeys a negotiation names: V1/V2 use the persistent key for both coins. */
export function htlcPubkeys(d: NegotiationData): { makerCoin: Uint8Array; takerCoin: Uint8Array } {
  const makerCoin = d.makerCoinHtlcPub ?? d.persistentPubkey;
  const takerCoin = d.takerCoinHtlcPub ?? d.persistentPubkey;
  if (!makerCoin || !takerCoin) throw new MsgpackError('$', `negotiation V${d.version} without HTLC pubkeys`);
  return { makerCoin, takerCoin };
}

function required(v: Uint8Array | undefined, field: string, version: number): Uint8Array {
  if (!v) throw new MsgpackError('$', `negotiation V${version} needs ${field}`);
  return v;
}

function encodeNegotiation(d: NegotiationData): MsgValue {
  const head = [d.startedAt, d.paymentLocktime, byteSeq(d.secretHash)];
  const contract = (c: Uint8Array | undefined, f: string): number[] => byteSeq(required(c, f, d.version));
  switch (d.version) {
    case 1:
      if (d.secretHash.length !== 20) throw new MsgpackError('$', 'negotiation V1 needs a 20-byte secret hash');
      return struct([...head, byteSeq(required(d.persistentPubkey, 'persistentPubkey', 1))]);
    case 2:
      return struct([
        ...head,
        byteSeq(required(d.persistentPubkey, 'persistentPubkey', 2)),
        contract(d.makerCoinSwapContract, 'makerCoinSwapContract'),
        contract(d.takerCoinSwapContract, 'takerCoinSwapContract'),
      ]);
    case 3:
      return struct([
        ...head,
        contract(d.makerCoinSwapContract, 'makerCoinSwapContract'),
        contract(d.takerCoinSwapContract, 'takerCoinSwapContract'),
        byteSeq(required(d.makerCoinHtlcPub, 'makerCoinHtlcPub', 3)),
        byteSeq(required(d.takerCoinHtlcPub, 'takerCoinHtlcPub', 3)),
      ]);
  }
}

/** A byte sequence of at most `max` bytes, its length checked before its items are read. */
function readBoundedBytes(v: MsgValue, path: string, max: number): Uint8Array {
  const length = v instanceof Uint8Array ? v.length : readArray(v, path).length;
  if (length > max) throw new MsgpackError(path, `expected at most ${max} bytes, got ${length}`);
  return readByteSeq(v, path);
}

function readNegotiation(v: MsgValue, path: string): NegotiationData {
  const fields = readArray(v, path).length;
  const version = fields === 4 ? 1 : fields === 6 ? 2 : fields === 7 ? 3 : null;
  if (version === null) throw new MsgpackError(path, `expected a negotiation struct of 4, 6 or 7 fields, got ${fields}`);
  const s = new StructReader(v, path, fields);
  const startedAt = s.next(readUint);
  const paymentLocktime = s.next(readUint);
  const secretHash = s.next((x, p) => (version === 1 ? readByteSeq(x, p, 20) : readBoundedBytes(x, p, MAX_SECRET_HASH_LEN)));
  const pubkey = (x: MsgValue, p: string): Uint8Array => readByteSeq(x, p, PUBKEY_LEN);
  const contract = (x: MsgValue, p: string): Uint8Array => readBoundedBytes(x, p, MAX_CONTRACT_LEN);
  if (version === 1) return { version, startedAt, paymentLocktime, secretHash, persistentPubkey: s.next(pubkey) };
  if (version === 2) {
    const persistentPubkey = s.next(pubkey);
    return {
      version,
      startedAt,
      paymentLocktime,
      secretHash,
      persistentPubkey,
      makerCoinSwapContract: s.next(contract),
      takerCoinSwapContract: s.next(contract),
    };
  }
  return {
    version,
    startedAt,
    paymentLocktime,
    secretHash,
    makerCoinSwapContract: s.next(contract),
    takerCoinSwapContract: s.next(contract),
    makerCoinHtlcPub: s.next(pubkey),
    takerCoinHtlcPub: s.next(pubkey),
  };
}

function encodeTxData(tx: SwapTxData): MsgValue {
  return tx.instructions === undefined ? byteSeq(tx.data) : struct([byteSeq(tx.data), byteSeq(tx.instructions)]);
}

function readTxData(v: MsgValue, path: string): SwapTxData {
  const items = v instanceof Uint8Array ? null : readArray(v, path);
  // `Regular(Vec<u8>)` is an array of ints; `WithInstructions{data, next_step_instructions}` a pair of arrays.
  if (items && items.length === 2 && items.every((x) => Array.isArray(x) || x instanceof Uint8Array)) {
    const s = new StructReader(v, path, 2);
    return {
      data: s.next((x, p) => readBoundedBytes(x, p, MAX_SWAP_TX_BYTES)),
      instructions: s.next((x, p) => readBoundedBytes(x, p, MAX_INSTRUCTIONS_LEN)),
    };
  }
  return { data: readBoundedBytes(v, path, MAX_SWAP_TX_BYTES) };
}

export function encodeSwapMsg(msg: SwapMsg): Uint8Array {
  let body: MsgValue;
  switch (msg.type) {
    case 'Negotiation':
    case 'NegotiationReply':
      body = encodeNegotiation(msg.data);
      break;
    case 'Negotiated':
      body = msg.accepted;
      break;
    case 'TakerFee':
    case 'MakerPayment':
      body = encodeTxData(msg.tx);
      break;
    case 'TakerPayment':
      body = byteSeq(msg.tx);
      break;
  }
  return encodeMsgpack(variant(INDEX[msg.type], body));
}

/** Throws MsgpackError for anything that is not a well-formed, bounded SwapMsg. */
export function decodeSwapMsg(bytes: Uint8Array): SwapMsg {
  const { index, value, path } = readVariant(decodeMsgpack(bytes), '$');
  switch (index) {
    case INDEX.Negotiation:
      return { type: 'Negotiation', data: readNegotiation(value, path) };
    case INDEX.NegotiationReply:
      return { type: 'NegotiationReply', data: readNegotiation(value, path) };
    case INDEX.Negotiated:
      return { type: 'Negotiated', accepted: readBool(value, path) };
    case INDEX.TakerFee:
      return { type: 'TakerFee', tx: readTxData(value, path) };
    case INDEX.MakerPayment:
      return { type: 'MakerPayment', tx: readTxData(value, path) };
    case INDEX.TakerPayment:
      return { type: 'TakerPayment', tx: readBoundedBytes(value, path, MAX_SWAP_TX_BYTES) };
    default:
      throw new MsgpackError('$', `unknown SwapMsg variant ${index}`);
  }
}

/** KDF's `swap_topic`: `swap/<uuid>` with the uuid's hyphenated lowercase text. */
export function swapTopic(uuid: string): string {
  return `swap/${uuid.toLowerCase()}`;
}
