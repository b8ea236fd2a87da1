/**
 * One wallet on one EVM chain, shared by the platform coin and its tokens: the nodes (fail-over
 * provider), the key and address, the nonces and the tip. The platform coin owns it; its tokens
 * borrow it, so a token never opens connections of its own and never races the platform for a
 * nonce.
 */
import { ethAddress, type KeyPair } from '../../crypto';
import { EthChainApi } from './chainApi';
import type { LogFn } from './log';
import { NonceManager } from './nonce';
import { EthProvider } from './provider';
import { TipWatcher } from './tipWatcher';
import { decodeSignedTx, signLegacyTx } from './txCodec';
import { sameAddress } from './address';

export interface EthChainInit {
  urls: readonly string[];
  chainId: number;
  keyPair: KeyPair;
  pollMs: number;
  now(): number;
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
  readonly nonces: NonceManager;
  readonly tip: TipWatcher;

  constructor(init: EthChainInit) {
    this.api = new EthChainApi(new EthProvider({ urls: init.urls, chainId: init.chainId, onLog: init.log }));
    this.chainId = init.chainId;
    this.keyPair = init.keyPair;
    this.address = ethAddress(init.keyPair.publicKey);
    this.nonces = new NonceManager(() => this.api.transactionCount(this.address, 'pending'), init.now);
    this.tip = new TipWatcher(this.api, init.pollMs, init.log);
  }

  /** Broadcasts signed bytes (0x-less hex) and, if they are ours, records their nonce; resolves with the 0x-less hash. */
  async broadcast(hex: string): Promise<string> {
    const { from, nonce } = decodeSignedTx(hex);
    const hash = await this.api.sendRawTransaction(`0x${hex}`);
    if (sameAddress(from, this.address)) this.nonces.sent(nonce);
    return hash.slice(2).toLowerCase();
  }

  /** Signs and broadcasts a call from this wallet (swap contract calls, approvals); resolves with the 0x-less hash. */
  async send(call: OutgoingCall): Promise<string> {
    const value = call.value ?? 0n;
    const data = call.data ?? '0x';
    const gasPrice = call.gasPrice ?? (await this.api.gasPrice());
    const gas = call.gas ?? (await this.api.estimateGas({ from: this.address, to: call.to, value, data }));
    const nonce = await this.nonces.reserve();
    const signed = signLegacyTx({ chainId: this.chainId, nonce, gasPrice, gas, to: call.to, value, data }, this.keyPair.privateKey);
    return this.broadcast(signed.hex);
  }

  close(): void {
    this.tip.stop();
    this.api.provider.destroy();
  }
}
