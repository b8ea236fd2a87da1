/**
 * One wallet on one EVM chain, shared by the platform coin and its tokens: the nodes (fail-over
 * provider), the key and address, the nonces and the tip. The platform coin owns it; its tokens
 * borrow it, so a token never opens connections of its own and never races the platform for a
 * nonce: every transaction of the wallet leaves through `broadcast` or `signAndSend`, one at a
 * time (nonce.ts).
 */
import { ethAddress, type KeyPair } from '../../crypto';
import { EthChainApi } from './chainApi';
import type { LogFn } from './log';
import { NonceNotNextError, WalletNonces } from './nonce';
import { EthProvider } from './provider';
import { TipWatcher } from './tipWatcher';
import { decodeSignedTx, signLegacyTx, type SignedTx } from './txCodec';
import { sameAddress } from './address';

export interface EthChainInit {
  urls: readonly string[];
  chainId: number;
  keyPair: KeyPair;
  pollMs: number;
  log: LogFn;
}

/** A contract call or transfer to sign and send; gas is estimated and priced by the node unless given. */
export interface OutgoingCall {
  to: string;
  value?: bigint;
  data?: string;
  gas?: bigint;
  gasPrice?: bigint;
}

export class EthChain {
  readonly api: EthChainApi;
  readonly chainId: number;
  readonly keyPair: KeyPair;
  /** EIP-55. */
  readonly address: string;
  readonly nonces: WalletNonces;
  readonly tip: TipWatcher;

  constructor(init: EthChainInit) {
    this.api = new EthChainApi(new EthProvider({ urls: init.urls, chainId: init.chainId, onLog: init.log }));
    this.chainId = init.chainId;
    this.keyPair = init.keyPair;
    this.address = ethAddress(init.keyPair.publicKey);
    this.nonces = new WalletNonces(() => this.api.transactionCount(this.address, 'pending'));
    this.tip = new TipWatcher(this.api, init.pollMs, init.log);
  }

  /**
   * Broadcasts signed bytes (0x-less hex); resolves with the 0x-less hash. A transaction of this
   * wallet goes out in the wallet's send queue and only with the next nonce (NonceNotNextError
   * otherwise), so a withdraw sent twice, or sent after another send took its nonce, fails here
   * instead of waiting in the node's queue behind a gap.
   */
  broadcast(hex: string): Promise<string> {
    const { from, nonce } = decodeSignedTx(hex);
    if (!sameAddress(from, this.address)) return this.sendRaw(hex);
    return this.nonces.exclusive((next) => {
      if (nonce !== next) throw new NonceNotNextError(nonce, next);
      return this.sendRaw(hex);
    });
  }

  /** Signs with the wallet's next nonce and broadcasts, in the wallet's send queue (swap steps, approvals). */
  signAndSend(sign: (nonce: number) => SignedTx): Promise<{ txHex: string; txHash: string }> {
    return this.nonces.exclusive(async (nonce) => {
      const signed = sign(nonce);
      return { txHex: signed.hex, txHash: await this.sendRaw(signed.hex) };
    });
  }

  /** Signs and broadcasts a call from this wallet (the swap contract's calls); resolves with the 0x-less hash. */
  async send(call: OutgoingCall): Promise<string> {
    const value = call.value ?? 0n;
    const data = call.data ?? '0x';
    const gasPrice = call.gasPrice ?? (await this.api.gasPrice());
    const gas = call.gas ?? (await this.api.estimateGas({ from: this.address, to: call.to, value, data }));
    const sent = await this.signAndSend((nonce) =>
      signLegacyTx({ chainId: this.chainId, nonce, gasPrice, gas, to: call.to, value, data }, this.keyPair.privateKey),
    );
    return sent.txHash;
  }

  private async sendRaw(hex: string): Promise<string> {
    const hash = await this.api.sendRawTransaction(`0x${hex}`);
    return hash.slice(2).toLowerCase();
  }

  close(): void {
    this.tip.stop();
    this.api.provider.destroy();
  }
}
