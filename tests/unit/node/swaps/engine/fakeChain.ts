/**
 * An in-memory chain per coin implementing SwapOps for swap tests. Transactions are JSON bytes;
 * a block is mined every minute of the virtual clock (or every `blockMs`; confirmations = blocks
 * since broadcast, and each block is announced to the swaps waiting for one),
 * the refund lock is checked against the clock (as MTP would be), spends reveal the secret, and
 * balances per key show where the coins went. A node's ops die with it (`dead`), so a crashed
 * node does nothing after the crash point.
 */
import { MmNumber } from '../../../../../src/shared/number';
import { bytesToHex, hexToBytes, sha256 } from '../../../../../src/node/crypto';
import type { DexFeePayment } from '../../../../../src/node/coins/tradeFee';
import { earlyFeeError, SwapValidationError, type HtlcOutcome, type HtlcTerms, type SwapOps, type SwapTx } from '../../../../../src/node/coins/swapOps';
import type { SwapTiming } from '../../../../../src/node/swaps/engine/run';
import { secretHash } from '../../../../../src/node/swaps/protocol/secret';
import type { VirtualClock } from './virtualClock';

const BLOCK_MS = 60_000;
export const DEX_FEE_KEY = 'dex';

type FakeTx =
  | { kind: 'fee'; sender: string; amount: string; uuid: string }
  /** A taker's spend of the maker payment signed in advance: a watcher adds the secret (`completeSpendPreimage`). */
  | { kind: 'spendPreimage'; payment: string; signer: string }
  | { kind: 'payment'; sender: string; receiver: string; secretHash: string; timeLock: number; amount: string; nonce: number }
  | { kind: 'spend'; payment: string; secret: string }
  | { kind: 'refund'; payment: string; nonce: number };

interface Htlc {
  tx: FakeTx & { kind: 'payment' };
  outcome: HtlcOutcome | null;
}

/** Amounts travel as exact fractions, so the checks compare exactly what was agreed. */
const exact = (n: MmNumber): string => JSON.stringify(n.toFraction());
const fromExact = (s: string): MmNumber => MmNumber.parse(JSON.parse(s));

const encode = (tx: FakeTx): SwapTx => {
  const raw = new TextEncoder().encode(JSON.stringify(tx));
  return { txHex: bytesToHex(raw), txHash: bytesToHex(sha256(raw)) };
};

function decode(txHex: string): FakeTx {
  try {
    return JSON.parse(new TextDecoder().decode(hexToBytes(txHex))) as FakeTx;
  } catch (e) {
    throw new SwapValidationError('not a transaction', e);
  }
}

export class FakeChain {
  /** Broadcast height by tx hash; a dropped tx is removed. */
  readonly mined = new Map<string, number>();
  readonly htlcs = new Map<string, Htlc>();
  readonly balances = new Map<string, MmNumber>();
  /** Every broadcast, in order. */
  readonly broadcasts: { kind: FakeTx['kind']; by: string; hash: string }[] = [];
  private nonce = 0;

  constructor(
    readonly ticker: string,
    readonly clock: VirtualClock,
    readonly blockMs = BLOCK_MS,
  ) {}

  height(): number {
    return Math.floor(this.clock.now() / this.blockMs);
  }

  /** Calls `listener` when the next block comes; returns the cancel. */
  nextBlock(listener: () => void): () => void {
    const cancel = new AbortController();
    const wait = (this.height() + 1) * this.blockMs - this.clock.now();
    this.clock.sleep(wait, cancel.signal).then(listener, () => undefined);
    return () => cancel.abort();
  }

  balance(key: string): MmNumber {
    return this.balances.get(key) ?? MmNumber.ZERO;
  }

  credit(key: string, amount: MmNumber): void {
    this.balances.set(key, this.balance(key).add(amount));
  }

  broadcast(tx: FakeTx, by: string): SwapTx {
    const id = encode(tx);
    this.mined.set(id.txHash, this.height());
    this.broadcasts.push({ kind: tx.kind, by, hash: id.txHash });
    return id;
  }

  nextNonce(): number {
    return ++this.nonce;
  }

  /**
   * A watcher's broadcast of a taker's preimage: the spend preimage completed with `secret`, or the
   * refund preimage as it is; it settles the HTLC for its receiver (spend) or sender (refund) when
   * the chain would take it, and throws as a node would refuse it otherwise.
   */
  broadcastPreimage(preimage: SwapTx, secret?: Uint8Array): SwapTx {
    const t = decode(preimage.txHex);
    if (t.kind !== 'spendPreimage' && t.kind !== 'refund') throw new SwapValidationError('not a preimage');
    const htlc = this.htlcs.get(t.payment);
    if (!htlc || htlc.outcome) throw new SwapValidationError('the payment is already settled');
    if (t.kind === 'refund') {
      if (Math.floor(this.clock.now() / 1000) < htlc.tx.timeLock) throw new SwapValidationError('lock time not reached');
      htlc.outcome = { type: 'Refunded', tx: preimage };
      this.credit(htlc.tx.sender, fromExact(htlc.tx.amount));
      return this.broadcast(t, 'watcher');
    }
    if (!secret || bytesToHex(secretHash(secret)) !== htlc.tx.secretHash || t.signer !== htlc.tx.receiver) throw new SwapValidationError('not a valid spend');
    const tx = { kind: 'spend' as const, payment: t.payment, secret: bytesToHex(secret) };
    htlc.outcome = { type: 'Spent', tx: encode(tx), secret };
    this.credit(htlc.tx.receiver, fromExact(htlc.tx.amount));
    return this.broadcast(tx, 'watcher');
  }
}

/** Ways a test makes a node misbehave or crash. */
export interface FakeOpsOptions {
  /** A cheating sender: the terms its payment really uses. */
  tamper?: (terms: HtlcTerms) => HtlcTerms;
  /** Crash right after broadcasting this kind of transaction, before returning it. */
  crashAfter?: FakeTx['kind'];
  onCrash?: () => void;
  /** The coin never tells of new blocks (a lost subscription): the engine falls back to its fixed polls. */
  silentBlocks?: boolean;
  /** Payments can be validated only once mined (a contract payment, QRC20: its state and receipts come with the block). */
  validatesMinedOnly?: boolean;
  /** Called as a chain read starts: a test stops the node in the middle of a step from here. */
  onRead?: (method: 'checkIfMyPaymentSent' | 'findPaymentOutcome' | 'confirmations') => void;
  /** The coin can make watcher preimages (KDF's `is_supported_by_watchers`): WatchableFakeSwapOps. */
  watchable?: boolean;
  /** The node's conf `use_watchers` (KDF's default: true). */
  useWatchers?: boolean;
  /** The node's swap waits, KDF's unless given. */
  timing?: SwapTiming;
}

export class FakeSwapOps implements SwapOps {
  readonly swapContractBytes = new Uint8Array();
  dead = false;

  constructor(
    readonly chain: FakeChain,
    readonly htlcPubkey: Uint8Array,
    readonly options: FakeOpsOptions = {},
  ) {}

  private get me(): string {
    return bytesToHex(this.htlcPubkey);
  }

  private alive(): void {
    if (this.dead) throw new Error('node crashed');
  }

  private send(tx: FakeTx): SwapTx {
    const id = this.chain.broadcast(tx, this.me);
    if (this.options.crashAfter === tx.kind) {
      this.dead = true;
      this.options.onCrash?.();
      throw new Error('node crashed after broadcast');
    }
    return id;
  }

  async sendTakerFee(fee: DexFeePayment, uuid: string): Promise<SwapTx> {
    this.alive();
    this.chain.credit(this.me, fee.fee.neg());
    this.chain.credit(DEX_FEE_KEY, fee.fee);
    return this.send({ kind: 'fee', sender: this.me, amount: exact(fee.fee), uuid });
  }

  async validateTakerFee(tx: SwapTx, fee: DexFeePayment, senderPubkey: Uint8Array, minBlock: number): Promise<void> {
    this.alive();
    const t = decode(tx.txHex);
    const at = this.chain.mined.get(tx.txHash);
    if (at === undefined) throw new SwapValidationError('fee tx not on chain');
    // Mined in the block after its broadcast, once one came.
    if (this.chain.height() > at && at + 1 <= minBlock) throw earlyFeeError(tx.txHash, at + 1, minBlock);
    if (t.kind !== 'fee' || t.sender !== bytesToHex(senderPubkey)) throw new SwapValidationError('not a fee of the taker');
    if (fromExact(t.amount).lt(fee.fee)) throw new SwapValidationError('fee too small');
  }

  async sendPayment(terms: HtlcTerms): Promise<SwapTx> {
    this.alive();
    const t = this.options.tamper?.(terms) ?? terms;
    const tx = {
      kind: 'payment' as const,
      sender: this.me,
      receiver: bytesToHex(t.receiverPubkey),
      secretHash: bytesToHex(t.secretHash),
      timeLock: t.timeLock,
      amount: exact(t.amount),
      nonce: this.chain.nextNonce(),
    };
    this.chain.credit(this.me, t.amount.neg());
    const id = encode(tx);
    this.chain.htlcs.set(id.txHash, { tx, outcome: null });
    return this.send(tx);
  }

  async validatePayment(tx: SwapTx, terms: HtlcTerms): Promise<void> {
    this.alive();
    const htlc = this.chain.htlcs.get(tx.txHash);
    if (!htlc || !this.chain.mined.has(tx.txHash)) throw new SwapValidationError('payment not on chain');
    if (this.options.validatesMinedOnly && this.chain.height() - this.chain.mined.get(tx.txHash)! < 1) throw new SwapValidationError('payment not mined yet');
    const p = htlc.tx;
    if (p.sender !== bytesToHex(terms.senderPubkey) || p.receiver !== bytesToHex(terms.receiverPubkey)) throw new SwapValidationError('wrong keys');
    if (p.secretHash !== bytesToHex(terms.secretHash)) throw new SwapValidationError('wrong secret hash');
    if (p.timeLock !== terms.timeLock) throw new SwapValidationError('wrong lock time');
    if (!fromExact(p.amount).eq(terms.amount)) throw new SwapValidationError('wrong amount');
  }

  async spendPayment(payment: SwapTx, terms: HtlcTerms, secret: Uint8Array): Promise<SwapTx> {
    this.alive();
    const htlc = this.chain.htlcs.get(payment.txHash);
    if (!htlc || htlc.outcome) throw new SwapValidationError('payment is not spendable');
    if (htlc.tx.receiver !== this.me) throw new SwapValidationError('not my payment to spend');
    if (bytesToHex(secretHash(secret)) !== htlc.tx.secretHash) throw new SwapValidationError('wrong secret');
    const tx = { kind: 'spend' as const, payment: payment.txHash, secret: bytesToHex(secret) };
    htlc.outcome = { type: 'Spent', tx: encode(tx), secret };
    this.chain.credit(this.me, fromExact(htlc.tx.amount));
    return this.send(tx);
  }

  async refundPayment(payment: SwapTx): Promise<SwapTx> {
    this.alive();
    const htlc = this.chain.htlcs.get(payment.txHash);
    if (!htlc || htlc.outcome) throw new SwapValidationError('payment is not refundable');
    if (htlc.tx.sender !== this.me) throw new SwapValidationError('not my payment to refund');
    if (!(await this.canRefund(htlc.tx.timeLock))) throw new SwapValidationError('lock time not reached');
    const tx = { kind: 'refund' as const, payment: payment.txHash, nonce: this.refundNonce() };
    htlc.outcome = { type: 'Refunded', tx: encode(tx) };
    this.chain.credit(this.me, fromExact(htlc.tx.amount));
    return this.send(tx);
  }

  /** What makes one refund's bytes differ from another's. */
  protected refundNonce(): number {
    return this.chain.nextNonce();
  }

  async canRefund(timeLock: number): Promise<boolean> {
    this.alive();
    return Math.floor(this.chain.clock.now() / 1000) >= timeLock;
  }

  async findPaymentOutcome(payment: SwapTx): Promise<HtlcOutcome | null> {
    this.alive();
    this.options.onRead?.('findPaymentOutcome');
    return this.chain.htlcs.get(payment.txHash)?.outcome ?? null;
  }

  extractSecret(spend: SwapTx, hash: Uint8Array): Uint8Array {
    const t = decode(spend.txHex);
    if (t.kind !== 'spend') throw new SwapValidationError('not a spend');
    const secret = hexToBytes(t.secret);
    if (bytesToHex(secretHash(secret)) !== bytesToHex(hash)) throw new SwapValidationError('secret does not match');
    return secret;
  }

  txFromBytes(raw: Uint8Array): SwapTx {
    const id = { txHex: bytesToHex(raw), txHash: bytesToHex(sha256(raw)) };
    decode(id.txHex);
    return id;
  }

  async checkIfMyPaymentSent(terms: HtlcTerms): Promise<SwapTx | null> {
    this.alive();
    this.options.onRead?.('checkIfMyPaymentSent');
    for (const [hash, h] of this.chain.htlcs) {
      const p = h.tx;
      if (p.sender === this.me && p.secretHash === bytesToHex(terms.secretHash) && p.timeLock === terms.timeLock) return { txHex: encode(p).txHex, txHash: hash };
    }
    return null;
  }

  async confirmations(txHash: string): Promise<number | null> {
    this.alive();
    this.options.onRead?.('confirmations');
    const at = this.chain.mined.get(txHash);
    return at === undefined ? null : this.chain.height() - at;
  }

  async currentBlock(): Promise<number> {
    this.alive();
    return this.chain.height();
  }

  onNewBlock(listener: () => void): () => void {
    return this.options.silentBlocks ? () => undefined : this.chain.nextBlock(listener);
  }
}

/**
 * Swap operations of a coin watchers can serve: the taker's preimages, as fake transactions. Its
 * own refund is the refund preimage byte for byte, as a UTXO coin's is at a fixed fee rate once the
 * chain's median time is one past the lock.
 */
export class WatchableFakeSwapOps extends FakeSwapOps {
  async makerPaymentSpendPreimage(payment: SwapTx): Promise<SwapTx> {
    return encode({ kind: 'spendPreimage', payment: payment.txHash, signer: bytesToHex(this.htlcPubkey) });
  }

  async takerPaymentRefundPreimage(payment: SwapTx): Promise<SwapTx> {
    return encode({ kind: 'refund', payment: payment.txHash, nonce: 0 });
  }

  protected override refundNonce(): number {
    return 0;
  }
}
