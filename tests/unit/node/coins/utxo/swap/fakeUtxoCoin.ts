/**
 * A UTXO coin for SwapOps unit tests: RLTC1's config, a real software key, a wallet of given
 * unspents (those spent by a broadcast leave it), and an Electrum stand-in holding a scripted
 * chain: raw transactions by id, script histories, header times.
 */
import { readFileSync } from 'node:fs';
import { Transaction } from 'bitcoinjs-lib';
import { parseCoinsConfig, type CoinConfig, type UtxoParams } from '../../../../../../src/node/coins/config';
import type { ElectrumApi, HistoryItem } from '../../../../../../src/node/coins/utxo/electrumApi';
import { softwareSigner, type UtxoSigner } from '../../../../../../src/node/coins/utxo/signer';
import { p2pkhScript, txFormat, type TxFormat, type TxPlan, type Unspent } from '../../../../../../src/node/coins/utxo/tx';
import type { UtxoCoinView } from '../../../../../../src/node/coins/utxo/utxoCoinView';
import { hash160, keyPairFromPrivkey, type KeyPair } from '../../../../../../src/node/crypto';

export const RLTC1: CoinConfig = (() => {
  const { coins } = parseCoinsConfig(JSON.parse(readFileSync(new URL('../../../../../../public/coins.json', import.meta.url), 'utf8')));
  return coins.get('RLTC1')!;
})();

export const keyOf = (seed: number): KeyPair => keyPairFromPrivkey(Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? seed : 1)));

/** The chain as the fake Electrum server knows it. */
export class FakeChain {
  readonly txs = new Map<string, string>();
  readonly histories = new Map<string, HistoryItem[]>();
  /** Header timestamps by height. */
  headerTimes: number[] = [];
  rawFetches = 0;
  /** `blockchain.relayfee`, coins per kB. */
  relayFee = 0.00001;

  add(hex: string): string {
    const id = Transaction.fromHex(hex).getId();
    this.txs.set(id, hex);
    return id;
  }

  api(): ElectrumApi {
    const api: Partial<ElectrumApi> = {
      history: async (sh) => this.histories.get(sh) ?? [],
      rawTransactions: async (ids) => {
        this.rawFetches += ids.length;
        return ids.map((id) => this.txs.get(id) ?? '');
      },
      rawTransaction: async (id) => this.txs.get(id) ?? null,
      confirmations: async (id) => (this.txs.has(id) ? 1 : null),
      headerTimes: async (start, count) => this.headerTimes.slice(start, start + count),
      estimateFee: async () => -1,
      relayFee: async () => this.relayFee,
    };
    return api as ElectrumApi;
  }
}

export class FakeUtxoCoin implements UtxoCoinView {
  readonly ticker = 'RLTC1';
  readonly config: CoinConfig;
  readonly utxo: UtxoParams;
  readonly decimals = 8;
  readonly address = 'unused';
  readonly script: Uint8Array;
  readonly scripthash = 'unused';
  readonly inputKind = 'p2pkh' as const;
  readonly signer: UtxoSigner;
  readonly api: ElectrumApi;
  readonly broadcasts: string[] = [];
  private readonly spent = new Set<string>();

  /** The node's clock, unix seconds. */
  now = 1_700_000_000;

  nowSec(): number {
    return this.now;
  }

  get txFormat(): TxFormat {
    return txFormat(this.utxo, this.ticker);
  }

  constructor(
    readonly key: KeyPair,
    readonly chain: FakeChain,
    private readonly unspents: Unspent[] = [],
    signer?: UtxoSigner,
    config: CoinConfig = RLTC1,
  ) {
    this.config = config;
    this.utxo = config.utxo!;
    this.signer = signer ?? softwareSigner(key);
    this.script = p2pkhScript(hash160(key.publicKey));
    this.api = chain.api();
  }

  get height(): number {
    return this.chain.headerTimes.length - 1;
  }

  async spendableUnspents(): Promise<Unspent[]> {
    await Promise.resolve();
    return this.unspents.filter((u) => !this.spent.has(`${u.txid}:${u.vout}`));
  }

  walletHistory(): Promise<HistoryItem[]> {
    return this.api.history(this.scripthash);
  }

  async sign(plan: TxPlan) {
    return this.signer.sign(plan, { config: this.config, inputKind: this.inputKind, prevTxHexes: async () => [], onFollowDevice: () => undefined });
  }

  async sendRawTransaction(hex: string): Promise<string> {
    const tx = Transaction.fromHex(hex);
    for (const input of tx.ins) this.spent.add(`${Buffer.from(input.hash).reverse().toString('hex')}:${input.index}`);
    this.broadcasts.push(hex);
    return this.chain.add(hex);
  }
}
