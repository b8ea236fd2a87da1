/**
 * The taker's pre-signed HTLC transactions a watcher holds (KDF's `create_maker_payment_spend_preimage`
 * and `create_taker_payment_refund_preimage`), checked without the chain:
 * - one input, spending output 0 of the named payment, whose scriptSig is `<sig> <redeem>` (spend:
 *   the secret goes in later) or `<sig> OP_1 <redeem>` (refund), the redeem script being exactly the
 *   HTLC of the swap's keys and secret hash, the sequence KDF sets (final for a spend, final − 1 for
 *   a refund, whose nLockTime is the HTLC's);
 * - one output, to the taker's own P2PKH or P2WPKH script: whatever the watcher broadcasts pays the taker;
 * - a SIGHASH_ALL signature by the taker. Where the digest does not commit to the spent value
 *   (legacy), it is verified here; where it does (fork-id, Zcash layouts), once the payment's value
 *   is read from the chain (`verifyWithValue`).
 *
 * KDF's watcher checks only the refund's redeem script; these checks are ours, so a forged message
 * is refused before any chain request.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { Transaction } from 'bitcoinjs-lib';
import { bytesToHex, hash160 } from '../../../crypto';
import { SwapValidationError, type SwapTx } from '../../swapOps';
import type { CheckedPreimage, RefundPreimageTerms, SpendPreimageTerms } from '../../watcherOps';
import type { CoinConfig } from '../../config';
import { p2pkhScript, p2wpkhScript, type TxFormat } from '../tx';
import { SighashCache } from '../tx/sighash';
import { coinSighashScheme } from '../tx/sign';
import { ZcashSighash } from '../tx/zip243';
import { ZcashTransaction } from '../tx/zcashTx';
import {
  HTLC_REDEEM_SCRIPT_LEN,
  HTLC_REFUND_SEQUENCE,
  HTLC_SPEND_SEQUENCE,
  htlcRedeemScript,
  htlcSpendScriptSig,
  readPushes,
} from '../tx/scripts/htlc';
import { sameBytes } from './bytes';
import { HTLC_VOUT } from './payment';
import { decodeTx, toSwapTx } from './txBytes';

const OP_1 = 0x51;
/** DER signatures are 8..72 bytes, plus the hash type byte. */
const MAX_SIG_LEN = 73;

/** A decoded preimage with the parts later steps need. */
export interface ParsedPreimage extends CheckedPreimage {
  decoded: Transaction;
  redeem: Uint8Array;
  signature: Uint8Array;
  /** Whether the signature was verified already (its digest needs no value). */
  signatureVerified: boolean;
}

/** The coin's rules a preimage is read and verified under. */
export interface PreimageCoin {
  config: CoinConfig;
  format: TxFormat;
}

export function checkRefundPreimage(raw: Uint8Array, terms: RefundPreimageTerms, coin: PreimageCoin): ParsedPreimage {
  const tx = decodeOneToOne(raw, terms.paymentTxid, coin.format, 'refund');
  const items = readPushes(tx.ins[0]!.script);
  if (!items || items.length !== 3 || items[1] !== OP_1) throw invalid('refund', 'its scriptSig is not <sig> OP_1 <redeem script>');
  const [signature, , redeem] = items as [Uint8Array, number, Uint8Array];
  const expected = redeemOf(terms.timeLock, terms.takerPub, terms.secretHash, terms.makerPub, 'refund');
  if (!(redeem instanceof Uint8Array) || !sameBytes(redeem, expected)) {
    throw invalid('refund', "its redeem script is not the taker payment's HTLC (Invalid refund transaction)");
  }
  if (tx.ins[0]!.sequence !== HTLC_REFUND_SEQUENCE) throw invalid('refund', `its sequence ${tx.ins[0]!.sequence} does not enforce the lock time`);
  if (tx.locktime !== terms.timeLock) throw invalid('refund', `its lock time ${tx.locktime} is not the HTLC's ${terms.timeLock}`);
  checkPaysTaker(tx, terms.takerPub, 'refund');
  return finish(tx, redeem, signature, terms.takerPub, terms.timeLock, coin, 'refund');
}

export function checkSpendPreimage(raw: Uint8Array, terms: SpendPreimageTerms, coin: PreimageCoin): ParsedPreimage {
  const tx = decodeOneToOne(raw, terms.paymentTxid, coin.format, 'spend');
  const items = readPushes(tx.ins[0]!.script);
  if (!items || items.length !== 2) throw invalid('spend', 'its scriptSig is not <sig> <redeem script>');
  const [signature, redeem] = items;
  if (!(signature instanceof Uint8Array) || !(redeem instanceof Uint8Array) || redeem.length !== HTLC_REDEEM_SCRIPT_LEN) {
    throw invalid('spend', 'its scriptSig is not <sig> <redeem script>');
  }
  // The maker payment's lock is not in the message: read it from the script, then the whole script must be the HTLC with it.
  const timeLock = new DataView(redeem.buffer, redeem.byteOffset + 2, 4).getUint32(0, true);
  if (timeLock < terms.minTimeLock || timeLock > terms.maxTimeLock) {
    throw invalid('spend', `the maker payment's lock time ${timeLock} is not within ${terms.minTimeLock}..${terms.maxTimeLock}`);
  }
  const expected = redeemOf(timeLock, terms.makerPub, terms.secretHash, terms.takerPub, 'spend');
  if (!sameBytes(redeem, expected)) throw invalid('spend', "its redeem script is not the maker payment's HTLC to the taker");
  if (tx.ins[0]!.sequence !== HTLC_SPEND_SEQUENCE) throw invalid('spend', `its sequence ${tx.ins[0]!.sequence} is not final`);
  checkPaysTaker(tx, terms.takerPub, 'spend');
  return finish(tx, redeem, signature, terms.takerPub, timeLock, coin, 'spend');
}

/** Verifies a preimage's signature over the value it spends (after the payment was read from the chain). */
export function verifyWithValue(p: ParsedPreimage, takerPub: Uint8Array, value: bigint, coin: PreimageCoin, what: string): void {
  if (p.signatureVerified) return;
  if (!signatureValid(p.decoded, p.redeem, p.signature, takerPub, value, coin)) throw invalid(what, 'its signature is not the taker\'s');
}

/** The spend preimage with the secret: `<sig> <secret> OP_0 <redeem>` (the signature does not cover the scriptSig). */
export function completeSpend(p: ParsedPreimage, secret: Uint8Array): SwapTx {
  const tx = p.decoded.clone();
  tx.setInputScript(0, htlcSpendScriptSig(p.signature, secret, p.redeem));
  return toSwapTx(tx);
}

function decodeOneToOne(raw: Uint8Array, paymentTxid: string, format: TxFormat, what: string): Transaction {
  let tx: Transaction;
  try {
    tx = decodeTx(raw, format);
  } catch (e) {
    throw new SwapValidationError(`the ${what} preimage is not a transaction: ${(e as Error).message}`, e);
  }
  if (tx.ins.length !== 1 || tx.outs.length !== 1) throw invalid(what, `it has ${tx.ins.length} inputs and ${tx.outs.length} outputs, not one of each`);
  if (tx.ins.some((i) => i.witness.length > 0)) throw invalid(what, 'its HTLC input carries a witness');
  const input = tx.ins[0]!;
  const spent = bytesToHex(Uint8Array.from(input.hash).reverse());
  if (spent !== paymentTxid || input.index !== HTLC_VOUT) throw invalid(what, `it spends ${spent}:${input.index}, not ${paymentTxid}:${HTLC_VOUT}`);
  return tx;
}

function redeemOf(locktime: number, senderPubkey: Uint8Array, secretHash: Uint8Array, receiverPubkey: Uint8Array, what: string): Uint8Array {
  try {
    return htlcRedeemScript({ locktime, senderPubkey, secretHash, receiverPubkey });
  } catch (e) {
    throw invalid(what, `the swap's terms make no HTLC: ${(e as Error).message}`);
  }
}

/** The one output pays the taker's key (P2PKH, or P2WPKH on a segwit coin), and is more than nothing. */
function checkPaysTaker(tx: Transaction, takerPub: Uint8Array, what: string): void {
  const out = tx.outs[0]!;
  const keyHash = hash160(takerPub);
  if (!sameBytes(out.script, p2pkhScript(keyHash)) && !sameBytes(out.script, p2wpkhScript(keyHash))) throw invalid(what, 'its output does not pay the taker');
  if (out.value <= 0n) throw invalid(what, 'its output pays nothing');
}

function finish(tx: Transaction, redeem: Uint8Array, signature: Uint8Array, takerPub: Uint8Array, htlcTimeLock: number, coin: PreimageCoin, what: string): ParsedPreimage {
  const scheme = coinSighashScheme(coin.config);
  if (signature.length < 9 || signature.length > MAX_SIG_LEN || signature[signature.length - 1] !== (scheme.type & 0xff)) {
    throw invalid(what, 'its signature is not a SIGHASH_ALL signature of this coin');
  }
  const needsValue = scheme.forkId || tx instanceof ZcashTransaction;
  if (!needsValue && !signatureValid(tx, redeem, signature, takerPub, 0n, coin)) throw invalid(what, "its signature is not the taker's");
  return { tx: toSwapTx(tx), htlcTimeLock, decoded: tx, redeem, signature, signatureVerified: !needsValue };
}

function signatureValid(tx: Transaction, redeem: Uint8Array, signature: Uint8Array, pubkey: Uint8Array, value: bigint, coin: PreimageCoin): boolean {
  const scheme = coinSighashScheme(coin.config);
  let digest: Uint8Array;
  if (tx instanceof ZcashTransaction) digest = new ZcashSighash(tx).digest({ index: 0, scriptCode: redeem, value }, scheme.type);
  else {
    const cache = new SighashCache(tx, redeem, scheme.type);
    digest = scheme.forkId ? cache.witnessV0(0, value) : cache.legacy(0);
  }
  try {
    return secp256k1.verify(signature.subarray(0, -1), digest, pubkey, { prehash: false, lowS: true, format: 'der' });
  } catch {
    return false;
  }
}

function invalid(what: string, reason: string): SwapValidationError {
  return new SwapValidationError(`the ${what === 'refund' ? 'taker payment refund' : 'maker payment spend'} preimage is refused: ${reason}`);
}
