/** Transactions for the tests, signed with bitcoinjs-lib and noble (never with the daemon's wallet). */
import { randomUUID } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Psbt, type Signer } from 'bitcoinjs-lib';
import { iguanaKey, type IguanaKey, LITECOIN_REGTEST } from '../../../devnet/keys';

/** A fresh key nobody else uses, so other tests cannot disturb what a test observes. */
export const freshKey = (): IguanaKey => iguanaKey(`devnet test ${randomUUID()}`);

const signer = (key: IguanaKey): Signer => ({
  publicKey: key.publicKey,
  sign: (hash) => secp256k1.sign(hash, key.privateKey, { prehash: false, lowS: true }),
});

export interface Spendable {
  txid: string;
  vout: number;
  value: bigint;
  /** The output's scriptPubKey */
  script: Uint8Array;
  /** The whole previous transaction, needed for a P2PKH input */
  prevTxHex: string;
}

/** Spends `inputs` (all `key`'s, P2PKH or P2WPKH) to `outputs`; returns the raw hex and txid. */
export function signSpend(key: IguanaKey, inputs: Spendable[], outputs: { script: Uint8Array; value: bigint }[]): { hex: string; txid: string } {
  const psbt = new Psbt({ network: LITECOIN_REGTEST });
  for (const input of inputs) {
    const segwit = input.script[0] === 0x00; // P2WPKH: OP_0 <20 bytes>
    if (segwit) psbt.addInput({ hash: input.txid, index: input.vout, witnessUtxo: { script: input.script, value: input.value } });
    else psbt.addInput({ hash: input.txid, index: input.vout, nonWitnessUtxo: Buffer.from(input.prevTxHex, 'hex') });
  }
  for (const output of outputs) psbt.addOutput(output);
  psbt.signAllInputs(signer(key)).finalizeAllInputs();
  const tx = psbt.extractTransaction();
  return { hex: tx.toHex(), txid: tx.getId() };
}
