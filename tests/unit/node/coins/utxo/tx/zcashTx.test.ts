/**
 * Zcash-layout transactions (KMD, DOC, MARTY): Zcash's published ZIP-143/243 vectors (parse,
 * re-serialise, signature hash), real Komodo transactions from KDF's sources (parse, re-serialise
 * byte for byte, txid, and every signature whose spent output is known verified against the digest
 * computed here), and malformed or hostile bytes refused with TxDeserializationError.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { script as bscript } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import zip143 from '../../../../../fixtures/zcash/zip_0143.json';
import zip243 from '../../../../../fixtures/zcash/zip_0243.json';
import komodo from '../../../../../fixtures/zcash/kdf-komodo-txs.json';
import kdfSighash from '../../../../../fixtures/zcash/kdf-sighash.json';
import { parseTx, TxDecodeError, ZcashTransaction, type TxFormat } from '../../../../../../src/node/coins/utxo/tx';
import { parseChainTx } from '../../../../../../src/node/coins/utxo/tx/txFormat';
import { ZcashSighash } from '../../../../../../src/node/coins/utxo/tx/zip243';
import { bytesToHex, hexToBytes } from '../../../../../../src/node/crypto';
import type { MmError } from '../../../../../../src/node/core/errors';

/** KMD's and its asset chains' layout: Sapling v4 on the Sapling branch (KDF's defaults for `txversion: 4`). */
const KOMODO: TxFormat = { kind: 'zcash', version: 4, versionGroupId: 0x892f2085, consensusBranchId: 0x76b809bb };

type VectorRow = [string, string, number, number, number, number, string];

/** The vector files hold a source line and a header line, then one row per vector. */
function rows(file: unknown[]): VectorRow[] {
  return file.slice(2) as VectorRow[];
}

describe.each([
  ['ZIP-143 (Overwinter v3)', rows(zip143)],
  ['ZIP-243 (Sapling v4)', rows(zip243)],
])('%s test vectors', (_name, vectors) => {
  it.each(vectors.map((v, i) => [i, v] as const))('vector %i: parses, re-serialises and hashes as published', (_i, v) => {
    const [txHex, scriptCode, input, hashType, amount, branchId, sighash] = v;
    const tx = ZcashTransaction.parse(hexToBytes(txHex), branchId);
    expect(tx.toHex()).toBe(txHex);
    const digest = new ZcashSighash(tx).digest(input < 0 ? null : { index: input, scriptCode: hexToBytes(scriptCode), value: BigInt(amount) }, hashType);
    expect(bytesToHex(digest)).toBe(sighash);
  });
});

describe("KDF's own Sapling signature-hash tests", () => {
  it.each(kdfSighash.vectors)('$name', (v) => {
    const tx = parseTx(v.tx, KOMODO) as ZcashTransaction;
    expect(tx.toHex()).toBe(v.tx);
    const digest = new ZcashSighash(tx).digest({ index: v.input, scriptCode: hexToBytes(v.scriptCode), value: BigInt(v.amount) }, 1);
    expect(bytesToHex(digest)).toBe(v.sighash);
  });
});

const txs = komodo.txs;
const byId = new Map(txs.map((t) => [t.txid, parseTx(t.hex, KOMODO)]));

/** The signature and the keys that may have made it, with the script code it signs, or null when not a P2PKH/P2SH-HTLC spend. */
function signedParts(scriptSig: Uint8Array, spentScript: Uint8Array): { sig: Uint8Array; keys: Uint8Array[]; scriptCode: Uint8Array } | null {
  const pushes = (bscript.decompile(scriptSig) ?? []).filter((c): c is Uint8Array => c instanceof Uint8Array);
  const sig = pushes[0];
  const last = pushes[pushes.length - 1];
  if (!sig || !last) return null;
  if (last.length === 33 && pushes.length === 2) return { sig, keys: [last], scriptCode: spentScript };
  // An HTLC spend or refund: the redeem script comes last and holds both parties' keys.
  const keys = (bscript.decompile(last) ?? []).filter((c): c is Uint8Array => c instanceof Uint8Array && c.length === 33);
  return keys.length > 0 ? { sig, keys, scriptCode: last } : null;
}

describe("real Komodo-chain transactions from KDF's sources", () => {
  it.each(txs)('$txid ($source) re-serialises byte for byte under its id', (t) => {
    const tx = byId.get(t.txid)!;
    expect(tx).toBeInstanceOf(ZcashTransaction);
    expect(tx.toHex()).toBe(t.hex);
    expect(tx.getId()).toBe(t.txid);
    expect(tx.byteLength()).toBe(t.hex.length / 2);
  });

  it('every signature over a spent output found among them verifies against our ZIP-243 digest', () => {
    let verified = 0;
    for (const tx of byId.values()) {
      const digests = new ZcashSighash(tx as ZcashTransaction);
      for (const [index, input] of tx.ins.entries()) {
        const spent = byId.get(bytesToHex(Uint8Array.from(input.hash).reverse()))?.outs[input.index];
        if (!spent) continue;
        const parts = signedParts(input.script, spent.script);
        expect(parts).not.toBeNull();
        const { sig, keys, scriptCode } = parts!;
        expect(sig[sig.length - 1]).toBe(1);
        const digest = digests.digest({ index, scriptCode, value: spent.value }, 1);
        const ok = keys.some((k) => secp256k1.verify(sig.subarray(0, -1), digest, k, { prehash: false, format: 'der', lowS: false }));
        expect(ok).toBe(true);
        // The same digest with another value, or with another branch, does not verify: the value and branch are committed to.
        const otherValue = new ZcashSighash(tx as ZcashTransaction).digest({ index, scriptCode, value: spent.value + 1n }, 1);
        expect(keys.some((k) => secp256k1.verify(sig.subarray(0, -1), otherValue, k, { prehash: false, format: 'der', lowS: false }))).toBe(false);
        verified++;
      }
    }
    expect(verified).toBe(25);
  });
});

describe('malformed Zcash transactions are refused', () => {
  const sample = txs.find((t) => t.source.endsWith('utxo_common.rs'))!.hex;
  const cases: [string, string][] = [
    ['empty', ''],
    ['truncated header', sample.slice(0, 6)],
    ['truncated in the outputs', sample.slice(0, sample.length / 2)],
    ['truncated before the shielded counts', sample.slice(0, -6)],
    ['a trailing byte', `${sample}00`],
    ['no overwinter flag (a Bitcoin v4 header)', `04000000${sample.slice(8)}`],
    ['version 5', `05000080${sample.slice(8)}`],
    ["v3's group id on a v4 transaction", `040000807082c403${sample.slice(16)}`],
    ['a made-up group id', `0400008000000000${sample.slice(16)}`],
    ['an absurd input count', `0400008085202f89feffffffff${sample.slice(18)}`],
    ['a 64-bit input count', `0400008085202f89ff0100000000000000${sample.slice(18)}`],
    ['a Sapling spend count beyond the bytes left', `${sample.slice(0, -6)}fd0100000000`],
    ['a JoinSplit count beyond the bytes left', `${sample.slice(0, -2)}fe10000000`],
    ['not hex', 'zz'],
  ];

  it.each(cases)('%s', (_name, hex) => {
    let caught: unknown;
    try {
      parseTx(hex, KOMODO);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(TxDecodeError);
    expect((caught as MmError).errorType).toBe('TxDeserializationError');
  });

  it('refuses an output value beyond int64', () => {
    const tx = parseTx(sample, KOMODO) as ZcashTransaction;
    tx.outs[0]!.value = 0x8000_0000_0000_0000n;
    expect(() => parseTx(tx.toHex(), KOMODO)).toThrow(TxDecodeError);
  });

  it('refuses a Zcash transaction read with the Bitcoin layout', () => {
    expect(() => parseTx(sample, { kind: 'bitcoin', version: 1 })).toThrow(TxDecodeError);
  });
});

describe("parseChainTx: a Zcash-layout chain's transactions of either era", () => {
  const sapling = txs[0]!.hex;
  // A pre-Overwinter (v1) transaction: one input, one output, Bitcoin's layout.
  const plain = `01000000${'01'}${'ab'.repeat(32)}00000000${'00'}ffffffff${'01'}${'00e1f50500000000'}${'00'}00000000`;

  it('reads an overwintered transaction in the Zcash layout and an older one in Bitcoin\'s', () => {
    const zcash = parseChainTx(hexToBytes(sapling), KOMODO.consensusBranchId);
    expect(zcash).toBeInstanceOf(ZcashTransaction);
    expect(zcash.toHex()).toBe(sapling);
    const old = parseChainTx(hexToBytes(plain), KOMODO.consensusBranchId);
    expect(old).not.toBeInstanceOf(ZcashTransaction);
    expect(old.toHex()).toBe(plain);
    expect(old.outs[0]!.value).toBe(100_000_000n);
  });

  it.each([
    ['empty', ''],
    ['a truncated plain one', plain.slice(0, -4)],
    ['an overwintered one with a made-up group id', `0400008000000000${sapling.slice(16)}`],
  ])('refuses %s', (_name, hex) => {
    expect(() => parseChainTx(hexToBytes(hex), KOMODO.consensusBranchId)).toThrow(TxDecodeError);
  });
});
