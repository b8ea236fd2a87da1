/**
 * Signs a plan with the wallet's key, SIGHASH_ALL on every input, as KDF's `with_key_pair::sign_tx`:
 * - P2PKH inputs: legacy sighash, scriptSig `<DER sig + 01> <33-byte key>`;
 * - P2WPKH inputs: BIP143 sighash over the key's P2PKH scriptCode and the input's value, empty
 *   scriptSig, witness `[DER sig + 01, key]`.
 * Signatures are RFC 6979 deterministic with low S, as libsecp256k1 makes them, so KDF and this
 * produce the same bytes for the same transaction. Version is the coin's `txversion` (KDF's
 * default 1), every sequence 0xffffffff, lock time 0 unless given. Legacy sighashes hash the whole
 * transaction per input, so hundreds of inputs take a while even with the shared parts kept
 * (sighash.ts): signing yields to the event loop every few milliseconds (yieldToEventLoop.ts) and
 * never blocks other requests for long.
 * Fork-id coins (BCH: `fork_id` 0x40) sign as KDF's `signature_hash_to_sign`: the hash type is
 * SIGHASH_ALL | fork_id, and with `signature_version: fork_id` non-witness inputs take the BIP143
 * digest (Bitcoin Cash's replay protection, which also commits to the spent value).
 * bitcoinjs-lib serializes only the plain Bitcoin layout, so Zcash (overwintered) and PoS (nTime)
 * coins are refused with InternalError until they get their own serializer.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Transaction } from 'bitcoinjs-lib';
import { hash160, hexToBytes, type KeyPair } from '../../../crypto';
import { coinError } from '../../coinErrors';
import type { CoinConfig, UtxoParams } from '../../config';
import { p2pkhScript } from './scripts';
import { SighashCache } from './sighash';
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

export async function signTx(plan: TxPlan, key: KeyPair, coin: CoinConfig, inputKind: InputKind, lockTime = 0): Promise<SignedTx> {
  const utxo = plainLayout(coin);
  const scheme = sighashScheme(utxo);
  const tx = new Transaction();
  tx.version = utxo.txversion;
  tx.locktime = lockTime;
  for (const u of plan.inputs) tx.addInput(txidToHash(u.txid), u.vout, SEQUENCE_FINAL);
  for (const o of plan.outputs) tx.addOutput(o.script, o.value);
  const hashes = new SighashCache(tx, scriptCodeOf(key), scheme.type);
  const slice = sliceClock();
  for (const [i, u] of plan.inputs.entries()) {
    signInput(tx, i, key, inputKind, u.value, scheme, hashes);
    if (slice.due()) await yieldToEventLoop();
  }
  return { hex: tx.toHex(), txid: tx.getId(), size: tx.byteLength(), vsize: tx.virtualSize() };
}

/**
 * Signs input `index` of `tx`, which spends `value` sat from `key`'s P2PKH or P2WPKH script;
 * `hashes` is shared by the inputs of one transaction (its inputs and outputs must not change) and
 * made for `scheme`'s hash type.
 */
export function signInput(
  tx: Transaction,
  index: number,
  key: KeyPair,
  inputKind: InputKind,
  value: bigint,
  scheme = PLAIN_SIGHASH,
  hashes = new SighashCache(tx, scriptCodeOf(key), scheme.type),
): void {
  const sighash = inputKind === 'p2pkh' && !scheme.forkId ? hashes.legacy(index) : hashes.witnessV0(index, value);
  const sig = signatureOf(sighash, key, scheme);
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
  const hashes = new SighashCache(tx, scriptCode, scheme.type);
  return signatureOf(scheme.forkId ? hashes.witnessV0(index, value) : hashes.legacy(index), key, scheme);
}

/** RFC 6979 low-S DER, then the hash type's low byte (0x41 on BCH, as KDF's `script_sig`). */
function signatureOf(sighash: Uint8Array, key: KeyPair, scheme: SighashScheme): Uint8Array {
  const der = secp256k1.sign(sighash, key.privateKey, { prehash: false, lowS: true, format: 'der' });
  return Uint8Array.of(...der, scheme.type & 0xff);
}

/** Both kinds commit to the key's P2PKH script: as the spent script, or as BIP143's scriptCode. */
function scriptCodeOf(key: KeyPair): Uint8Array {
  return p2pkhScript(hash160(key.publicKey));
}

/** The coin's transaction layout, refused unless it is the plain Bitcoin one this module serializes (fork-id coins use it). */
export function plainLayout(coin: CoinConfig): UtxoParams {
  const utxo = coin.utxo;
  if (!utxo) throw coinError.internal(`${coin.ticker} is not a UTXO coin`);
  if (utxo.overwintered) throw coinError.internal(`${coin.ticker}: overwintered transactions are not supported yet`);
  if (utxo.isPoS || utxo.isPoSV) throw coinError.internal(`${coin.ticker}: PoS transactions (nTime) are not supported yet`);
  return utxo;
}

/** Transaction ids are shown byte-reversed; outpoints hold the hash in its natural order. */
function txidToHash(txid: string): Uint8Array {
  const hash = hexToBytes(txid);
  if (hash.length !== 32) throw coinError.internal(`a txid must be 32 bytes, got ${hash.length}`);
  return hash.reverse();
}
