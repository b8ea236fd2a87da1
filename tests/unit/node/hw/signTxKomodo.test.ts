/**
 * Komodo's Sapling v4 transactions signed by the simulated Trezor: SignTx carries the overwinter
 * fields (the simulated firmware refuses it without them), overwintered previous transactions are
 * streamed with their group id, expiry height and extra data (their txid recomputed by the device),
 * and every signature verifies against the node's own ZIP-243 digest.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { script as bscript, Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { ZcashTransaction } from '../../../../src/node/coins/utxo/tx';
import { ZcashSighash } from '../../../../src/node/coins/utxo/tx/zip243';
import { hash160, hdRootFromMnemonic, p2pkhAddress } from '../../../../src/node/crypto';
import type { AnyMessage } from '../../../../src/node/hw/trezor/protobuf';
import { signUtxoTx, type UtxoSignRequest } from '../../../../src/node/hw/trezor/signTx';
import { ALL_MNEMONIC, connect, simTrezor } from './helpers';

const root = hdRootFromMnemonic(ALL_MNEMONIC);
const pubkeyAt = (path: string) => root.derive(path).publicKey!;
const p2pkh = (pubkey: Uint8Array) => Uint8Array.of(0x76, 0xa9, 0x14, ...hash160(pubkey), 0x88, 0xac);
const SAPLING = { versionGroupId: 0x892f2085, branchId: 0x76b809bb };
const key0 = pubkeyAt("m/44'/141'/0'/0/0");

/** An overwintered v4 previous transaction paying `script`, with a set expiry height and lock time. */
function saplingPrev(seed: number, script: Uint8Array, value: bigint): ZcashTransaction {
  const tx = new ZcashTransaction(4, SAPLING.branchId);
  tx.addInput(new Uint8Array(32).fill(seed), 1, 0xfffffffe);
  tx.setInputScript(0, Uint8Array.of(0x51));
  tx.addOutput(Uint8Array.of(0x6a), 0n);
  tx.addOutput(script, value);
  tx.locktime = 1_650_000_000 + seed;
  tx.expiryHeight = 3_000_000 + seed;
  return tx;
}

/** A pre-Overwinter (v1) previous transaction, which Komodo's chain still holds. */
function plainPrev(script: Uint8Array, value: bigint): Transaction {
  const tx = new Transaction();
  tx.version = 1;
  tx.addInput(new Uint8Array(32).fill(9), 0, 0xffffffff, Uint8Array.of(0x52));
  tx.addOutput(script, value);
  return tx;
}

function request(prevs: { hex: string; index: number; amount: bigint }[], overwinter = true): UtxoSignRequest {
  return {
    coinName: 'Komodo',
    version: 4,
    lockTime: 1_700_000_000,
    ...(overwinter ? { overwinter: SAPLING } : {}),
    inputs: prevs.map((p) => ({ path: "m/44'/141'/0'/0/0", scriptType: 'p2pkh' as const, prevTxHex: p.hex, prevIndex: p.index, amount: p.amount })),
    outputs: [
      { address: p2pkhAddress(pubkeyAt("m/44'/141'/5'/0/0"), 60), amount: 150_000_000n },
      { changePath: "m/44'/141'/0'/0/0", scriptType: 'p2pkh', amount: prevs.reduce((a, p) => a + p.amount, 0n) - 150_001_000n },
    ],
  };
}

describe('signUtxoTx for Komodo (overwintered v4) with the simulated device', () => {
  it('signs a v4 transaction spending a Sapling and a v1 output, every signature verifying under ZIP-243', async () => {
    const sapling = saplingPrev(3, p2pkh(key0), 120_000_000n);
    const plain = plainPrev(p2pkh(key0), 40_000_000n);
    const { session } = await connect(simTrezor());
    const signed = await signUtxoTx(
      session,
      request([
        { hex: sapling.toHex(), index: 1, amount: 120_000_000n },
        { hex: plain.toHex(), index: 0, amount: 40_000_000n },
      ]),
    );

    expect(signed.txHex.slice(0, 16)).toBe('0400008085202f89');
    const tx = ZcashTransaction.parse(Uint8Array.from(Buffer.from(signed.txHex, 'hex')), SAPLING.branchId, { version: 4, versionGroupId: SAPLING.versionGroupId });
    expect(tx.toHex()).toBe(signed.txHex);
    expect(tx.locktime).toBe(1_700_000_000);
    expect(tx.expiryHeight).toBe(0);
    expect(tx.ins.map((i) => Buffer.from(i.hash).reverse().toString('hex'))).toEqual([sapling.getId(), plain.getId()]);
    const digests = new ZcashSighash(tx);
    const amounts = [120_000_000n, 40_000_000n];
    tx.ins.forEach((input, index) => {
      const [sig, pub] = bscript.decompile(input.script) as Uint8Array[];
      expect(pub).toEqual(key0);
      const digest = digests.digest({ index, scriptCode: p2pkh(key0), value: amounts[index]! }, 1);
      expect(secp256k1.verify(sig!.subarray(0, -1), digest, key0, { prehash: false, format: 'der' })).toBe(true);
      expect(Buffer.from(signed.signatures[index]!).toString('hex')).toBe(Buffer.from(sig!.subarray(0, -1)).toString('hex'));
    });
  });

  it('is refused by the device without the overwinter fields', async () => {
    const plain = plainPrev(p2pkh(key0), 200_000_000n);
    const { session } = await connect(simTrezor());
    const signing = signUtxoTx(session, request([{ hex: plain.toHex(), index: 0, amount: 200_000_000n }], false));
    await expect(signing).rejects.toMatchObject({ errorType: 'HwError', errorData: 'DataError', message: 'Trezor: Version group ID must be set.' });
  });

  it('describes a Sapling previous transaction with its group id, branch, expiry height and extra data', async () => {
    const sapling = saplingPrev(5, p2pkh(key0), 200_000_000n);
    const sim = simTrezor();
    const { session } = await connect(sim);
    await signUtxoTx(session, request([{ hex: sapling.toHex(), index: 1, amount: 200_000_000n }]));
    const acks = sim.received.filter((m): m is Extract<AnyMessage, { name: 'TxAck' }> => m.name === 'TxAck').map((m) => m.message.tx ?? {});
    const metas = acks.filter((tx) => tx.inputs_cnt !== undefined);
    expect(metas.map((m) => [m.version, m.lock_time, m.expiry, m.version_group_id, m.branch_id, m.extra_data_len])).toEqual([
      [4, 1_650_000_005, 3_000_005, SAPLING.versionGroupId, SAPLING.branchId, 11],
    ]);
    expect(acks.filter((tx) => tx.extra_data).map((tx) => Buffer.from(tx.extra_data!).toString('hex'))).toContain('00'.repeat(11));
    const signTx = sim.received.find((m): m is Extract<AnyMessage, { name: 'SignTx' }> => m.name === 'SignTx')!;
    expect(signTx.message).toMatchObject({ version: 4, expiry: 0, version_group_id: SAPLING.versionGroupId, branch_id: SAPLING.branchId });
  });
});
