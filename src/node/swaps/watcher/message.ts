/**
 * KDF's swap watcher message (`swap_watcher.rs`): `SwapWatcherMsg::TakerSwapWatcherMsg(TakerSwapWatcherData)`
 * ⇄ bytes, as `rmp_serde` 0.14 writes it on `swpwtchr/<taker coin>` inside the signed envelope
 * (the p2p layer's). The enum is a 1-entry map `{0: data}`; the struct is an array of its 16 fields
 * in declaration order; `Vec<u8>` fields are arrays of ints; the `Uuid` is its hyphenated text
 * (rmp-serde 0.14 is a human-readable serializer, which is why KDF's orders wrap theirs in
 * `CompactUuid`); `Option<bool>` is nil or the bool.
 *
 * Every field is bounded while it is read, so a hostile message costs no more than its bytes.
 */
import { bytesToHex } from '../../crypto';
import {
  byteSeq,
  decodeMsgpack,
  encodeMsgpack,
  MsgpackError,
  readArray,
  readBool,
  readByteSeq,
  readOption,
  readString,
  readUint,
  readVariant,
  StructReader,
  variant,
  type MsgValue,
} from '../../p2p/msgpack';

/** KDF's `WATCHER_PREFIX`. */
export const WATCHER_PREFIX = 'swpwtchr';

/** KDF's `watcher_topic`: `swpwtchr/<ticker>` (the taker coin's ticker as the coins file spells it). */
export function watcherTopic(ticker: string): string {
  return `${WATCHER_PREFIX}/${ticker}`;
}

/** The largest watcher message accepted, checked before it is decoded: two HTLC preimages and the swap's ids fit in a tenth of it. */
export const MAX_WATCHER_MSG_BYTES = 8_192;
/** A one-input, one-output HTLC spend is ~250 bytes (a Zcash-layout one ~400); anything far larger is not one. */
export const MAX_PREIMAGE_BYTES = 1_024;
/** Tickers in the coins file are short; KDF has no bound, the node's topics do. */
const MAX_TICKER_LEN = 64;
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** dhash160 of the secret (KDF's legacy swaps); a 32-byte SHA256 hash is not used by UTXO HTLCs. */
const SECRET_HASH_LEN = 20;
const TX_HASH_LEN = 32;
const PUBKEY_LEN = 33;

/** `TakerSwapWatcherData`, field for field; transaction hashes are txids in display byte order (KDF's `tx_hash_as_bytes`). */
export interface TakerSwapWatcherData {
  /** Lowercase hyphenated. */
  uuid: string;
  secretHash: Uint8Array;
  makerPaymentSpendPreimage: Uint8Array;
  takerPaymentRefundPreimage: Uint8Array;
  /** Unix seconds: the taker's `started_at`. */
  swapStartedAt: number;
  /** Seconds: the taker's payment locks for this, the maker's for twice it. */
  lockDuration: number;
  takerCoin: string;
  takerFeeHash: Uint8Array;
  takerPaymentHash: Uint8Array;
  takerCoinStartBlock: number;
  takerPaymentConfirmations: number;
  takerPaymentRequiresNota: boolean | null;
  makerCoin: string;
  /** The maker's HTLC key on the maker coin (the refund key of the maker payment, the spend key of the taker payment). */
  makerPub: Uint8Array;
  makerPaymentHash: Uint8Array;
  makerCoinStartBlock: number;
}

/** The only variant KDF defines. */
const TAKER_SWAP_WATCHER_MSG = 0;
const FIELDS = 16;

export function encodeWatcherMsg(d: TakerSwapWatcherData): Uint8Array {
  const fields: MsgValue[] = [
    d.uuid,
    byteSeq(d.secretHash),
    byteSeq(d.makerPaymentSpendPreimage),
    byteSeq(d.takerPaymentRefundPreimage),
    d.swapStartedAt,
    d.lockDuration,
    d.takerCoin,
    byteSeq(d.takerFeeHash),
    byteSeq(d.takerPaymentHash),
    d.takerCoinStartBlock,
    d.takerPaymentConfirmations,
    d.takerPaymentRequiresNota,
    d.makerCoin,
    byteSeq(d.makerPub),
    byteSeq(d.makerPaymentHash),
    d.makerCoinStartBlock,
  ];
  return encodeMsgpack(variant(TAKER_SWAP_WATCHER_MSG, fields));
}

/** Throws MsgpackError for anything that is not one bounded, well-formed `SwapWatcherMsg`. */
export function decodeWatcherMsg(bytes: Uint8Array): TakerSwapWatcherData {
  if (bytes.length > MAX_WATCHER_MSG_BYTES) throw new MsgpackError('$', `a watcher message of ${bytes.length} bytes is over ${MAX_WATCHER_MSG_BYTES}`);
  const { index, value, path } = readVariant(decodeMsgpack(bytes), '$');
  if (index !== TAKER_SWAP_WATCHER_MSG) throw new MsgpackError('$', `unknown SwapWatcherMsg variant ${index}`);
  const s = new StructReader(value, path, FIELDS);
  const bytesOf = (len: number) => (v: MsgValue, p: string) => readByteSeq(v, p, len);
  const preimage = (v: MsgValue, p: string): Uint8Array => {
    const length = v instanceof Uint8Array ? v.length : readArray(v, p).length;
    if (length === 0 || length > MAX_PREIMAGE_BYTES) throw new MsgpackError(p, `a preimage of ${length} bytes (1..${MAX_PREIMAGE_BYTES})`);
    return readByteSeq(v, p);
  };
  const ticker = (v: MsgValue, p: string): string => {
    const t = readString(v, p);
    if (t.length === 0 || t.length > MAX_TICKER_LEN) throw new MsgpackError(p, `a ticker of ${t.length} characters`);
    return t;
  };
  const uuid = s.next((v, p) => {
    const text = readString(v, p).toLowerCase();
    if (!UUID_TEXT.test(text)) throw new MsgpackError(p, 'not a hyphenated uuid');
    return text;
  });
  return {
    uuid,
    secretHash: s.next(bytesOf(SECRET_HASH_LEN)),
    makerPaymentSpendPreimage: s.next(preimage),
    takerPaymentRefundPreimage: s.next(preimage),
    swapStartedAt: s.next(readUint),
    lockDuration: s.next(readUint),
    takerCoin: s.next(ticker),
    takerFeeHash: s.next(bytesOf(TX_HASH_LEN)),
    takerPaymentHash: s.next(bytesOf(TX_HASH_LEN)),
    takerCoinStartBlock: s.next(readUint),
    takerPaymentConfirmations: s.next(readUint),
    takerPaymentRequiresNota: s.next((v, p) => readOption(v, p, readBool)),
    makerCoin: s.next(ticker),
    makerPub: s.next(bytesOf(PUBKEY_LEN)),
    makerPaymentHash: s.next(bytesOf(TX_HASH_LEN)),
    makerCoinStartBlock: s.next(readUint),
  };
}

/** A txid as the chain's servers name it: the display-order bytes KDF sends, in hex. */
export const txidOf = (hash: Uint8Array): string => bytesToHex(hash);
