/**
 * WatcherOps of a UTXO coin (KDF's `WatcherOps` for `UtxoStandardCoin`, `utxo_common.rs`): the
 * preimage checks are pure (watcherPreimage.ts); the rest reads the chain through the coin's
 * Electrum servers — raw transactions, an HTLC script's history (the taker payment's spender, whose
 * scriptSig carries the secret), the last headers' median time past — and broadcasts what the taker
 * signed. The watcher's own key signs nothing.
 */
import type { Transaction } from 'bitcoinjs-lib';
import { hexToBytes } from '../../../crypto';
import { earlyFeeError, SwapValidationError, type HtlcOutcome, type SwapOps, type SwapTx } from '../../swapOps';
import { WatchedTxNotFound, type CheckedPreimage, type RefundPreimageTerms, type SpendPreimageTerms, type WatcherOps } from '../../watcherOps';
import type { HistoryItem } from '../electrumApi';
import { electrumScripthash } from '../scripthash';
import { htlcRefundable } from '../tx/scripts/htlc';
import type { EnabledCoin } from '../../coin';
import { UtxoCoin } from '../utxoCoin';
import type { UtxoCoinView } from '../utxoCoinView';
import { sameBytes } from './bytes';
import { medianTimePast } from './mtp';
import { classifySpend, htlcInputOf } from './outcome';
import { HTLC_VOUT, htlcOutputScript } from './payment';
import { checkInputsSignedBy, DEX_FEE_SCRIPT } from './takerFee';
import { decodeSwapTx, toSwapTx } from './txBytes';
import { checkRefundPreimage, checkSpendPreimage, completeSpend, verifyWithValue, type ParsedPreimage, type PreimageCoin } from './watcherPreimage';

/** Most entries of an HTLC address's history looked through: anyone may pay dust to it. */
const MAX_HTLC_HISTORY = 200;
/** Transactions fetched per round while looking for a payment's spender. */
const HISTORY_BATCH = 25;

/** KDF's log prefixes (`lp_coins.rs`), which its tests and tools look for in these errors. */
const INVALID_SENDER = 'Invalid sender';
const OLD_TRANSACTION = 'Old transaction';
const INVALID_RECEIVER = 'Invalid receiver';
const INVALID_SCRIPT = 'Invalid script';

export class UtxoWatcherOps implements WatcherOps {
  /** Preimages checked by this instance, so later steps reuse their parse. */
  private readonly parsed = new WeakMap<CheckedPreimage, ParsedPreimage>();

  constructor(
    private readonly coin: UtxoCoinView,
    /** The coin's swap operations, whose one headers subscription tells of new blocks. */
    private readonly blocks: Pick<SwapOps, 'onNewBlock'>,
  ) {}

  get ticker(): string {
    return this.coin.ticker;
  }

  private get rules(): PreimageCoin {
    return { config: this.coin.config, format: this.coin.txFormat };
  }

  checkRefundPreimage(raw: Uint8Array, terms: RefundPreimageTerms): CheckedPreimage {
    return this.keep(checkRefundPreimage(raw, terms, this.rules));
  }

  checkSpendPreimage(raw: Uint8Array, terms: SpendPreimageTerms): CheckedPreimage {
    return this.keep(checkSpendPreimage(raw, terms, this.rules));
  }

  async validateTakerFee(feeTxid: string, takerPub: Uint8Array, minBlock: number, lockDuration: number, nowSec: number): Promise<void> {
    const fee = await this.chainTx(feeTxid, 'taker fee');
    try {
      checkInputsSignedBy(fee, takerPub);
    } catch (e) {
      throw new SwapValidationError(`${INVALID_SENDER}: Taker fee does not belong to the verified public key`, e);
    }
    const confirmations = await this.coin.api.confirmations(feeTxid);
    if (confirmations) {
      // KDF refuses a fee mined at or before the start block. Our tip comes from the header
      // subscription and can be a block behind the server that counted the confirmations, which
      // puts the estimate one block early: only a fee estimated before the start block is refused.
      const minedAt = this.coin.height + 1 - confirmations;
      if (minedAt < minBlock) throw earlyFeeError(feeTxid, minedAt, minBlock);
    }
    // KDF subtracts as u32: a lock time past now wraps around and is "too old" as well.
    if (fee.locktime > nowSec || nowSec - fee.locktime > lockDuration) {
      throw new SwapValidationError(`${OLD_TRANSACTION}: Taker fee ${feeTxid} (lock time ${fee.locktime}) is too old`);
    }
    if (!fee.outs[0] || !sameBytes(fee.outs[0].script, DEX_FEE_SCRIPT)) {
      throw new SwapValidationError(`${INVALID_RECEIVER}: Provided dex fee tx output script_pubkey doesn't match expected`);
    }
  }

  async validateTakerPayment(refund: CheckedPreimage, terms: RefundPreimageTerms): Promise<{ payment: SwapTx; confirmations: number }> {
    const payment = await this.chainTx(terms.paymentTxid, 'taker payment');
    try {
      checkInputsSignedBy(payment, terms.takerPub);
    } catch (e) {
      throw new SwapValidationError(`${INVALID_SENDER}: Taker payment does not belong to the verified public key`, e);
    }
    const value = this.checkHtlcOutput(payment, this.parse(refund), 'taker payment');
    verifyWithValue(this.parse(refund), terms.takerPub, value, this.rules, 'refund');
    return { payment: toSwapTx(payment), confirmations: (await this.coin.api.confirmations(terms.paymentTxid)) ?? 0 };
  }

  async validateMakerPayment(spend: CheckedPreimage, terms: SpendPreimageTerms): Promise<void> {
    const payment = await this.chainTx(terms.paymentTxid, 'maker payment');
    const value = this.checkHtlcOutput(payment, this.parse(spend), 'maker payment');
    verifyWithValue(this.parse(spend), terms.takerPub, value, this.rules, 'spend');
  }

  takerPaymentOutcome(refund: CheckedPreimage, terms: RefundPreimageTerms): Promise<HtlcOutcome | null> {
    return this.spenderOf(terms.paymentTxid, this.parse(refund).redeem, terms.secretHash);
  }

  makerPaymentOutcome(spend: CheckedPreimage, terms: SpendPreimageTerms): Promise<HtlcOutcome | null> {
    return this.spenderOf(terms.paymentTxid, this.parse(spend).redeem, terms.secretHash);
  }

  completeSpend(spend: CheckedPreimage, secret: Uint8Array): SwapTx {
    return completeSpend(this.parse(spend), secret);
  }

  async broadcast(tx: SwapTx): Promise<void> {
    if ((await this.coin.api.rawTransaction(tx.txHash)) !== null) return;
    const accepted = await this.coin.sendRawTransaction(tx.txHex);
    if (accepted !== tx.txHash) throw new SwapValidationError(`the server accepted ${tx.txHash} as ${accepted}`);
  }

  async canRefund(timeLock: number): Promise<boolean> {
    return htlcRefundable(timeLock, await medianTimePast(this.coin.api, this.coin.height));
  }

  async currentBlock(): Promise<number> {
    return this.coin.height;
  }

  onNewBlock(listener: () => void): () => void {
    return this.blocks.onNewBlock(listener);
  }

  private keep(p: ParsedPreimage): CheckedPreimage {
    this.parsed.set(p, p);
    return p;
  }

  /** The parse of a preimage this instance checked. */
  private parse(p: CheckedPreimage): ParsedPreimage {
    const known = this.parsed.get(p);
    if (!known) throw new SwapValidationError('the preimage was not checked by this coin');
    return known;
  }

  /** A transaction the chain holds under `txid` (mined or in the mempool), its bytes checked against the id. */
  private async chainTx(txid: string, what: string): Promise<Transaction> {
    const hex = await this.coin.api.rawTransaction(txid);
    if (hex === null) throw new WatchedTxNotFound(`the ${what} ${txid} is not known to the chain`);
    return decodeSwapTx({ txHex: hex, txHash: txid }, this.coin.txFormat);
  }

  /** Output 0 of `payment` is P2SH of the preimage's redeem script; answers its value. */
  private checkHtlcOutput(payment: Transaction, p: ParsedPreimage, what: string): bigint {
    const out = payment.outs[HTLC_VOUT];
    if (!out || !sameBytes(out.script, htlcOutputScript(p.redeem))) {
      throw new SwapValidationError(`${INVALID_SCRIPT}: the ${what}'s output ${HTLC_VOUT} is not the HTLC the preimage spends`);
    }
    return out.value;
  }

  /** The first transaction of the HTLC's history spending `paymentTxid`'s output 0, classified; null if none yet. */
  private async spenderOf(paymentTxid: string, redeem: Uint8Array, secretHash: Uint8Array): Promise<HtlcOutcome | null> {
    const history = await this.htlcHistory(htlcOutputScript(redeem));
    const paymentHash = hexToBytes(paymentTxid).reverse();
    const others = [...new Set(history.map((h) => h.txHash).filter((id) => id !== paymentTxid))];
    for (let i = 0; i < others.length; i += HISTORY_BATCH) {
      const ids = others.slice(i, i + HISTORY_BATCH);
      const hexes = await this.coin.api.rawTransactions(ids);
      for (const [j, hex] of hexes.entries()) {
        const tx = decodeSwapTx({ txHex: hex, txHash: ids[j] ?? '' }, this.coin.txFormat);
        const index = htlcInputOf(tx, paymentHash);
        if (index >= 0) return classifySpend(tx, index, redeem, secretHash);
      }
    }
    return null;
  }

  private async htlcHistory(script: Uint8Array): Promise<HistoryItem[]> {
    const history = await this.coin.api.history(electrumScripthash(script));
    if (history.length > MAX_HTLC_HISTORY) throw new SwapValidationError(`the HTLC address has ${history.length} transactions, more than ${MAX_HTLC_HISTORY}`);
    return history;
  }
}

const opsOfCoin = new WeakMap<UtxoCoin, UtxoWatcherOps>();

/**
 * The watcher operations of an activated coin: every UTXO coin can be watched (KDF's
 * `is_supported_by_watchers` is true for its UTXO coins); others (EVM, QRC20 tokens) cannot yet.
 */
export function utxoWatcherOpsOf(coin: EnabledCoin | undefined): WatcherOps | undefined {
  if (!(coin instanceof UtxoCoin)) return undefined;
  let ops = opsOfCoin.get(coin);
  if (!ops) opsOfCoin.set(coin, (ops = new UtxoWatcherOps(coin, coin.swapOps)));
  return ops;
}
