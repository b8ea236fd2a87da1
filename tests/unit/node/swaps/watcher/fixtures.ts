/**
 * A swap as a KDF taker hands it to watchers, on a fake UTXO chain: the taker's fee (nLockTime now,
 * as KDF's `transaction_preimage`), both HTLC payments, and the two preimages built the way KDF's
 * `create_*_preimage` builds them (one input, one output to the taker, the spend's scriptSig
 * `<sig> <redeem>`, the refund's `<sig> OP_1 <redeem>`), signed with the taker's key. The fake chain
 * answers only what it was given and counts every request, so a test can assert "no chain call".
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Transaction } from 'bitcoinjs-lib';
import { parseCoinsConfig, type CoinConfig } from '../../../../../src/node/coins/config';
import type { SwapOps } from '../../../../../src/node/coins/swapOps';
import { buildHtlcSpend } from '../../../../../src/node/coins/utxo/swap/htlcSpend';
import { DEX_FEE_SCRIPT } from '../../../../../src/node/coins/utxo/swap/takerFee';
import { UtxoWatcherOps } from '../../../../../src/node/coins/utxo/swap/watcherOps';
import { electrumScripthash } from '../../../../../src/node/coins/utxo/scripthash';
import { coinTxFormat, p2pkhScript, p2shScript } from '../../../../../src/node/coins/utxo/tx';
import { HTLC_REFUND_SEQUENCE, HTLC_SPEND_SEQUENCE, htlcRedeemScript, htlcRefundScriptSig } from '../../../../../src/node/coins/utxo/tx/scripts/htlc';
import { signLegacyScriptInput } from '../../../../../src/node/coins/utxo/tx/sign';
import type { UtxoCoinView } from '../../../../../src/node/coins/utxo/utxoCoinView';
import { hash160, hexToBytes, keyPairFromPrivkey, type KeyPair } from '../../../../../src/node/crypto';
import { encodeWatcherMsg, type TakerSwapWatcherData } from '../../../../../src/node/swaps/watcher/message';

const COINS = parseCoinsConfig(JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../../public/coins.json'), 'utf8'))).coins;
export const coinConfig = (ticker: string): CoinConfig => COINS.get(ticker)!;

export const TAKER = keyPairFromPrivkey(hexToBytes('11'.repeat(32)));
export const MAKER = keyPairFromPrivkey(hexToBytes('22'.repeat(32)));
export const STRANGER = keyPairFromPrivkey(hexToBytes('33'.repeat(32)));
export const SECRET = hexToBytes('5e'.repeat(32));
export const SECRET_HASH = hash160(SECRET);
/** The conf's payment_locktime of the watcher in these tests. */
export const LOCK = 7800;
export const STARTED_AT = 1_750_000_000;
export const PAYMENT_SAT = 100_000_000n;
const PREIMAGE_FEE = 1_000n;

const OP_PUSHDATA1 = 0x4c;
const push = (b: Uint8Array): number[] => (b.length <= 75 ? [b.length, ...b] : [OP_PUSHDATA1, b.length, ...b]);

/** A fake UTXO chain: transactions by id with their confirmations, HTLC histories, headers' times. */
export class FakeChain {
  readonly txs = new Map<string, { hex: string; confirmations: number }>();
  readonly histories = new Map<string, string[]>();
  readonly broadcasts: string[] = [];
  calls = 0;
  height = 1000;
  /** The last 11 headers' times: their median is the chain's MTP. */
  mtp = STARTED_AT;
  private readonly blockListeners = new Set<() => void>();

  add(tx: Transaction, confirmations = 1): void {
    const txid = tx.getId();
    this.txs.set(txid, { hex: tx.toHex(), confirmations });
    for (const out of tx.outs) this.index(out.script, txid);
    for (const input of tx.ins) {
      const spent = this.txs.get(Buffer.from(input.hash).reverse().toString('hex'));
      const out = spent && Transaction.fromHex(spent.hex).outs[input.index];
      if (out) this.index(out.script, txid);
    }
  }

  mine(): void {
    this.height++;
    for (const t of this.txs.values()) t.confirmations++;
    for (const l of [...this.blockListeners]) l();
  }

  private index(script: Uint8Array, txid: string): void {
    const sh = electrumScripthash(script);
    const list = this.histories.get(sh) ?? [];
    if (!list.includes(txid)) list.push(txid);
    this.histories.set(sh, list);
  }

  view(ticker: string): UtxoCoinView {
    const config = coinConfig(ticker);
    const count = <T>(v: T): T => {
      this.calls++;
      return v;
    };
    const api = {
      rawTransaction: async (txid: string) => count(this.txs.get(txid)?.hex ?? null),
      rawTransactions: async (ids: string[]) => count(ids.map((id) => this.txs.get(id)!.hex)),
      confirmations: async (txid: string) => count(this.txs.get(txid)?.confirmations ?? null),
      history: async (sh: string) => count((this.histories.get(sh) ?? []).map((txHash) => ({ txHash, height: this.txs.get(txHash)!.confirmations > 0 ? 1 : 0 }))),
      headerTimes: async (_start: number, n: number) => count(Array.from({ length: Math.min(n, 11) }, () => this.mtp)),
    };
    const height = (): number => this.height;
    return {
      ticker,
      config,
      utxo: config.utxo!,
      txFormat: coinTxFormat(config),
      decimals: 8,
      get height() {
        return height();
      },
      api,
      sendRawTransaction: async (hex: string) => {
        this.calls++;
        const tx = Transaction.fromHex(hex);
        this.broadcasts.push(hex);
        this.add(tx, 0);
        return tx.getId();
      },
      nowSec: () => Math.floor(Date.now() / 1000),
    } as unknown as UtxoCoinView;
  }

  blocks(): Pick<SwapOps, 'onNewBlock'> {
    return {
      onNewBlock: (l) => {
        this.blockListeners.add(l);
        return () => this.blockListeners.delete(l);
      },
    };
  }

  ops(ticker: string): UtxoWatcherOps {
    return new UtxoWatcherOps(this.view(ticker), this.blocks());
  }
}

/** A transaction whose one input is signed `<sig> <key>` by `key` (a P2PKH spend), paying `outs`. */
export function walletTx(key: KeyPair, outs: { script: Uint8Array; value: bigint }[], lockTime = 0, seed = 1): Transaction {
  const tx = new Transaction();
  tx.version = 2;
  tx.locktime = lockTime;
  tx.addInput(new Uint8Array(32).fill(seed), 0, 0xffffffff);
  for (const o of outs) tx.addOutput(o.script, o.value);
  const sig = signLegacyScriptInput(tx, 0, key, p2pkhScript(hash160(key.publicKey)), 0n);
  tx.setInputScript(0, Uint8Array.of(...push(sig), ...push(key.publicKey)));
  return tx;
}

export interface SwapParts {
  fee: Transaction;
  takerPayment: Transaction;
  makerPayment: Transaction;
  refundPreimage: Transaction;
  spendPreimage: Transaction;
  takerRedeem: Uint8Array;
  makerRedeem: Uint8Array;
  data: TakerSwapWatcherData;
  payload: Uint8Array;
}

export interface SwapOptions {
  startedAt?: number;
  lockDuration?: number;
  /** Who signs the preimages (the taker unless a test forges them). */
  preimageKey?: KeyPair;
  /** Where the preimages pay (the taker's P2PKH unless a test forges them). */
  payTo?: Uint8Array;
  /** The maker payment's lock (started + 2 × lock unless a test moves it). */
  makerLock?: number;
  takerCoin?: string;
  makerCoin?: string;
  uuid?: string;
}

/** The taker's transactions and its watcher message, as a KDF taker makes them after `TakerPaymentSent`. */
export async function kdfTakerSwap(o: SwapOptions = {}): Promise<SwapParts> {
  const startedAt = o.startedAt ?? STARTED_AT;
  const lockDuration = o.lockDuration ?? LOCK;
  const takerCoin = o.takerCoin ?? 'RLTC1';
  const makerCoin = o.makerCoin ?? 'RLTC2';
  const signer = o.preimageKey ?? TAKER;
  const payTo = o.payTo ?? p2pkhScript(hash160(TAKER.publicKey));
  const takerLock = startedAt + lockDuration;
  const makerLock = o.makerLock ?? startedAt + lockDuration * 2;
  const takerRedeem = htlcRedeemScript({ locktime: takerLock, senderPubkey: TAKER.publicKey, secretHash: SECRET_HASH, receiverPubkey: MAKER.publicKey });
  const makerRedeem = htlcRedeemScript({ locktime: makerLock, senderPubkey: MAKER.publicKey, secretHash: SECRET_HASH, receiverPubkey: TAKER.publicKey });
  const fee = walletTx(TAKER, [{ script: DEX_FEE_SCRIPT, value: 100_000n }], startedAt + 5, 1);
  const takerPayment = walletTx(TAKER, [{ script: p2shScript(hash160(takerRedeem)), value: PAYMENT_SAT }], startedAt + 10, 2);
  const makerPayment = walletTx(MAKER, [{ script: p2shScript(hash160(makerRedeem)), value: PAYMENT_SAT }], startedAt + 8, 3);
  const sign = (tx: Transaction, index: number, scriptCode: Uint8Array, value: bigint): Promise<Uint8Array> => Promise.resolve(signLegacyScriptInput(tx, index, signer, scriptCode, value));
  const refundPreimage = await buildHtlcSpend({
    payment: takerPayment,
    redeem: takerRedeem,
    to: payTo,
    fee: PREIMAGE_FEE,
    format: coinTxFormat(coinConfig(takerCoin)),
    sequence: HTLC_REFUND_SEQUENCE,
    lockTime: takerLock,
    sign,
    scriptSig: (sig) => htlcRefundScriptSig(sig, takerRedeem),
  });
  const spendPreimage = await buildHtlcSpend({
    payment: makerPayment,
    redeem: makerRedeem,
    to: payTo,
    fee: PREIMAGE_FEE,
    format: coinTxFormat(coinConfig(makerCoin)),
    sequence: HTLC_SPEND_SEQUENCE,
    lockTime: makerLock,
    sign,
    scriptSig: (sig) => Uint8Array.of(...push(sig), ...push(makerRedeem)),
  });
  const data: TakerSwapWatcherData = {
    uuid: o.uuid ?? '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    secretHash: SECRET_HASH,
    makerPaymentSpendPreimage: spendPreimage.toBuffer(),
    takerPaymentRefundPreimage: refundPreimage.toBuffer(),
    swapStartedAt: startedAt,
    lockDuration,
    takerCoin,
    takerFeeHash: hexToBytes(fee.getId()),
    takerPaymentHash: hexToBytes(takerPayment.getId()),
    takerCoinStartBlock: 900,
    takerPaymentConfirmations: 1,
    takerPaymentRequiresNota: false,
    makerCoin,
    makerPub: MAKER.publicKey,
    makerPaymentHash: hexToBytes(makerPayment.getId()),
    makerCoinStartBlock: 800,
  };
  return { fee, takerPayment, makerPayment, refundPreimage, spendPreimage, takerRedeem, makerRedeem, data, payload: encodeWatcherMsg(data) };
}

/** The maker's spend of the taker payment, revealing the secret: `<sig> <secret> OP_0 <redeem>`. */
export function makerSpendsTakerPayment(parts: SwapParts): Transaction {
  const tx = new Transaction();
  tx.version = 2;
  tx.addInput(parts.takerPayment.getHash(), 0, 0xffffffff);
  tx.addOutput(p2pkhScript(hash160(MAKER.publicKey)), PAYMENT_SAT - 1000n);
  const sig = signLegacyScriptInput(tx, 0, MAKER, parts.takerRedeem, PAYMENT_SAT);
  tx.setInputScript(0, Uint8Array.of(...push(sig), ...push(SECRET), 0x00, ...push(parts.takerRedeem)));
  return tx;
}
