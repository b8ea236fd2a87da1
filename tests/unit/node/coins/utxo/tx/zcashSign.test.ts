/**
 * Signing for Zcash-layout coins (DOC here; KMD and MARTY share its parameters): a wallet plan
 * signs into a Sapling v4 transaction whose every signature verifies against the ZIP-243 digest,
 * and KDF's own DOC/MARTY HTLC spends are rebuilt byte for byte by the swap spend builder.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { script as bscript } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import coinsFile from '../../../../../fixtures/utxo/coins.json';
import komodo from '../../../../../fixtures/zcash/kdf-komodo-txs.json';
import kdfSigning from '../../../../../fixtures/zcash/kdf-signing.json';
import { parseCoinsConfig, type CoinConfig } from '../../../../../../src/node/coins/config';
import { buildHtlcSpend } from '../../../../../../src/node/coins/utxo/swap/htlcSpend';
import {
  coinTxFormat,
  estimateTxVsize,
  layoutBytes,
  newTx,
  p2pkhScript,
  parseTx,
  signInput,
  signLegacyScriptInput,
  signTx,
  ZcashTransaction,
  type TxFormat,
} from '../../../../../../src/node/coins/utxo/tx';
import { ZcashSighash } from '../../../../../../src/node/coins/utxo/tx/zip243';
import { bytesToHex, hash160, hexToBytes, keyPairFromPrivkey, privkeyFromPassphrase } from '../../../../../../src/node/crypto';
import { MmError } from '../../../../../../src/node/core/errors';

const DOC = parseCoinsConfig(coinsFile).coins.get('DOC') as CoinConfig;
const key = keyPairFromPrivkey(privkeyFromPassphrase('bob passphrase'));
const myScript = p2pkhScript(hash160(key.publicKey));

const plan = {
  inputs: [
    { txid: '11'.repeat(32), vout: 1, value: 150_000_000n, height: 10 },
    { txid: '22'.repeat(32), vout: 0, value: 2_500_000n, height: 11 },
  ],
  outputs: [
    { script: p2pkhScript(new Uint8Array(20).fill(7)), value: 100_000_000n },
    { script: myScript, value: 52_499_000n },
  ],
  fee: 1000n,
  change: 52_499_000n,
  spent: 152_500_000n,
};

function verifies(sig: Uint8Array, digest: Uint8Array, pub: Uint8Array): boolean {
  return secp256k1.verify(sig.subarray(0, -1), digest, pub, { prehash: false, lowS: true, format: 'der' });
}

describe("KDF's own Komodo-chain signing, byte for byte", () => {
  it.each(kdfSigning.vectors)('$name', (v) => {
    const signer = keyPairFromPrivkey(privkeyFromPassphrase(v.passphrase));
    const tx = parseTx(v.unsignedTx, coinTxFormat(DOC));
    v.inputValues.forEach((value, index) => signInput(tx, index, signer, 'p2pkh', BigInt(value)));
    expect(tx.toHex()).toBe(v.expected);
  });
});

describe('signTx for an overwintered coin', () => {
  it('is the Sapling v4 layout with the lock time given, expiry 0 and empty shielded parts', async () => {
    const format = coinTxFormat(DOC);
    expect(format).toEqual({ kind: 'zcash', version: 4, versionGroupId: 0x892f2085, consensusBranchId: 0x76b809bb });
    const signed = await signTx(plan, key, DOC, 'p2pkh', 1_700_000_123);
    expect(signed.hex.slice(0, 16)).toBe('0400008085202f89');
    // lock time, expiry height 0, value balance 0, no spends, outputs or JoinSplits
    expect(signed.hex.slice(-38)).toBe(`7bf15365${'00'.repeat(15)}`);
    expect(await signTx(plan, key, DOC, 'p2pkh', 1_700_000_123)).toEqual(signed);

    const tx = parseTx(signed.hex, format) as ZcashTransaction;
    expect(tx.toHex()).toBe(signed.hex);
    expect(signed).toEqual({ hex: signed.hex, txid: tx.getId(), size: signed.hex.length / 2, vsize: signed.hex.length / 2 });
    expect(tx.locktime).toBe(1_700_000_123);
    expect(tx.expiryHeight).toBe(0);
    expect(tx.outs.map((o) => o.value)).toEqual([100_000_000n, 52_499_000n]);
    const digests = new ZcashSighash(tx);
    for (const [index, input] of tx.ins.entries()) {
      const [sig, pub] = bscript.decompile(input.script) as Uint8Array[];
      expect(bytesToHex(pub!)).toBe(bytesToHex(key.publicKey));
      const value = plan.inputs[index]!.value;
      expect(verifies(sig!, digests.digest({ index, scriptCode: myScript, value }, 1), key.publicKey)).toBe(true);
      // ZIP-243 commits to the spent value: the Bitcoin legacy digest, or another value, does not verify.
      expect(verifies(sig!, digests.digest({ index, scriptCode: myScript, value: value - 1n }, 1), key.publicKey)).toBe(false);
    }
  });

  it("is sized as KDF sizes it: the unsigned transaction's serialization plus 107 bytes an input", async () => {
    for (const format of [coinTxFormat(DOC), { kind: 'zcash', version: 3, versionGroupId: 0x03c48270, consensusBranchId: 0x5ba81b19 } as const]) {
      const unsigned = newTx(format);
      for (const u of plan.inputs) unsigned.addInput(hexToBytes(u.txid), u.vout, 0xffffffff);
      for (const o of plan.outputs) unsigned.addOutput(o.script, o.value);
      expect(estimateTxVsize(plan.inputs.length, plan.outputs, 'p2pkh', layoutBytes(format))).toBe(unsigned.byteLength() + 107 * plan.inputs.length);
    }
    const signed = await signTx(plan, key, DOC, 'p2pkh');
    expect(signed.size).toBeLessThanOrEqual(estimateTxVsize(plan.inputs.length, plan.outputs, 'p2pkh', layoutBytes(coinTxFormat(DOC))));
  });

  it('refuses witness inputs, which Zcash-layout chains do not have', async () => {
    await expect(signTx(plan, key, DOC, 'p2wpkh')).rejects.toSatisfy((e) => e instanceof MmError && e.errorType === 'InternalError');
  });

  it('refuses a coins-file group id that is not the version one', async () => {
    const wrong = { ...DOC, utxo: { ...DOC.utxo!, versionGroupId: 0x03c48270 } };
    await expect(signTx(plan, key, wrong, 'p2pkh')).rejects.toThrow("version group id 3c48270 is not version 4's");
  });

  it('signs a script input over the redeem script and its value', () => {
    const tx = new ZcashTransaction(4, 0x76b809bb);
    tx.addInput(new Uint8Array(32).fill(9), 0, 0xfffffffe);
    tx.addOutput(myScript, 99_000n);
    const redeem = hexToBytes('6304e5928060b17521031c632dad67a611de77d9666cbc61e65957c7d7544c25e384f4e76de729e6a1bfac68');
    const sig = signLegacyScriptInput(tx, 0, key, redeem, 100_000n);
    expect(verifies(sig, new ZcashSighash(tx).digest({ index: 0, scriptCode: redeem, value: 100_000n }, 1), key.publicKey)).toBe(true);
  });
});

const KOMODO: TxFormat = { kind: 'zcash', version: 4, versionGroupId: 0x892f2085, consensusBranchId: 0x76b809bb };
const byId = new Map(komodo.txs.map((t) => [t.txid, parseTx(t.hex, KOMODO)]));

/** KDF's one-input, one-output HTLC spends and refunds whose payment is among the fixture's transactions. */
const htlcSpends = komodo.txs.filter((t) => {
  const tx = byId.get(t.txid)!;
  const input = tx.ins[0];
  if (tx.ins.length !== 1 || tx.outs.length !== 1 || !input) return false;
  const redeem = (bscript.decompile(input.script) ?? []).at(-1);
  const paid = byId.get(bytesToHex(Uint8Array.from(input.hash).reverse()));
  return redeem instanceof Uint8Array && redeem[0] === bscript.OPS.OP_IF && paid !== undefined;
});

describe("KDF's DOC/MARTY HTLC spends and refunds, rebuilt", () => {
  it('finds them among the fixture', () => {
    expect(htlcSpends.length).toBe(14);
  });

  it.each(htlcSpends)('$txid ($source)', async (t) => {
    const recorded = byId.get(t.txid) as ZcashTransaction;
    const input = recorded.ins[0]!;
    const payment = byId.get(bytesToHex(Uint8Array.from(input.hash).reverse()))!;
    const pushes = bscript.decompile(input.script) as (Uint8Array | number)[];
    const redeem = pushes.at(-1) as Uint8Array;
    const signature = pushes[0] as Uint8Array;
    const keys = (bscript.decompile(redeem) ?? []).filter((c): c is Uint8Array => c instanceof Uint8Array && c.length === 33);
    let verified = false;
    const built = await buildHtlcSpend({
      payment,
      redeem,
      to: recorded.outs[0]!.script,
      fee: payment.outs[input.index]!.value - recorded.outs[0]!.value,
      format: KOMODO,
      sequence: input.sequence,
      lockTime: recorded.locktime,
      sign: async (tx, index, scriptCode, value) => {
        const digest = new ZcashSighash(tx as ZcashTransaction).digest({ index, scriptCode, value }, 1);
        verified = keys.some((k) => secp256k1.verify(signature.subarray(0, -1), digest, k, { prehash: false, format: 'der', lowS: false }));
        return signature;
      },
      scriptSig: () => input.script,
    });
    expect(verified).toBe(true);
    expect(built.toHex()).toBe(t.hex);
  });
});
