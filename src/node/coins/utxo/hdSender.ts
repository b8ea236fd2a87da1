/**
 * A withdraw `from` another address of the HD wallet (KDF's HD withdraw): the coin seen as that
 * address — its outputs, its script for the change, its key for the signatures — so that the
 * ordinary withdraw builds the transaction. Everything else (fees, chain tip, broadcast) is the
 * coin's.
 */
import type { WithdrawHooks } from '../coin';
import type { KeyPair } from '../../crypto';
import { decodeAddress, myAddress } from './address';
import { electrumScripthash } from './scripthash';
import { softwareSigner, type UtxoSigner } from './signer';
import type { InputKind, SignedTx, TxPlan, Unspent } from './tx';
import type { UtxoCoinView } from './utxoCoinView';

/** Sorts a wallet's listed outputs (UtxoCoin's `classify`), for any of its addresses. */
interface OutputClassifier {
  classify(listed: Unspent[]): Promise<{ spendable: Unspent[]; immature: Unspent[] }>;
}

export class HdSenderView implements UtxoCoinView {
  readonly address: string;
  readonly script: Uint8Array;
  readonly scripthash: string;
  readonly inputKind: InputKind;
  readonly signer: UtxoSigner;

  constructor(
    private readonly coin: UtxoCoinView & OutputClassifier,
    keyPair: KeyPair,
  ) {
    this.address = myAddress(coin.config, keyPair.publicKey);
    const decoded = decodeAddress(coin.config, this.address);
    this.script = decoded.script;
    this.inputKind = decoded.kind === 'p2wpkh' ? 'p2wpkh' : 'p2pkh';
    this.scripthash = electrumScripthash(this.script);
    this.signer = softwareSigner(keyPair);
  }

  get ticker() {
    return this.coin.ticker;
  }
  get config() {
    return this.coin.config;
  }
  get utxo() {
    return this.coin.utxo;
  }
  get txFormat() {
    return this.coin.txFormat;
  }
  get decimals() {
    return this.coin.decimals;
  }
  get api() {
    return this.coin.api;
  }
  get height() {
    return this.coin.height;
  }

  nowSec(): number {
    return this.coin.nowSec();
  }

  /**
   * The address's outputs as the server lists them (confirmed and in the mempool), as KDF spends an
   * HD address's, less what our own broadcasts spent and immature coinbase, as the enabled address's.
   */
  async spendableUnspents(): Promise<Unspent[]> {
    return (await this.coin.classify((await this.coin.api.listUnspentAtSubscriber(this.scripthash)).value)).spendable;
  }

  async walletHistory() {
    return this.coin.api.history(this.scripthash);
  }

  sign(plan: TxPlan, hooks: WithdrawHooks = {}): Promise<SignedTx> {
    return this.signer.sign(plan, {
      config: this.coin.config,
      inputKind: this.inputKind,
      prevTxHexes: () => this.coin.api.rawTransactions(plan.inputs.map((u) => u.txid)),
      onFollowDevice: () => hooks.onFollowDevice?.(),
      task: hooks.task,
      signal: hooks.signal,
    });
  }

  sendRawTransaction(txHex: string): Promise<string> {
    return this.coin.sendRawTransaction(txHex);
  }
}
