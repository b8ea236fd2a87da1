/** The taker-fee transaction: its outputs (fixture cases) and who signed its inputs. */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import feeCases from '../../../../../fixtures/swaps/utxo-taker-fee-cases.json';
import { bytesToHex, hexToBytes } from '../../../../../../src/node/crypto';
import { SwapValidationError } from '../../../../../../src/node/coins/swapOps';
import { checkInputsSignedBy, checkTakerFeeOutputs, takerFeeOutputs } from '../../../../../../src/node/coins/utxo/swap/takerFee';

const taker = secp256k1.getPublicKey(Uint8Array.from({ length: 32 }, (_, i) => i + 1), true);
const other = secp256k1.getPublicKey(Uint8Array.from({ length: 32 }, (_, i) => i + 2), true);
/** A DER-shaped signature with the SIGHASH_ALL byte: only its place in the script matters here. */
const SIG = Uint8Array.from({ length: 71 }, (_, i) => (i === 0 ? 0x30 : i === 70 ? 0x01 : 0x11));

function txWith(outputs: [string, number][], inputs: ('p2pkh' | 'p2wpkh')[] = [], key = taker): Transaction {
  const tx = new Transaction();
  inputs.forEach((kind, i) => {
    tx.addInput(new Uint8Array(32).fill(i + 1), i);
    if (kind === 'p2pkh') tx.setInputScript(i, Uint8Array.of(SIG.length, ...SIG, key.length, ...key));
    else tx.setWitness(i, [SIG, key]);
  });
  for (const [script, value] of outputs) tx.addOutput(hexToBytes(script), BigInt(value));
  return tx;
}

describe('taker-fee outputs', () => {
  it.each(feeCases.cases)('$description', (c) => {
    const check = () => checkTakerFeeOutputs(txWith(c.outputs as [string, number][]), { fee: BigInt(c.fee), burn: BigInt(c.burn) });
    if (c.error === null) expect(check).not.toThrow();
    else {
      expect(check).toThrow(SwapValidationError);
      expect(check).toThrow(c.error);
    }
  });

  it('sends what it validates: the dex output, then the burn only when there is one', () => {
    const plain = takerFeeOutputs({ fee: 100_000n, burn: 0n });
    expect(plain.map((o) => [bytesToHex(o.script), o.value])).toEqual([['76a914ca1e04745e8ca0c60d8c5881531d51bec470743f88ac', 100_000n]]);
    const withBurn = takerFeeOutputs({ fee: 75_000n, burn: 25_000n });
    expect(withBurn.map((o) => [bytesToHex(o.script), o.value])).toEqual([
      ['76a914ca1e04745e8ca0c60d8c5881531d51bec470743f88ac', 75_000n],
      ['6a', 25_000n],
    ]);
    const tx = txWith(withBurn.map((o) => [bytesToHex(o.script), Number(o.value)]));
    expect(() => checkTakerFeeOutputs(tx, { fee: 75_000n, burn: 25_000n })).not.toThrow();
  });
});

describe('taker-fee inputs signed by the taker', () => {
  it('accepts P2PKH and P2WPKH inputs, mixed, carrying the taker key', () => {
    expect(() => checkInputsSignedBy(txWith([], ['p2pkh', 'p2wpkh', 'p2pkh']), taker)).not.toThrow();
  });

  it("refuses another key, one foreign input among the taker's, and a transaction without inputs", () => {
    expect(() => checkInputsSignedBy(txWith([], ['p2pkh']), other)).toThrow('input 0 of the transaction is not signed by the expected public key');
    const mixed = txWith([], ['p2pkh', 'p2wpkh']);
    mixed.setWitness(1, [SIG, other]);
    expect(() => checkInputsSignedBy(mixed, taker)).toThrow('input 1');
    expect(() => checkInputsSignedBy(txWith([]), taker)).toThrow('has no inputs');
  });

  it('refuses scriptSigs and witnesses of other shapes, even when they push the key', () => {
    const threePushes = txWith([], ['p2pkh']);
    threePushes.setInputScript(0, Uint8Array.of(SIG.length, ...SIG, taker.length, ...taker, 1, 0));
    expect(() => checkInputsSignedBy(threePushes, taker)).toThrow(SwapValidationError);
    const nonPush = txWith([], ['p2pkh']);
    nonPush.setInputScript(0, Uint8Array.of(SIG.length, ...SIG, 0xac));
    expect(() => checkInputsSignedBy(nonPush, taker)).toThrow(SwapValidationError);
    const wrappedWitness = txWith([], ['p2wpkh']);
    wrappedWitness.setInputScript(0, Uint8Array.of(0x16, 0x00, 0x14, ...new Uint8Array(20)));
    expect(() => checkInputsSignedBy(wrappedWitness, taker)).toThrow(SwapValidationError);
    const longWitness = txWith([], ['p2wpkh']);
    longWitness.setWitness(0, [SIG, taker, new Uint8Array(1)]);
    expect(() => checkInputsSignedBy(longWitness, taker)).toThrow(SwapValidationError);
  });
});
