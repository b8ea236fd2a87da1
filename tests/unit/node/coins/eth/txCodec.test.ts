/**
 * Signed EVM transactions: a type-2 (EIP-1559) transaction's bytes against a fixed vector and
 * against ethers' own wallet signing (an independent path to the same bytes), its fields read back,
 * and the sender and nonce the broadcast check reads from it; a legacy one stays type 0 with the
 * chain id in `v`.
 */
import { Transaction, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { decodeSignedTx, signEvmTx, signLegacyTx } from '../../../../../src/node/coins/eth/txCodec';
import { hexToBytes } from '../../../../../src/node/crypto';
import vectors from '../../../../fixtures/eth/tx-vectors.json';

interface Vector {
  description: string;
  key: string;
  tx: { chainId: number; nonce: number; gas: string; to: string; value: string; data: string };
  pay: { type: 'eip1559'; maxFeePerGas: string; maxPriorityFeePerGas: string } | { type: 'legacy'; gasPrice: string };
  hex: string;
  hash: string;
  from: string;
}

const payOf = (p: Vector['pay']) =>
  p.type === 'legacy'
    ? { type: 'legacy' as const, gasPrice: BigInt(p.gasPrice) }
    : { type: 'eip1559' as const, maxFeePerGas: BigInt(p.maxFeePerGas), maxPriorityFeePerGas: BigInt(p.maxPriorityFeePerGas) };

describe('signEvmTx', () => {
  it.each(vectors.vectors as Vector[])('$description', async (v) => {
    const tx = { ...v.tx, gas: BigInt(v.tx.gas), value: BigInt(v.tx.value) };
    const pay = payOf(v.pay);
    const signed = signEvmTx(tx, pay, hexToBytes(v.key));
    expect(signed).toEqual({ hex: v.hex, hash: v.hash });

    const pricing = pay.type === 'legacy' ? { type: 0, gasPrice: pay.gasPrice } : { type: 2, maxFeePerGas: pay.maxFeePerGas, maxPriorityFeePerGas: pay.maxPriorityFeePerGas };
    const byEthers = await new Wallet(`0x${v.key}`).signTransaction({ ...pricing, chainId: tx.chainId, nonce: tx.nonce, gasLimit: tx.gas, to: tx.to, value: tx.value, data: tx.data });
    expect(signed.hex).toBe(byEthers.slice(2));

    const back = Transaction.from(`0x${signed.hex}`);
    expect(back.type).toBe(pricing.type);
    expect(back.chainId).toBe(BigInt(tx.chainId));
    expect(back.gasLimit).toBe(tx.gas);
    if (pay.type === 'eip1559') {
      expect(signed.hex.startsWith('02')).toBe(true);
      expect(back.maxFeePerGas).toBe(pay.maxFeePerGas);
      expect(back.maxPriorityFeePerGas).toBe(pay.maxPriorityFeePerGas);
      expect(back.gasPrice).toBeNull();
      expect(back.accessList).toEqual([]);
    } else {
      expect(back.gasPrice).toBe(pay.gasPrice);
      expect(back.maxFeePerGas).toBeNull();
    }
    expect(decodeSignedTx(signed.hex)).toEqual({ from: v.from, nonce: tx.nonce });
  });

  it('signLegacyTx is signEvmTx with a legacy price', () => {
    const v = (vectors.vectors as Vector[]).find((x) => x.pay.type === 'legacy') as Vector;
    const { gasPrice } = v.pay as { gasPrice: string };
    const signed = signLegacyTx({ ...v.tx, gas: BigInt(v.tx.gas), value: BigInt(v.tx.value), gasPrice: BigInt(gasPrice) }, hexToBytes(v.key));
    expect(signed.hex).toBe(v.hex);
  });
});
