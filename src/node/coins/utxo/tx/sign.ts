/**
 * Signs a plan with the wallet's key, SIGHASH_ALL on every input, as KDF's `with_key_pair::sign_tx`:
 * - P2PKH inputs: scriptSig `<DER sig + 01> <33-byte key>` over the legacy sighash, or over the
 *   ZIP-143/243 digest (zip243.ts) for Zcash-layout coins (KMD and its asset chains);
 * - P2WPKH inputs: BIP143 sighash over the key's P2PKH scriptCode and the input's value, empty
 *   scriptSig, witness `[DER sig + 01, key]`.
 * Signatures are RFC 6979 deterministic with low S and low R, as KDF makes them (`signLowR`), so
 * KDF and this produce the same bytes for the same transaction. The layout and version are the coin's
 * (txFormat.ts), every sequence 0xffffffff, lock time 0 unless given (KMD sets it, kmd/claim.ts),
 * expiry height 0. Legacy sighashes hash the whole transaction per input, so hundreds of inputs
 * take a while even with the shared parts kept (sighash.ts): signing yields to the event loop
 * every few milliseconds (yieldToEventLoop.ts) and never blocks other requests for long.
 * Fork-id coins (BCH: `fork_id` 0x40) sign as KDF's `signature_hash_to_sign`: the hash type is
 * SIGHASH_ALL | fork_id, and with `signature_version: fork_id` non-witness inputs take the BIP143
 * digest (Bitcoin Cash's replay protection, which also commits to the spent value).
 * PoS (nTime) coins are refused with InternalError until they get their own serializer.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Transaction } from 'bitcoinjs-lib';
import { hash160, hexToBytes, type KeyPair } from '../../../crypto';
import { coinError } from '../../coinErrors';
import type { CoinConfig, UtxoParams } from '../../config';
import { p2pkhScript } from './scripts';
import { SighashCache } from './sighash';
import { newTx, txFormat, type TxFormat } from './txFormat';
import { ZcashTransaction } from './zcashTx';
import { SIGHASH_ALL, ZcashSighash } from './zip243';
import type { InputKind, TxPlan } from './types';
import { sliceClock, yieldToEventLoop } from './yieldToEventLoop';

export interface SignedTx {
  hex: string;
  /** Without witness data, as explorers and Electrum name the transaction. */
  txid: string;
  /** Serialized bytes, witness included. */
  size: number;
  /** ⌈weight / 4⌉; equals `size` for a transaction without witnesses. */
  vsize: number;
}

const SEQUENCE_FINAL = 0xffffffff;
/** Bitcoin Cash's SIGHASH_FORKID bit: the one that selects the BIP143 digest for every input. */
const SIGHASH_FORKID = 0x40;

/** How a coin's inputs are signed. */
export interface SighashScheme {
  /** The 32-bit hash type the preimage ends with; its low byte ends each signature. */
  type: number;
  /** Whether non-witness inputs take the BIP143 (fork-id) digest rather than the legacy one. */
  forkId: boolean;
}

export const PLAIN_SIGHASH: SighashScheme = { type: Transaction.SIGHASH_ALL, forkId: false };

/** KDF's `SIGHASH_ALL | fork_id`, the fork-id digest when `signature_version` is `fork_id` and the 0x40 bit is set. */
export function sighashScheme(utxo: UtxoParams): SighashScheme {
  const type = (Transaction.SIGHASH_ALL | utxo.forkId) >>> 0;
  return { type, forkId: utxo.signatureVersion === 'fork_id' && (type & SIGHASH_FORKID) !== 0 };
}

/** The scheme of a UTXO coin's inputs. */
export function coinSighashScheme(coin: CoinConfig): SighashScheme {
  if (!coin.utxo) throw coinError.internal(`${coin.ticker} is not a UTXO coin`);
  return sighashScheme(coin.utxo);
}

export async function signTx(plan: TxPlan, key: KeyPair, coin: CoinConfig, inputKind: InputKind, lockTime = 0): Promise<SignedTx> {
  const format = coinTxFormat(coin);
  if (format.kind === 'zcash' && inputKind !== 'p2pkh') throw coinError.internal(`${coin.ticker}: Zcash-layout transactions have no witness inputs`);
  const tx = newTx(format);
  tx.locktime = lockTime;
  for (const u of plan.inputs) tx.addInput(txidToHash(u.txid), u.vout, SEQUENCE_FINAL);
  for (const o of plan.outputs) tx.addOutput(o.script, o.value);
  const scheme = coinSighashScheme(coin);
  const digests = inputDigests(tx, scriptCodeOf(key), scheme);
  const slice = sliceClock();
  for (const [i, u] of plan.inputs.entries()) {
    signInput(tx, i, key, inputKind, u.value, scheme, digests);
    if (slice.due()) await yieldToEventLoop();
  }
  return { hex: tx.toHex(), txid: tx.getId(), size: tx.byteLength(), vsize: tx.virtualSize() };
}

/** The digest of each input of one transaction under one hash type, all committing to one script code. */
interface InputDigests {
  digest(index: number, inputKind: InputKind, value: bigint): Uint8Array;
}

/**
 * The digests of `tx`'s inputs by its layout: Bitcoin's legacy or BIP143 ones, or ZIP-143/243's
 * (which commit to the spent value on every input). Their shared parts are computed once, so the
 * transaction's inputs and outputs must not change while they are used.
 */
function inputDigests(tx: Transaction, scriptCode: Uint8Array, scheme: SighashScheme): InputDigests {
  if (tx instanceof ZcashTransaction) {
    const zcash = new ZcashSighash(tx);
    return { digest: (index, _kind, value) => zcash.digest({ index, scriptCode, value }, SIGHASH_ALL) };
  }
  const bitcoin = new SighashCache(tx, scriptCode, scheme.type);
  return {
    digest: (index, kind, value) => (kind === 'p2pkh' && !scheme.forkId ? bitcoin.legacy(index) : bitcoin.witnessV0(index, value)),
  };
}

/** Signs input `index` of `tx`, which spends `value` sat from `key`'s P2PKH or P2WPKH script. */
export function signInput(
  tx: Transaction,
  index: number,
  key: KeyPair,
  inputKind: InputKind,
  value: bigint,
  scheme = PLAIN_SIGHASH,
  digests = inputDigests(tx, scriptCodeOf(key), scheme),
): void {
  const sig = signatureOf(digests.digest(index, inputKind, value), key, scheme);
  if (inputKind === 'p2pkh') tx.setInputScript(index, Uint8Array.of(sig.length, ...sig, key.publicKey.length, ...key.publicKey));
  else tx.setWitness(index, [sig, key.publicKey]);
}

/**
 * The signature (DER + hashtype byte) of input `index` of `tx`, a non-witness input spending
 * `value` sat whose script code is `scriptCode`: a P2SH input commits to its redeem script (an HTLC
 * spend or refund). The caller builds the scriptSig around it.
 */
export function signLegacyScriptInput(
  tx: Transaction,
  index: number,
  key: KeyPair,
  scriptCode: Uint8Array,
  value: bigint,
  scheme = PLAIN_SIGHASH,
): Uint8Array {
  return signatureOf(inputDigests(tx, scriptCode, scheme).digest(index, 'p2pkh', value), key, scheme);
}

/** Low-R, low-S DER, then the hash type's low byte (0x41 on BCH, as KDF's `script_sig`). */
function signatureOf(sighash: Uint8Array, key: KeyPair, scheme: SighashScheme): Uint8Array {
  return Uint8Array.of(...signLowR(sighash, key.privateKey), scheme.type & 0xff);
}

/**
 * The window of the base point's precomputed table for k·G, which is most of a signature's cost.
 * noble's default (6) makes a blinded k·G take 65 point additions; 8 takes 49 for a 38 ms table
 * built once on first use: about 16% off each signature (a 650-input transaction signs in ~400 ms
 * instead of ~480 ms). 10 saves a few percent more for a table four times as large.
 */
const BASE_POINT_WINDOW = 8;
secp256k1.Point.BASE.precompute(BASE_POINT_WINDOW);

/**
 * A DER signature of `digest` with a low R (and low S), as KDF makes them (rust-secp256k1's
 * `sign_ecdsa_low_r`, Bitcoin Core's grinding): RFC 6979, then, while R's top bit is set (the
 * compact signature's first byte is 0x80 or more), again with 32 bytes of extra entropy holding a
 * little-endian counter, 1, 2, …. R's bit, not the DER length: a high R with a short S also
 * encodes in 70 bytes, and KDF grinds on past it. Only the kept signature is DER-encoded.
 * Deterministic, and KDF's bytes for the same transaction. Noble signs a digest of any length, so
 * anything but a 32-byte hash is refused here.
 */
export function signLowR(digest: Uint8Array, privateKey: Uint8Array): Uint8Array {
  if (digest.length !== 32) throw new RangeError(`a signature hash is 32 bytes, got ${digest.length}`);
  const extraEntropy = new Uint8Array(32);
  for (let counter = 1; ; counter++) {
    const compact = secp256k1.sign(digest, privateKey, { prehash: false, lowS: true, format: 'compact', ...(counter > 1 ? { extraEntropy } : {}) });
    if (compact[0]! < 0x80) return secp256k1.Signature.fromBytes(compact, 'compact').toBytes('der');
    new DataView(extraEntropy.buffer).setUint32(0, counter, true);
  }
}

/** Both kinds commit to the key's P2PKH script: as the spent script, or as BIP143's scriptCode. */
function scriptCodeOf(key: KeyPair): Uint8Array {
  return p2pkhScript(hash160(key.publicKey));
}

/**
 * The coin's transaction layout: the plain Bitcoin one (fork-id coins use it too) or Zcash's
 * (overwintered); the layouts nothing here serializes are refused.
 */
export function coinTxFormat(coin: CoinConfig): TxFormat {
  const utxo = coin.utxo;
  if (!utxo) throw coinError.internal(`${coin.ticker} is not a UTXO coin`);
  if (utxo.isPoS || utxo.isPoSV) throw coinError.internal(`${coin.ticker}: PoS transactions (nTime) are not supported yet`);
  return txFormat(utxo, coin.ticker);
}

/** Transaction ids are shown byte-reversed; outpoints hold the hash in its natural order. */
function txidToHash(txid: string): Uint8Array {
  const hash = hexToBytes(txid);
  if (hash.length !== 32) throw coinError.internal(`a txid must be 32 bytes, got ${hash.length}`);
  return hash.reverse();
}
