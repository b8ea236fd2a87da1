/** Swap transactions from the counterparty or a server: bounded, whole, and named by their own hash. */
import { Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import vectors from '../../../../../fixtures/swaps/htlc-kdf-vectors.json';
import { SwapValidationError } from '../../../../../../src/node/coins/swapOps';
import { decodeSwapTx, decodeTx, sameAsChain, toSwapTx } from '../../../../../../src/node/coins/utxo/swap/txBytes';
import type { TxFormat } from '../../../../../../src/node/coins/utxo/tx';

const BITCOIN: TxFormat = { kind: 'bitcoin', version: 1 };
const spendHex = vectors.find((v) => v.spend)!.spend!.tx_hex;
const spendId = Transaction.fromHex(spendHex).getId();

function segwitTx(): Transaction {
  const tx = new Transaction();
  tx.addInput(new Uint8Array(32).fill(3), 1);
  tx.setWitness(0, [new Uint8Array(71), new Uint8Array(33).fill(2)]);
  tx.addOutput(new Uint8Array(22), 1000n);
  return tx;
}

describe('swap transaction bytes', () => {
  it('decodes a transaction whose hash is its id', () => {
    expect(toSwapTx(decodeSwapTx({ txHex: spendHex, txHash: spendId }, BITCOIN))).toEqual({ txHex: spendHex, txHash: spendId });
    expect(decodeSwapTx({ txHex: spendHex.toUpperCase(), txHash: spendId.toUpperCase() }, BITCOIN).getId()).toBe(spendId);
  });

  it('refuses a wrong hash, non-hex, trailing bytes, truncation and oversized input', () => {
    const refused = (txHex: string, txHash: string, message: string) => {
      expect(() => decodeSwapTx({ txHex, txHash }, BITCOIN)).toThrow(SwapValidationError);
      expect(() => decodeSwapTx({ txHex, txHash }, BITCOIN)).toThrow(message);
    };
    refused(spendHex, '00'.repeat(32), 'is not the hash of its bytes');
    refused(`${spendHex}zz`, spendId, 'not hex');
    refused(`${spendHex}00`, spendId, 'cannot be decoded');
    refused(spendHex.slice(0, -2), spendId, 'cannot be decoded');
    refused('00'.repeat(400_001), spendId, 'larger than a standard one');
    expect(() => decodeTx(Uint8Array.of(1, 2, 3), BITCOIN)).toThrow(SwapValidationError);
  });

  it("matches the chain's copy with or without witness data, and nothing else", () => {
    const tx = segwitTx();
    expect(sameAsChain(tx, tx.toHex())).toBe(true);
    const stripped = tx.clone();
    stripped.ins[0]!.witness = [];
    expect(sameAsChain(tx, stripped.toHex().toUpperCase())).toBe(true);
    const changed = tx.clone();
    changed.outs[0]!.value = 999n;
    expect(sameAsChain(tx, changed.toHex())).toBe(false);
    expect(tx.ins[0]!.witness).toHaveLength(2);
  });
});
