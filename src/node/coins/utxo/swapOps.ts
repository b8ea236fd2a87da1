/**
 * SwapOps of a UTXO coin (KDF's utxo_common swap functions, kdf-facts §4.4–4.5): the taker fee and
 * HTLC payments are ordinary wallet transactions (planned, signed and broadcast like a withdraw, one
 * at a time so two swaps never pick the same outputs); spends and refunds are one-input P2SH
 * transactions signed over the redeem script. The chain is read through the coin's Electrum servers:
 * raw transactions to check what the counterparty sent, the HTLC script's history to see how a
 * payment ended (or find our own after a crash), and the last 11 headers for the median time past a refund waits for.
 */
import type { Transaction } from 'bitcoinjs-lib';
import { MmNumber } from '../../../shared/number';
import { coinError } from '../coinErrors';
import { earlyFeeError, SwapValidationError, type HtlcOutcome, type HtlcTerms, type SwapOps, type SwapTx } from '../swapOps';
import type { DexFeePayment } from '../tradeFee';
import type { TakerPreimageOps } from '../watcherOps';
import { hash160 as dhash160 } from '../../crypto';
import type { HistoryItem } from './electrumApi';
import { coinFeeRate } from './feeRate';
import { electrumScripthash } from './scripthash';
import { sameBytes } from './swap/bytes';
import { hardwareWalletNotSupported } from './swap/errors';
import { buildHtlcSpend, type HtlcSpendRequest } from './swap/htlcSpend';
import { medianTimePast } from './swap/mtp';
import { classifySpend, htlcInputOf, secretFromSpend } from './swap/outcome';
import { checkPaymentOutput, htlcOutputScript, paymentOutputs, redeemScriptOf } from './swap/payment';
import { checkInputsSignedBy, checkTakerFeeOutputs, isSignedBy, takerFeeOutputs } from './swap/takerFee';
import { decodeSwapTx, decodeTx, MAX_TX_BYTES, sameAsChain, toSwapTx } from './swap/txBytes';
import { raiseDynamicRate, SWAP_SPEND_TX_SIZE } from './tradeFee';
import { planWalletTx } from './kmd/claim';
import { p2shLockTime } from './kmd/lockTime';
import { coinTxFormat, feeForVsize, layoutBytes, type TxFormat, type TxOutput } from './tx';
import {
  HTLC_REFUND_SEQUENCE,
  HTLC_SPEND_SEQUENCE,
  htlcRefundScriptSig,
  htlcRefundable,
  htlcSpendPreimageScriptSig,
  htlcSpendScriptSig,
} from './tx/scripts/htlc';
import type { UtxoCoinView } from './utxoCoinView';

/** Transactions of an HTLC address's history fetched per round while looking for the payment's spender. */
const HISTORY_BATCH = 25;
/**
 * Most history entries looked through: anyone may pay dust to an HTLC address, so its history is
 * bounded before any work; a real one holds the payment and its spend or refund.
 */
const MAX_HTLC_HISTORY = 2000;
const TXID = /^[0-9a-f]{64}$/;

export class UtxoSwapOps implements SwapOps, TakerPreimageOps {
  readonly swapContractBytes = new Uint8Array(0);
  /** The wallet transaction being planned, signed and broadcast; the next one waits for it. */
  private sending: Promise<unknown> = Promise.resolve();
  /** Swaps waiting for the next block; one headers subscription serves them all. */
  private readonly blockListeners = new Set<() => void>();
  private following: Promise<unknown> | null = null;

  constructor(private readonly coin: UtxoCoinView) {}

  /** The coin's transaction layout: every transaction read here is of it. */
  private get format(): TxFormat {
    return this.coin.txFormat;
  }

  get htlcPubkey(): Uint8Array {
    return this.coin.signer.publicKey;
  }

  async sendTakerFee(fee: DexFeePayment): Promise<SwapTx> {
    this.htlcSigner();
    return this.sendOutputs(takerFeeOutputs({ fee: this.toSat(fee.fee), burn: this.toSat(fee.burn) }));
  }

  async validateTakerFee(tx: SwapTx, fee: DexFeePayment, senderPubkey: Uint8Array, minBlock: number): Promise<void> {
    const decoded = decodeSwapTx(tx, this.format);
    checkInputsSignedBy(decoded, senderPubkey);
    checkTakerFeeOutputs(decoded, { fee: this.toSat(fee.fee), burn: this.toSat(fee.burn) });
    await this.checkOnChain(decoded);
    await this.checkMinedAfter(decoded.getId(), minBlock);
  }

  /**
   * KDF's `is_tx_confirmed_before_block`: the block a transaction was mined in is the tip + 1 − its
   * confirmations (Electrum's verbose answer has no height); one in the mempool passes.
   */
  private async checkMinedAfter(txid: string, minBlock: number): Promise<void> {
    const confirmations = await this.coin.api.confirmations(txid);
    if (!confirmations) return;
    // The coin's tip follows the server's header notices: one a block behind the count makes a
    // fresh fee look a block older for a moment, and the maker's next validation attempt sees it right.
    const minedAt = this.coin.height + 1 - confirmations;
    if (minedAt <= minBlock) throw earlyFeeError(txid, minedAt, minBlock);
  }

  txFromBytes(raw: Uint8Array): SwapTx {
    if (raw.length > MAX_TX_BYTES) throw new SwapValidationError(`transaction of ${raw.length} bytes is larger than a standard one`);
    return toSwapTx(decodeTx(raw, this.format));
  }

  /**
   * KDF looks at the first transaction of the HTLC address's history; since anyone can pay to that
   * address, this takes the first one since `searchFromBlock` that is ours (every input signed by
   * our key) and pays the HTLC in output 0.
   */
  async checkIfMyPaymentSent(terms: HtlcTerms, searchFromBlock: number): Promise<SwapTx | null> {
    if (!sameBytes(terms.senderPubkey, this.htlcPubkey)) throw coinError.internal('our payment is refundable by our own key');
    const script = htlcOutputScript(redeemScriptOf(terms));
    const history = await this.htlcHistory(script);
    const recent = history.filter((h) => h.height <= 0 || h.height >= searchFromBlock).map((h) => h.txHash);
    return this.firstOf(recent, (tx) =>
      tx.outs[0] && sameBytes(tx.outs[0].script, script) && isSignedBy(tx, this.htlcPubkey) ? toSwapTx(tx) : null,
    );
  }

  async sendPayment(terms: HtlcTerms): Promise<SwapTx> {
    this.htlcSigner();
    if (!sameBytes(terms.senderPubkey, this.htlcPubkey)) throw coinError.internal('an HTLC payment must be refundable by our own key');
    return this.sendOutputs(paymentOutputs(terms, this.toSat(terms.amount)));
  }

  async validatePayment(tx: SwapTx, terms: HtlcTerms): Promise<void> {
    if (!sameBytes(terms.receiverPubkey, this.htlcPubkey)) throw new SwapValidationError('the payment is not to our key');
    const decoded = decodeSwapTx(tx, this.format);
    checkPaymentOutput(decoded, terms, this.toSat(terms.amount));
    await this.checkOnChain(decoded);
  }

  async spendPayment(payment: SwapTx, terms: HtlcTerms, secret: Uint8Array): Promise<SwapTx> {
    const sign = this.htlcSigner();
    if (!sameBytes(terms.receiverPubkey, this.htlcPubkey)) throw coinError.internal('only a payment to our own key can be spent by us');
    if (!sameBytes(dhash160(secret), terms.secretHash)) throw coinError.internal('the secret does not match the secret hash');
    const decoded = decodeSwapTx(payment, this.format);
    checkPaymentOutput(decoded, terms, this.toSat(terms.amount));
    const redeem = redeemScriptOf(terms);
    // KDF sets the spend's lock time as a refund's; with a final sequence it is not enforced.
    const lockTime = p2shLockTime(this.coin.ticker, terms.timeLock, await this.medianTimePast(), this.coin.nowSec());
    const spend = await buildHtlcSpend({
      payment: decoded,
      redeem,
      to: this.coin.script,
      fee: await this.htlcSpendFee(),
      format: coinTxFormat(this.coin.config),
      sequence: HTLC_SPEND_SEQUENCE,
      lockTime,
      sign,
      scriptSig: (sig) => htlcSpendScriptSig(sig, secret, redeem),
    });
    return this.broadcast(spend);
  }

  async refundPayment(payment: SwapTx, terms: HtlcTerms): Promise<SwapTx> {
    const sign = this.htlcSigner();
    if (!sameBytes(terms.senderPubkey, this.htlcPubkey)) throw coinError.internal('only our own payment can be refunded by us');
    const decoded = decodeSwapTx(payment, this.format);
    checkPaymentOutput(decoded, terms, this.toSat(terms.amount));
    const mtp = await this.medianTimePast();
    const lockTime = p2shLockTime(this.coin.ticker, terms.timeLock, mtp, this.coin.nowSec());
    // KDF's `can_refund_htlc`: the refund's own lock time (a KMD one may lie past the HTLC's) must be below MTP.
    if (!htlcRefundable(lockTime, mtp)) {
      const which = lockTime === terms.timeLock ? 'its lock time' : "the refund's lock time (KMD: an hour back plus 2 × 777 s)";
      throw new SwapValidationError(`the payment cannot be refunded yet: the chain's median time past ${mtp} has not passed ${which} ${lockTime}`);
    }
    const redeem = redeemScriptOf(terms);
    const refund = await buildHtlcSpend({
      payment: decoded,
      redeem,
      to: this.coin.script,
      fee: await this.htlcSpendFee(),
      format: coinTxFormat(this.coin.config),
      sequence: HTLC_REFUND_SEQUENCE,
      lockTime,
      sign,
      scriptSig: (sig) => htlcRefundScriptSig(sig, redeem),
    });
    return this.broadcast(refund);
  }

  /**
   * KDF's `create_maker_payment_spend_preimage`: the whole HTLC output to our script less the spend
   * fee at the watcher-preimage rate, final sequence, lock time as our own spend's; scriptSig
   * `<sig> <redeem>`, the secret left for the watcher to put in.
   */
  async makerPaymentSpendPreimage(payment: SwapTx, terms: HtlcTerms): Promise<SwapTx> {
    if (!sameBytes(terms.receiverPubkey, this.htlcPubkey)) throw coinError.internal('only a payment to our own key can be spent by us');
    const redeem = redeemScriptOf(terms);
    return this.preimage(payment, terms, HTLC_SPEND_SEQUENCE, (sig) => htlcSpendPreimageScriptSig(sig, redeem));
  }

  /** KDF's `create_taker_payment_refund_preimage`: as the spend preimage, with the refund's sequence and scriptSig. */
  async takerPaymentRefundPreimage(payment: SwapTx, terms: HtlcTerms): Promise<SwapTx> {
    if (!sameBytes(terms.senderPubkey, this.htlcPubkey)) throw coinError.internal('only our own payment can be refunded by us');
    const redeem = redeemScriptOf(terms);
    return this.preimage(payment, terms, HTLC_REFUND_SEQUENCE, (sig) => htlcRefundScriptSig(sig, redeem));
  }

  private async preimage(payment: SwapTx, terms: HtlcTerms, sequence: number, scriptSig: HtlcSpendRequest['scriptSig']): Promise<SwapTx> {
    const sign = this.htlcSigner();
    const decoded = decodeSwapTx(payment, this.format);
    checkPaymentOutput(decoded, terms, this.toSat(terms.amount));
    const tx = await buildHtlcSpend({
      payment: decoded,
      redeem: redeemScriptOf(terms),
      to: this.coin.script,
      fee: await this.htlcSpendFee(true),
      format: coinTxFormat(this.coin.config),
      sequence,
      // KDF's `p2sh_tx_locktime`: the HTLC's lock time while the chain has not passed it (KMD: an hour back at the earliest).
      lockTime: p2shLockTime(this.coin.ticker, terms.timeLock, await this.medianTimePast(), this.coin.nowSec()),
      sign,
      scriptSig,
    });
    return toSwapTx(tx);
  }

  async canRefund(timeLock: number): Promise<boolean> {
    const mtp = await this.medianTimePast();
    return htlcRefundable(p2shLockTime(this.coin.ticker, timeLock, mtp, this.coin.nowSec()), mtp);
  }

  async findPaymentOutcome(payment: SwapTx, terms: HtlcTerms): Promise<HtlcOutcome | null> {
    const decoded = decodeSwapTx(payment, this.format);
    const redeem = redeemScriptOf(terms);
    const script = htlcOutputScript(redeem);
    if (!decoded.outs[0] || !sameBytes(decoded.outs[0].script, script)) {
      throw new SwapValidationError("the payment's output script is not the HTLC of the agreed terms");
    }
    const history = await this.htlcHistory(script);
    const paymentId = decoded.getId();
    const paymentHash = decoded.getHash();
    const others = history.map((h) => h.txHash).filter((id) => id !== paymentId);
    return this.firstOf(others, (tx) => {
      const index = htlcInputOf(tx, paymentHash);
      return index >= 0 ? classifySpend(tx, index, redeem, terms.secretHash) : null;
    });
  }

  extractSecret(spend: SwapTx, secretHash: Uint8Array): Uint8Array {
    return secretFromSpend(decodeSwapTx(spend, this.format), secretHash);
  }

  async confirmations(txHash: string): Promise<number | null> {
    if (!TXID.test(txHash)) throw coinError.internal(`'${txHash}' is not a transaction hash`);
    return this.coin.api.confirmations(txHash);
  }

  async currentBlock(): Promise<number> {
    return this.coin.height;
  }

  onNewBlock(listener: () => void): () => void {
    this.blockListeners.add(listener);
    this.following ??= this.coin.api
      .subscribeHeaders(() => {
        for (const l of [...this.blockListeners]) l();
      })
      // Without the subscription a waiting swap still polls at its fixed interval; a later wait tries again.
      .catch(() => {
        this.following = null;
      });
    return () => this.blockListeners.delete(listener);
  }

  /** The history of an HTLC output script, bounded before any work is done on it. */
  private async htlcHistory(script: Uint8Array): Promise<HistoryItem[]> {
    const history = await this.coin.api.history(electrumScripthash(script));
    if (history.length > MAX_HTLC_HISTORY) throw new SwapValidationError(`the HTLC address has ${history.length} transactions, more than ${MAX_HTLC_HISTORY}`);
    return history;
  }

  /** The first non-null `pick` over the transactions `txids`, in order, fetched a batch at a time. */
  private async firstOf<T>(txids: string[], pick: (tx: Transaction) => T | null): Promise<T | null> {
    const unique = [...new Set(txids)];
    for (let i = 0; i < unique.length; i += HISTORY_BATCH) {
      const ids = unique.slice(i, i + HISTORY_BATCH);
      const hexes = await this.coin.api.rawTransactions(ids);
      for (const [j, hex] of hexes.entries()) {
        const found = pick(decodeSwapTx({ txHex: hex, txHash: ids[j] ?? '' }, this.format));
        if (found !== null) return found;
      }
    }
    return null;
  }

  /** The signer's HTLC signing; a hardware wallet has none, and the whole swap is refused before anything is sent. */
  private htlcSigner(): HtlcSpendRequest['sign'] {
    const signer = this.coin.signer;
    if (!signer.signScriptInput) throw hardwareWalletNotSupported(this.coin.ticker);
    return (tx, index, scriptCode, value) => signer.signScriptInput!(tx, index, scriptCode, value, this.coin.config);
  }

  /** Plans `outputs` over the spendable outputs at the coin's fee rate (KDF's `send_outputs_from_my_address`), signs and broadcasts. */
  private sendOutputs(outputs: TxOutput[]): Promise<SwapTx> {
    const run = this.sending.then(async () => {
      const { ticker, decimals, script, inputKind, utxo, api } = this.coin;
      const plan = await planWalletTx(this.coin, {
        unspents: await this.coin.spendableUnspents(),
        outputs,
        changeScript: script,
        inputKind,
        feeRate: await coinFeeRate(utxo, decimals, api),
        minRelayFeeRate: await this.minRelayFeeRate(),
        feePolicy: { kind: 'sendExact' },
        dust: utxo.dust,
        layoutBytes: layoutBytes(this.coin.txFormat),
        ticker,
        decimals,
      });
      // KDF's `transaction_preimage`: nLockTime now (KMD's is set by the planner); every input is
      // final, so it is not enforced, but KDF's watchers refuse a taker fee older than the lock duration by it.
      const signed = await this.coin.sign({ ...plan, lockTime: plan.lockTime ?? this.coin.nowSec() });
      await this.sendRaw(signed.hex, signed.txid);
      return { txHex: signed.hex, txHash: signed.txid };
    });
    this.sending = run.catch(() => undefined);
    return run;
  }

  private async broadcast(tx: Transaction): Promise<SwapTx> {
    const sent = toSwapTx(tx);
    await this.sendRaw(sent.txHex, sent.txHash);
    return sent;
  }

  private async sendRaw(hex: string, txid: string): Promise<void> {
    const accepted = await this.coin.sendRawTransaction(hex);
    if (accepted !== txid) throw coinError.transport(`the server accepted ${txid} as ${accepted}`);
  }

  /** The transaction is what the chain holds under its id (KDF compares the bytes), in the mempool or mined. */
  private async checkOnChain(tx: Transaction): Promise<void> {
    const chainHex = await this.coin.api.rawTransaction(tx.getId());
    if (chainHex === null) throw new SwapValidationError(`transaction ${tx.getId()} is not known to the chain`);
    if (!sameAsChain(tx, chainHex)) throw new SwapValidationError(`transaction ${tx.getId()} differs from the chain's copy`);
  }

  /**
   * KDF's `get_htlc_spend_fee(DEFAULT_SWAP_TX_SPEND_SIZE, WithoutApprox)`: 496 bytes at the coin's
   * rate, at least the server's relay fee with `force_min_relay_fee`. A watcher's preimage
   * (`FeeApproxStage::WatcherPreimage`) raises a dynamic rate by `txfee_volatility_percent` once, as
   * the swap's start does, since the fee may grow until a watcher broadcasts it.
   */
  private async htlcSpendFee(forWatcher = false): Promise<bigint> {
    const rate = await coinFeeRate(this.coin.utxo, this.coin.decimals, this.coin.api);
    const raised = forWatcher && rate.kind === 'dynamic' ? { ...rate, satPerKb: raiseDynamicRate(rate.satPerKb, this.coin.utxo.txfeeVolatilityPercent, 'StartSwap') } : rate;
    return feeForVsize(raised, SWAP_SPEND_TX_SIZE, await this.minRelayFeeRate());
  }

  /** KDF's `get_min_relay_rate`: the server's relay fee in sat/kB when the coin sets `force_min_relay_fee`. */
  private async minRelayFeeRate(): Promise<bigint | undefined> {
    if (!this.coin.utxo.forceMinRelayFee) return undefined;
    return MmNumber.parse(await this.coin.api.relayFee()).toBaseUnitsFloor(this.coin.decimals);
  }

  private async medianTimePast(): Promise<number> {
    return medianTimePast(this.coin.api, this.coin.height);
  }

  private toSat(amount: MmNumber): bigint {
    return amount.toBaseUnitsFloor(this.coin.decimals);
  }
}
