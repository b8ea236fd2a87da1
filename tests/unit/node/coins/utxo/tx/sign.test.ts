import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Transaction } from 'bitcoinjs-lib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import coinsFile from '../../../../../fixtures/utxo/coins.json';
import vectors from '../../../../../fixtures/utxo/signing.json';
import mainnet from '../../../../../fixtures/utxo/bchMainnetTx.json';
import { parseCoinsConfig, type CoinConfig } from '../../../../../../src/node/coins/config';
import { decodeAddress, myAddress } from '../../../../../../src/node/coins/utxo/address';
import {
  estimateTxVsize,
  feeForVsize,
  MAX_STANDARD_TX_WEIGHT,
  p2pkhScript,
  planTx,
  sighashScheme,
  signInput,
  signTx,
  type FeeRate,
  type InputKind,
  type Unspent,
} from '../../../../../../src/node/coins/utxo/tx';
import {
  bytesToHex,
  hash160,
  hexToBytes,
  keyPairFromPrivkey,
  privkeyFromPassphrase,
  type KeyPair,
} from '../../../../../../src/node/crypto';
import { MmError } from '../../../../../../src/node/core/errors';
import { SighashCache } from '../../../../../../src/node/coins/utxo/tx/sighash';

const { coins } = parseCoinsConfig(coinsFile);

function coin(ticker: string): CoinConfig {
  const c = coins.get(ticker);
  if (!c) throw new Error(`${ticker} is not in tests/fixtures/utxo/coins.json`);
  return c;
}

function unspents(list: { txid: string; vout: number; value: string; height: number }[]): Unspent[] {
  return list.map((u) => ({ ...u, value: BigInt(u.value) }));
}

/** The signature and key an input carries, from its scriptSig (P2PKH) or its witness (P2WPKH). */
function sigAndKey(tx: Transaction, index: number, kind: InputKind): [Uint8Array, Uint8Array] {
  const input = tx.ins[index]!;
  if (kind === 'p2wpkh') {
    expect(input.script.length).toBe(0);
    expect(input.witness.length).toBe(2);
    return [input.witness[0]!, input.witness[1]!];
  }
  const s = input.script;
  const sig = s.subarray(1, 1 + s[0]!);
  const key = s.subarray(2 + sig.length, 2 + sig.length + s[1 + sig.length]!);
  expect(s.length).toBe(2 + sig.length + key.length);
  return [sig, key];
}

/** Recomputes every input's sighash with bitcoinjs-lib and checks the signature against it. */
function expectValidSignatures(hex: string, spent: Unspent[], key: KeyPair, kind: InputKind): number[] {
  const tx = Transaction.fromHex(hex);
  const scriptCode = p2pkhScript(hash160(key.publicKey));
  return spent.map((u, i) => {
    const [sig, pub] = sigAndKey(tx, i, kind);
    expect(bytesToHex(pub)).toBe(bytesToHex(key.publicKey));
    expect(sig.at(-1)).toBe(Transaction.SIGHASH_ALL);
    const der = sig.subarray(0, -1);
    const sighash =
      kind === 'p2pkh'
        ? tx.hashForSignature(i, scriptCode, Transaction.SIGHASH_ALL)
        : tx.hashForWitnessV0(i, scriptCode, u.value, Transaction.SIGHASH_ALL);
    // lowS: true rejects a high-S signature, so this also checks the signer normalized S.
    expect(secp256k1.verify(der, sighash, pub, { prehash: false, lowS: true, format: 'der' })).toBe(true);
    return sig.length;
  });
}

describe('signTx against independent vectors', () => {
  it.each(vectors.p2pkhVectors)('$description', async ({ coin: ticker, privateKey, inputs, outputs, expected }) => {
    const key = keyPairFromPrivkey(hexToBytes(privateKey));
    const plan = {
      inputs: unspents(inputs),
      outputs: outputs.map((o) => ({ script: hexToBytes(o.script), value: BigInt(o.value) })),
      fee: 0n,
      change: 0n,
      spent: 0n,
    };
    const signed = await signTx(plan, key, coin(ticker), 'p2pkh');
    expect(signed.hex).toBe(expected);
    expect(signed.txid).toBe(Transaction.fromHex(expected).getId());
    expect(signed.size).toBe(expected.length / 2);
    expect(signed.vsize).toBe(signed.size);
  });

  it.each(vectors.p2wpkhInputVectors)('$description', ({ unsignedTx, index, value, privateKey, expected }) => {
    const key = keyPairFromPrivkey(hexToBytes(privateKey));
    const tx = Transaction.fromHex(unsignedTx);
    const scriptCode = p2pkhScript(hash160(key.publicKey));
    expect(bytesToHex(tx.hashForWitnessV0(index, scriptCode, BigInt(value), Transaction.SIGHASH_ALL))).toBe(expected.sighash);
    signInput(tx, index, key, 'p2wpkh', BigInt(value));
    expect(tx.ins[index]!.witness.map(bytesToHex)).toEqual(expected.witness);
    expect(tx.ins[index]!.script.length).toBe(0);
  });
});

describe('signTx of wallet plans', () => {
  it.each(vectors.walletVectors)('$description', async (v) => {
    const c = coin(v.coin);
    const key = keyPairFromPrivkey(privkeyFromPassphrase(v.passphrase));
    const kind = v.inputKind as InputKind;
    const feeRate = { kind: v.feeRate.kind, satPerKb: BigInt(v.feeRate.satPerKb) } as FeeRate;
    const spendable = unspents(v.unspents);
    const max = v.amount === 'max';
    const plan = planTx({
      unspents: spendable,
      outputs: [{ script: decodeAddress(c, v.to).script, value: max ? spendable.reduce((a, u) => a + u.value, 0n) : BigInt(v.amount) }],
      changeScript: decodeAddress(c, myAddress(c, key.publicKey)).script,
      inputKind: kind,
      feeRate,
      feePolicy: max ? { kind: 'deductFromOutput', index: 0 } : { kind: 'sendExact' },
      dust: c.utxo!.dust,
      ticker: c.ticker,
      decimals: 8,
    });
    const signed = await signTx(plan, key, c, kind, 'lockTime' in v ? v.lockTime : undefined);

    // Deterministic (RFC 6979): the same bytes every time.
    expect(plan.fee.toString()).toBe(v.expected.fee);
    expect(signed).toEqual({ hex: v.expected.hex, txid: v.expected.txid, size: v.expected.size, vsize: v.expected.vsize });

    const tx = Transaction.fromHex(signed.hex);
    expect(tx.version).toBe(c.utxo!.txversion);
    expect(tx.locktime).toBe('lockTime' in v ? v.lockTime : 0);
    expect(tx.ins.every((i) => i.sequence === 0xffffffff)).toBe(true);
    expect(tx.outs.map((o) => o.value)).toEqual(plan.outputs.map((o) => o.value));
    const sigLengths = expectValidSignatures(signed.hex, plan.inputs, key, kind);

    // The fee was sized for KDF's estimate, which assumes 72-byte signatures: it is never below
    // the signed size, and for P2PKH it is exactly the size plus one byte per shorter signature.
    const estimated = estimateTxVsize(plan.inputs.length, plan.outputs, kind);
    expect(estimated).toBe(v.expected.estimatedVsize);
    expect(signed.vsize).toBeLessThanOrEqual(estimated);
    if (kind === 'p2pkh') expect(signed.size).toBe(estimated - sigLengths.reduce((a, n) => a + (72 - n), 0));
    else expect(estimated - signed.vsize).toBeLessThanOrEqual(1);
    expect(plan.fee).toBeGreaterThanOrEqual(feeForVsize(feeRate, signed.vsize));
  });
});

describe('signTx of fork-id coins', () => {
  it.each(vectors.forkIdVectors)('$description', async (v) => {
    const c = coin(v.coin);
    const key = keyPairFromPrivkey(privkeyFromPassphrase(v.passphrase));
    const spendable = unspents(v.unspents);
    const plan = planTx({
      unspents: spendable,
      outputs: [{ script: decodeAddress(c, v.to).script, value: BigInt(v.amount) }],
      changeScript: decodeAddress(c, myAddress(c, key.publicKey)).script,
      inputKind: 'p2pkh',
      feeRate: { kind: 'fixedPerKb', satPerKb: 1000n },
      feePolicy: { kind: 'sendExact' },
      dust: c.utxo!.dust,
      ticker: c.ticker,
      decimals: 8,
    });
    const tx = Transaction.fromHex((await signTx(plan, key, c, 'p2pkh')).hex);
    const scriptCode = p2pkhScript(hash160(key.publicKey));
    const { hashType, digest } = v.expected;
    expect(tx.ins).toHaveLength(plan.inputs.length);
    plan.inputs.forEach((u, i) => {
      const [sig, pub] = sigAndKey(tx, i, 'p2pkh');
      expect(bytesToHex(pub)).toBe(bytesToHex(key.publicKey));
      expect(sig.at(-1)).toBe(hashType);
      // bitcoinjs-lib's BIP143 and legacy hashes, independent of ours, with the coin's hash type.
      const forkIdHash = tx.hashForWitnessV0(i, scriptCode, u.value, hashType);
      const legacyHash = tx.hashForSignature(i, scriptCode, hashType);
      const verifies = (h: Uint8Array) => secp256k1.verify(sig.subarray(0, -1), h, pub, { prehash: false, lowS: true, format: 'der' });
      expect(verifies(forkIdHash)).toBe(digest === 'forkId');
      expect(verifies(legacyHash)).toBe(digest === 'legacy');
    });
  });

  it(`verifies BCH mainnet transaction ${mainnet.txid} with our fork-id digest, and signs it again: the same bytes but for a low-R signature`, async () => {
    const published = Transaction.fromHex(mainnet.hex);
    expect(published.getId()).toBe(mainnet.txid);
    const [sig, pub] = sigAndKey(published, 0, 'p2pkh');
    expect(sig.at(-1)).toBe(0x41);
    const value = BigInt(mainnet.spent.value);
    const digest = new SighashCache(published, hexToBytes(mainnet.spent.script), 0x41).witnessV0(0, value);
    expect(secp256k1.verify(sig.subarray(0, -1), digest, pub, { prehash: false, lowS: true, format: 'der' })).toBe(true);

    const bch = coin('BCH');
    const outputs = mainnet.outputs.map((o) => ({ script: decodeAddress(bch, o.address).script, value: BigInt(o.value) }));
    expect(outputs.map((o) => bytesToHex(o.script))).toEqual(mainnet.outputs.map((o) => o.script));
    const plan = { inputs: [{ txid: mainnet.spent.txid, vout: mainnet.spent.vout, value, height: 1 }], outputs, fee: 226n, change: 0n, spent: value };
    const key = keyPairFromPrivkey(hexToBytes(mainnet.privateKey));
    const signed = await signTx(plan, key, bch, 'p2pkh');
    // The published signature is RFC 6979's first nonce, whose R has its top bit set; ours is the
    // low-R one KDF makes (sign_ecdsa_low_r). Everything else is the published bytes.
    const firstNonce = secp256k1.sign(digest, key.privateKey, { prehash: false, lowS: true, format: 'der' });
    expect(bytesToHex(firstNonce)).toBe(bytesToHex(sig.subarray(0, -1)));
    expect(firstNonce.length).toBe(71);
    const ours = Transaction.fromHex(signed.hex);
    const [ourSig] = sigAndKey(ours, 0, 'p2pkh');
    expect(ourSig.length - 1).toBeLessThanOrEqual(70);
    expect(ourSig.at(-1)).toBe(0x41);
    expect(secp256k1.verify(ourSig.subarray(0, -1), digest, pub, { prehash: false, lowS: true, format: 'der' })).toBe(true);
    ours.setInputScript(0, published.ins[0]!.script);
    expect(ours.toHex()).toBe(mainnet.hex);
  });

  it('signs a BCH input only for the value it spends: the fork-id digest commits to it', () => {
    const key = keyPairFromPrivkey(privkeyFromPassphrase('bob passphrase'));
    const tx = new Transaction();
    tx.addInput(new Uint8Array(32).fill(7), 0);
    tx.addOutput(p2pkhScript(hash160(key.publicKey)), 1000n);
    const scheme = sighashScheme(coin('BCH').utxo!);
    expect(scheme).toEqual({ type: 0x41, forkId: true });
    signInput(tx, 0, key, 'p2pkh', 5000n, scheme);
    const [sig, pub] = sigAndKey(tx, 0, 'p2pkh');
    const scriptCode = p2pkhScript(hash160(key.publicKey));
    const verifiesFor = (value: bigint) =>
      secp256k1.verify(sig.subarray(0, -1), tx.hashForWitnessV0(0, scriptCode, value, 0x41), pub, { prehash: false, lowS: true, format: 'der' });
    expect(verifiesFor(5000n)).toBe(true);
    expect(verifiesFor(5001n)).toBe(false);
  });
});

describe('signTx of a large plan', () => {
  it('yields to the event loop between inputs and stays within the standard size', async () => {
    const c = coin('LTC');
    const key = keyPairFromPrivkey(privkeyFromPassphrase('bob passphrase'));
    const mine = decodeAddress(c, myAddress(c, key.publicKey)).script;
    const wallet = Array.from({ length: 1200 }, (_, i) => ({ txid: (i + 1).toString(16).padStart(64, '0'), vout: 0, value: 100_000n, height: 1 }));
    const plan = planTx({
      unspents: wallet,
      outputs: [{ script: p2pkhScript(new Uint8Array(20).fill(7)), value: 120_000_000n }],
      changeScript: mine,
      inputKind: 'p2pkh',
      feeRate: { kind: 'fixedPerKb', satPerKb: 1000n },
      feePolicy: { kind: 'deductFromOutput', index: 0 },
      dust: c.utxo!.dust,
      ticker: c.ticker,
      decimals: 8,
    });
    expect(plan.inputs).toHaveLength(675);

    // Other work keeps its turns: a macrotask loop counts how often it ran before signing ended.
    let turns = 0;
    let signing = true;
    const tick = (): void => {
      if (!signing) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const signed = await signTx(plan, key, c, 'p2pkh');
    signing = false;
    expect(turns).toBeGreaterThan(1);

    const tx = Transaction.fromHex(signed.hex);
    expect(tx.weight()).toBeLessThanOrEqual(MAX_STANDARD_TX_WEIGHT);
    expect(tx.ins).toHaveLength(675);
    // bitcoinjs-lib's own sighash of a sample of the inputs (each re-serializes the whole transaction)
    const scriptCode = p2pkhScript(hash160(key.publicKey));
    for (const i of [0, 1, 252, 253, 337, 673, 674]) {
      const [sig, pub] = sigAndKey(tx, i, 'p2pkh');
      const sighash = tx.hashForSignature(i, scriptCode, Transaction.SIGHASH_ALL);
      expect(secp256k1.verify(sig.subarray(0, -1), sighash, pub, { prehash: false, lowS: true, format: 'der' })).toBe(true);
    }
  }, 30_000);
});

describe('signTx with shared sighash parts', () => {
  /** The old path: bitcoinjs-lib re-serializes the unsigned transaction for every input's sighash. */
  function perInputSighashes(hex: string, spent: Unspent[], key: KeyPair, kind: InputKind): Uint8Array[] {
    const tx = Transaction.fromHex(hex);
    for (const i of tx.ins) {
      i.script = new Uint8Array(0);
      i.witness = [];
    }
    const scriptCode = p2pkhScript(hash160(key.publicKey));
    return spent.map((u, i) =>
      kind === 'p2pkh' ? tx.hashForSignature(i, scriptCode, Transaction.SIGHASH_ALL) : tx.hashForWitnessV0(i, scriptCode, u.value, Transaction.SIGHASH_ALL),
    );
  }

  it('signs each input over the sighash of a fresh serialization, with a low R, for random transactions', async () => {
    const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ txid: bytes(32), vout: fc.nat({ max: 20 }), value: fc.bigInt({ min: 546n, max: 2n ** 50n }) }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.record({ script: fc.uint8Array({ minLength: 1, maxLength: 40 }), value: fc.bigInt({ min: 0n, max: 2n ** 60n }) }), { minLength: 1, maxLength: 4 }),
        bytes(32).filter((k) => k.some((b) => b !== 0) && k[0]! < 0xff),
        fc.constantFrom<InputKind>('p2pkh', 'p2wpkh'),
        fc.nat({ max: 0xffffffff }),
        async (ins, outputs, privateKey, kind, lockTime) => {
          const key = keyPairFromPrivkey(privateKey);
          const inputs = ins.map((i) => ({ txid: bytesToHex(i.txid), vout: i.vout, value: i.value, height: 1 }));
          const plan = { inputs, outputs, fee: 0n, change: 0n, spent: 0n };
          const signed = await signTx(plan, key, coin('LTC'), kind, lockTime);
          const tx = Transaction.fromHex(signed.hex);
          const sighashes = perInputSighashes(signed.hex, inputs, key, kind);
          inputs.forEach((_, i) => {
            const sig = sigAndKey(tx, i, kind)[0];
            // KDF's low-R signatures: DER of at most 70 bytes, then the hash type.
            expect(sig.length).toBeLessThanOrEqual(71);
            expect(secp256k1.verify(sig.subarray(0, -1), sighashes[i]!, key.publicKey, { prehash: false, lowS: true, format: 'der' })).toBe(true);
          });
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('signTx refusals', () => {
  it.each(vectors.refused)('$description', async ({ coin: ticker, expected }) => {
    const key = keyPairFromPrivkey(privkeyFromPassphrase('bob passphrase'));
    const plan = { inputs: [], outputs: [], fee: 0n, change: 0n, spent: 0n };
    let caught: unknown;
    try {
      await signTx(plan, key, coin(ticker), 'p2pkh');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MmError);
    expect((caught as MmError).errorType).toBe('InternalError');
    expect((caught as MmError).errorData).toBe(expected);
  });
});
