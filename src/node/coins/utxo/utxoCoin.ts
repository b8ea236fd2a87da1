/**
 * A UTXO coin activated over Electrum: its address and script, balance (with immature coinbase
 * outputs set apart), withdraw and broadcast, swap fee estimates and swap transactions. Balance
 * changes pushed by the server are sent on as `coin_balance` events, so the UI never polls. The
 * wallet's unspent list and history are asked of the server only when its status hash changed.
 */
import type { Transaction } from 'bitcoinjs-lib';
import type { CoinBalance, EnabledCoin, TransactionDetails, TxHistoryView, WithdrawHooks, WithdrawRequest } from '../coin';
import type { CoinConfig, UtxoParams } from '../config';
import type { SwapOps } from '../swapOps';
import type { TradeFee, TradeFees } from '../tradeFee';
import { MmNumber } from '../../../shared/number';
import { bytesToHex, wifEncode, type KeyPair, type NodeKeys } from '../../crypto';
import type { AddressCheck, AddressFormats } from '../capabilities/addressFormats';
import type { ChainHeight } from '../capabilities/chainHeight';
import type { ChangeSignal } from '../capabilities/changeSignal';
import type { HdAccountsHolder } from '../capabilities/hdAccounts';
import type { LegacyTradeFee } from '../capabilities/legacyTradeFee';
import type { MedianTimePast } from '../capabilities/medianTimePast';
import type { MessageSigner } from '../capabilities/messageSigner';
import { asTransport, rawTxError, readTxHash, type RawTransactions } from '../capabilities/rawTransactions';
import type { ShutdownHooks } from '../capabilities/shutdownHooks';
import type { WalletKey } from '../capabilities/walletKey';
import { coinError } from '../coinErrors';
import { recoverUtxoSignerHash, signUtxoMessage, utxoMessageHash } from '../messageSigning';
import { checkedUtxoAddress, convertUtxoAddress, validateUtxoAddress } from './addressFormats';
import { coinFeeRate } from './feeRate';
import { sameBytes } from './swap/bytes';
import { myAddress, decodeAddress } from './address';
import type { ElectrumClient } from './electrum';
import { ElectrumApi, type HistoryItem } from './electrumApi';
import { ScriptStatusCache } from './scriptStatusCache';
import { electrumScripthash } from './scripthash';
import { outpointKey, OwnBroadcasts } from './ownBroadcasts';
import type { UtxoSigner } from './signer';
import { parseTx, satToDecimal, txFormat, type InputKind, type SignedTx, type TxFormat, type TxPlan, type Unspent } from './tx';
import type { UtxoCoinView } from './utxoCoinView';
import type { UtxoHdWallet } from './hdWallet';
import { buildWithdraw } from './withdraw';
import { HdSenderView } from './hdSender';
import { unexpectedFromAddress } from '../withdrawErrors';
import { UtxoTradeFees } from './tradeFee';
import { UtxoSwapOps } from './swapOps';

export interface UtxoCoinInit {
  config: CoinConfig;
  signer: UtxoSigner;
  electrum: ElectrumClient;
  requiredConfirmations: number;
  requiresNotarization: boolean;
  emit(event: string, data: unknown): void;
  now(): number;
}

export const BALANCE_EVENT = 'coin_balance';

/** A UTXO coin, with the capabilities of its family (capabilities/). */
export class UtxoCoin
  implements
    EnabledCoin,
    UtxoCoinView,
    ChainHeight,
    MedianTimePast,
    RawTransactions,
    AddressFormats,
    WalletKey,
    MessageSigner,
    LegacyTradeFee,
    HdAccountsHolder,
    ChangeSignal,
    ShutdownHooks
{
  readonly ticker: string;
  readonly config: CoinConfig;
  readonly utxo: UtxoParams;
  readonly decimals: number;
  readonly requiredConfirmations: number;
  readonly requiresNotarization: boolean;
  readonly matureConfirmations: number;
  readonly address: string;
  readonly script: Uint8Array;
  readonly scripthash: string;
  readonly inputKind: InputKind;
  readonly api: ElectrumApi;
  history: TxHistoryView | null = null;
  /** The HD wallet's accounts and addresses beside the enabled one; null for an iguana wallet or a Trezor. */
  hdWallet: UtxoHdWallet | null = null;
  readonly tradeFees: TradeFees = new UtxoTradeFees(this);
  readonly swapOps: SwapOps = new UtxoSwapOps(this);
  /** Our sends the server has not shown yet: their inputs kept out of selection, their change in. */
  private readonly ownBroadcasts = new OwnBroadcasts();
  /** The wallet script's unspent list and history, kept while its status is unchanged. */
  private readonly walletReads = new ScriptStatusCache(() => this.api.isScripthashLive(this.scripthash));
  /** Whether a transaction is a coinbase never changes, so the answer is kept. */
  private readonly coinbase = new Map<string, boolean>();
  private tipHeight = 0;

  /** Checked when first read, so a coin whose Zcash parameters are wrong still activates (and fails where it reads a transaction). */
  get txFormat(): TxFormat {
    return txFormat(this.utxo, this.ticker);
  }
  private lastBalance: CoinBalance | null = null;
  private readonly listeners: (() => void)[] = [];
  private readonly disposers: (() => void)[] = [];

  constructor(private readonly init: UtxoCoinInit) {
    const utxo = init.config.utxo;
    if (!utxo) throw new Error(`${init.config.ticker} has no UTXO parameters`);
    this.ticker = init.config.ticker;
    this.config = init.config;
    this.utxo = utxo;
    this.decimals = init.config.decimals ?? 8;
    this.requiredConfirmations = init.requiredConfirmations;
    this.requiresNotarization = init.requiresNotarization;
    this.matureConfirmations = utxo.matureConfirmations;
    this.address = myAddress(init.config, init.signer.publicKey);
    const decoded = decodeAddress(init.config, this.address);
    this.script = decoded.script;
    this.inputKind = decoded.kind === 'p2wpkh' ? 'p2wpkh' : 'p2pkh';
    this.scripthash = electrumScripthash(this.script);
    this.api = new ElectrumApi(init.electrum);
  }

  /** The coin's Electrum connection, which a QRC20 token also asks its contract calls of. */
  get electrum(): ElectrumClient {
    return this.init.electrum;
  }

  get signer(): UtxoSigner {
    return this.init.signer;
  }

  async sign(plan: TxPlan, hooks: WithdrawHooks = {}): Promise<SignedTx> {
    return this.init.signer.sign(plan, {
      config: this.config,
      inputKind: this.inputKind,
      prevTxHexes: () => this.api.rawTransactions(plan.inputs.map((u) => u.txid)),
      onFollowDevice: () => hooks.onFollowDevice?.(),
      task: hooks.task,
      signal: hooks.signal,
    });
  }

  /** Follows the chain tip and the wallet's script; call once after construction. */
  async start(): Promise<void> {
    const tip = await this.api.subscribeHeaders((t) => {
      this.tipHeight = t.height;
      this.notify();
    });
    this.tipHeight = tip.height;
    const status = await this.api.subscribeScripthash(this.scripthash, (s) => {
      this.walletReads.setStatus(s);
      this.notify();
    });
    this.walletReads.setStatus(status);
  }

  /** The wallet script's history, asked of the server only when its status changed. */
  walletHistory(): Promise<HistoryItem[]> {
    return this.walletReads.read('history', () => this.api.historyAtSubscriber(this.scripthash));
  }

  /** Runs `listener` on every change of the wallet's script or a new block. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  get height(): number {
    return this.tipHeight;
  }

  nowSec(): number {
    return Math.floor(this.init.now() / 1000);
  }

  /** Unspent outputs the wallet may spend now: not spent by our own broadcasts, not immature. */
  async spendableUnspents(): Promise<Unspent[]> {
    const { spendable } = await this.classifiedUnspents();
    return spendable;
  }

  async balance(): Promise<CoinBalance> {
    const { spendable, immature } = await this.classifiedUnspents();
    const sum = (list: Unspent[]) => list.reduce((a, u) => a + u.value, 0n);
    return { spendable: sum(spendable), unspendable: sum(immature) };
  }

  /** From the enabled address, or from the HD address `req.from` names (its outputs, its key, change back to it). */
  async withdraw(req: WithdrawRequest, hooks: WithdrawHooks = {}): Promise<TransactionDetails> {
    if (req.from) {
      if (!this.hdWallet) {
        throw unexpectedFromAddress(
          this.signer.kind === 'hardware'
            ? `'from' is not supported for ${this.ticker} held by a hardware wallet: this node spends from its enabled address only`
            : "'from' is not supported if the coin is initialized with an Iguana private key",
        );
      }
      const sender = this.hdWallet.sender(req.from);
      if (sender.address !== this.address) {
        const view = new HdSenderView(this, sender.keyPair);
        return buildWithdraw(view, req, await view.spendableUnspents(), hooks);
      }
    }
    return buildWithdraw(this, req, await this.spendableUnspents(), hooks);
  }

  async sendRawTransaction(txHex: string): Promise<string> {
    const txid = await this.api.broadcast(txHex);
    this.recordBroadcast(txid, txHex);
    this.walletReads.invalidate();
    this.notify();
    return txid;
  }

  /** Something to stop with the coin (a timer loop, a history sync). */
  addDisposer(dispose: () => void): void {
    this.disposers.push(dispose);
  }

  /** KDF's Electrum `get_median_time_past`: the headers of `mtp_block_count` blocks ending at the tip. */
  mtpHeaderTimes(): Promise<number[]> {
    const count = this.utxo.mtpBlockCount;
    const tip = this.tipHeight;
    return this.api.headerTimes(tip <= count ? 0 : tip - count + 1, count);
  }

  async rawTransactionHex(txHash: string): Promise<string> {
    const txid = readTxHash(txHash);
    const hex = await this.api.rawTransaction(txid).catch((e: unknown) => Promise.reject(asTransport(e)));
    // KDF answers an unknown UTXO transaction with the Electrum server's error, as Transport.
    if (hex === null) throw rawTxError.transport(`the Electrum server does not know transaction ${txid}`);
    return hex.toLowerCase();
  }

  validateAddress(address: string): AddressCheck {
    return validateUtxoAddress(this, address);
  }

  convertAddress(from: string, rawFormat: unknown): string {
    return convertUtxoAddress(this, from, rawFormat);
  }

  activatedKey(keys: NodeKeys | null): KeyPair | null {
    if (this.signer.kind === 'hardware' || !keys) return null;
    const key = keys.coinKeyPair(this.config.derivationPath);
    // The activation took this same key; a mismatch would sign for an address that is not the coin's.
    if (!sameBytes(key.publicKey, this.signer.publicKey)) throw coinError.internal(`${this.ticker}: the activated key is not the wallet's key`);
    return key;
  }

  privKeyText(key: KeyPair): string {
    return wifEncode(key.privateKey, this.utxo.wiftype);
  }

  signMessagePrefix(): string | undefined {
    return this.config.signMessagePrefix;
  }

  signMessage(prefix: string, message: string, privateKey: Uint8Array): string {
    return signUtxoMessage(utxoMessageHash(prefix, message), privateKey);
  }

  /** The signer's key hash against the address's: the same signature verifies for the key's P2PKH and P2WPKH address. */
  verifyMessage(prefix: string, message: string, signature: string, address: string): boolean {
    const signer = recoverUtxoSignerHash(signature, utxoMessageHash(prefix, message));
    return sameBytes(signer, checkedUtxoAddress(this, address).hash);
  }

  /** KDF's utxo `get_trade_fee`: the fee rate per kB (the coin's `txfee`, or the server's estimate). */
  async legacyTradeFee(): Promise<TradeFee> {
    const rate = await coinFeeRate(this.utxo, this.decimals, this.api);
    return { coin: this.ticker, amount: MmNumber.fromBaseUnits(rate.satPerKb, this.decimals), paidFromTradingVol: false };
  }

  async shutdown(): Promise<void> {
    this.listeners.length = 0;
    for (const dispose of this.disposers.splice(0)) dispose();
    await this.init.electrum.close();
  }

  /** What our broadcast spent leaves coin selection at once, and its change comes in. */
  private recordBroadcast(txid: string, txHex: string): void {
    let tx: Transaction;
    try {
      tx = parseTx(txHex, this.txFormat);
    } catch {
      return; // Not parseable by us (another coin's format): the server's listing will catch up.
    }
    const spends = tx.ins.map((input) => ({ txid: bytesToHex(Uint8Array.from(input.hash).reverse()), vout: input.index }));
    const mine = bytesToHex(this.script);
    const change = tx.outs.flatMap((out, vout) => (bytesToHex(out.script) === mine ? [{ vout, value: out.value }] : []));
    this.ownBroadcasts.add(txid, spends, change);
  }

  private async classifiedUnspents(): Promise<{ spendable: Unspent[]; immature: Unspent[] }> {
    return this.classify(await this.walletReads.read('unspent', () => this.api.listUnspentAtSubscriber(this.scripthash)));
  }

  /**
   * Of outputs listed for any address of the wallet: those our own broadcasts have not spent, split
   * into spendable and immature coinbase (which the chain refuses to see spent yet).
   */
  async classify(listed: Unspent[]): Promise<{ spendable: Unspent[]; immature: Unspent[] }> {
    const fresh = this.ownBroadcasts.apply(listed);
    const young = fresh.filter((u) => u.height > 0 && this.tipHeight - u.height + 1 < this.matureConfirmations);
    await this.learnCoinbase([...new Set(young.map((u) => u.txid))]);
    const immature = young.filter((u) => this.coinbase.get(u.txid) === true);
    const immatureKeys = new Set(immature.map((u) => outpointKey(u.txid, u.vout)));
    return { spendable: fresh.filter((u) => !immatureKeys.has(outpointKey(u.txid, u.vout))), immature };
  }

  private async learnCoinbase(txids: string[]): Promise<void> {
    const unknown = txids.filter((id) => !this.coinbase.has(id));
    const hexes = await this.api.rawTransactions(unknown);
    unknown.forEach((id, i) => this.coinbase.set(id, parseTx(hexes[i] ?? '', this.txFormat).isCoinbase()));
  }

  private notify(): void {
    for (const l of this.listeners) l();
    void this.balance()
      .then((b) => {
        if (this.lastBalance && b.spendable === this.lastBalance.spendable && b.unspendable === this.lastBalance.unspendable) return;
        this.lastBalance = b;
        this.init.emit(BALANCE_EVENT, {
          coin: this.ticker,
          balance: satToDecimal(b.spendable, this.decimals),
          unspendable_balance: satToDecimal(b.unspendable, this.decimals),
        });
      })
      .catch(() => undefined);
  }
}
