/**
 * Who signs a UTXO coin's transactions: the node's own key, or a hardware wallet reached through
 * the context. Coins never import the hardware adapter; they are handed a UtxoSigner.
 */
import type { Transaction } from 'bitcoinjs-lib';
import type { KeyPair } from '../../crypto';
import type { TaskHandle } from '../../core/tasks';
import type { CoinConfig } from '../config';
import { coinSighashScheme, signLegacyScriptInput, signTx, type InputKind, type SignedTx, type TxPlan } from './tx';

export interface SignContext {
  config: CoinConfig;
  inputKind: InputKind;
  /** Raw previous transactions of the plan's inputs, in input order (a hardware wallet checks them). */
  prevTxHexes(): Promise<string[]>;
  /** Called when the user must act on the device (KDF's FollowHwDeviceInstructions). */
  onFollowDevice(): void;
  /** The running task that signs: a hardware wallet asks the user for its PIN or passphrase through it. */
  task?: TaskHandle;
  signal?: AbortSignal;
}

export interface UtxoSigner {
  /** 'software' signers may be used unattended (UTXO merging); hardware ones need the user. */
  readonly kind: 'software' | 'hardware';
  /** The compressed public key of the wallet's address. */
  readonly publicKey: Uint8Array;
  sign(plan: TxPlan, ctx: SignContext): Promise<SignedTx>;
  /**
   * Signs non-witness input `index` of `tx`, which spends `value` sat, against `scriptCode` (an
   * HTLC redeem script), SIGHASH_ALL with `config`'s fork id (ZIP-243 for Zcash-layout transactions); returns DER + hashtype. Absent for
   * hardware wallets, which sign only their own scripts, so such coins cannot swap yet.
   */
  signScriptInput?(tx: Transaction, index: number, scriptCode: Uint8Array, value: bigint, config: CoinConfig): Promise<Uint8Array>;
}

export function softwareSigner(keyPair: KeyPair): UtxoSigner {
  return {
    kind: 'software',
    publicKey: keyPair.publicKey,
    sign: async (plan, ctx) => signTx(plan, keyPair, ctx.config, ctx.inputKind, plan.lockTime),
    signScriptInput: async (tx, index, scriptCode, value, config) =>
      signLegacyScriptInput(tx, index, keyPair, scriptCode, value, coinSighashScheme(config)),
  };
}
