/**
 * Message signatures against vectors made elsewhere: KDF's own asserted signatures, other wallets'
 * (Trezor firmware, Electrum, Samourai) Bitcoin signed messages, and, for any message, signatures
 * computed here from the schemes' definitions with ethers (its own ECDSA and EIP-191 code).
 */
import { createHash, randomBytes } from 'node:crypto';
import { address as btcAddress } from 'bitcoinjs-lib';
import { SigningKey, Wallet, getBytes, verifyMessage } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  ethMessageHash,
  recoverEthSigner,
  recoverUtxoSignerHash,
  signEthMessage,
  signUtxoMessage,
  utxoMessageHash,
} from '../../../../src/node/coins/messageSigning';
import { medianTime } from '../../../../src/node/coins/chainRpc';
import { bytesToHex, hash160, keyPairFromPrivkey, privkeyFromPassphrase } from '../../../../src/node/crypto';
import { MmError } from '../../../../src/node/core/errors';
import vectors from '../../../fixtures/coins/message-signing.json';

interface VerifyCase {
  description: string;
  prefix: string;
  message?: string;
  messageRepeat?: { text: string; times: number };
  signature: string;
  address: { base58: string; version: number } | { bech32: string };
  valid: boolean;
}

interface BadCase {
  description: string;
  signature?: string;
  signatureHex?: string;
  error: string;
}

/** The address's hash as bitcoinjs-lib decodes it (not our decoder). */
function addressHash(a: VerifyCase['address']): Uint8Array {
  if ('bech32' in a) return Uint8Array.from(btcAddress.fromBech32(a.bech32).data);
  const decoded = btcAddress.fromBase58Check(a.base58);
  expect(decoded.version).toBe(a.version);
  return Uint8Array.from(decoded.hash);
}

/** Bitcoin's signed-message digest, written out from its definition. */
function referenceUtxoDigest(prefix: string, message: string): Uint8Array {
  const compactSize = (n: number): Buffer => {
    if (n < 0xfd) return Buffer.from([n]);
    if (n <= 0xffff) return Buffer.from([0xfd, n & 0xff, n >> 8]);
    const b = Buffer.alloc(5);
    b[0] = 0xfe;
    b.writeUInt32LE(n, 1);
    return b;
  };
  const p = Buffer.from(prefix, 'utf8');
  const m = Buffer.from(message, 'utf8');
  const once = createHash('sha256').update(Buffer.concat([compactSize(p.length), p, compactSize(m.length), m])).digest();
  return createHash('sha256').update(once).digest();
}

function caught(f: () => unknown): MmError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(MmError);
    return e as MmError;
  }
  throw new Error('expected an error');
}

const MESSAGES = ['', 'a', 'test', 'héllo ₿ 🚀 Ünïcode', 'x'.repeat(252), 'y'.repeat(253), 'z'.repeat(0x10000), '\u0000\n\r\t'];

describe('UTXO signed messages', () => {
  it.each(vectors.utxoSign)('$description', (c) => {
    const key = keyPairFromPrivkey(privkeyFromPassphrase(c.passphrase));
    expect(signUtxoMessage(utxoMessageHash(c.prefix, c.message), key.privateKey)).toBe(c.signature);
  });

  it.each(vectors.utxoVerify as VerifyCase[])('$description', (c) => {
    const message = c.message ?? c.messageRepeat!.text.repeat(c.messageRepeat!.times);
    const signer = recoverUtxoSignerHash(c.signature, utxoMessageHash(c.prefix, message));
    expect(bytesToHex(signer) === bytesToHex(addressHash(c.address))).toBe(c.valid);
  });

  it.each(MESSAGES.map((m) => ({ m, len: m.length })))('digest and signature of a $len-character message match the definition and ethers', ({ m }) => {
    const prefix = 'Litecoin Signed Message:\n';
    const priv = randomBytes(32);
    const digest = referenceUtxoDigest(prefix, m);
    expect(bytesToHex(utxoMessageHash(prefix, m))).toBe(bytesToHex(digest));
    const ref = new SigningKey(priv).sign(digest);
    const expected = Buffer.concat([Buffer.from([31 + ref.yParity]), getBytes(ref.r), getBytes(ref.s)]).toString('base64');
    expect(signUtxoMessage(digest, priv)).toBe(expected);
    expect(bytesToHex(recoverUtxoSignerHash(expected, digest))).toBe(bytesToHex(hash160(keyPairFromPrivkey(priv).publicKey)));
  });

  it.each(vectors.utxoBadSignatures as BadCase[])('refuses a signature: $description', (c) => {
    const signature = c.signature ?? Buffer.from(c.signatureHex!, 'hex').toString('base64');
    const e = caught(() => recoverUtxoSignerHash(signature, utxoMessageHash('Bitcoin Signed Message:\n', 'x')));
    expect(e.errorType).toBe('SignatureDecodingError');
    expect(e.httpStatus).toBe(400);
    expect(e.message).toContain(c.error);
  });
});

describe('EVM signed messages (EIP-191)', () => {
  it.each(vectors.ethSign)('$description', (c) => {
    const priv = Buffer.from(c.privkeyHex, 'hex');
    const signature = signEthMessage(ethMessageHash(c.prefix, c.message), priv);
    expect(signature).toBe(c.signature);
    expect(bytesToHex(recoverEthSigner(signature, ethMessageHash(c.prefix, c.message)))).toBe(c.address.slice(2).toLowerCase());
  });

  it.each(MESSAGES.map((m) => ({ m, len: m.length })))('a $len-character message signs as ethers signs it, and each verifies the other', ({ m }) => {
    const wallet = Wallet.createRandom();
    const hash = ethMessageHash('Ethereum Signed Message:\n', m);
    const ours = signEthMessage(hash, getBytes(wallet.privateKey));
    const theirs = wallet.signMessageSync(m);
    // Same r ‖ s; KDF writes v as 0/1 where ethers writes 27/28.
    expect(ours.slice(0, 130)).toBe(theirs.slice(0, 130));
    expect(parseInt(ours.slice(130), 16) + 27).toBe(parseInt(theirs.slice(130), 16));
    expect(verifyMessage(m, ours)).toBe(wallet.address);
    expect(bytesToHex(recoverEthSigner(theirs, hash))).toBe(wallet.address.slice(2).toLowerCase());
    expect(bytesToHex(recoverEthSigner(ours.slice(2), hash))).toBe(wallet.address.slice(2).toLowerCase());
  });

  it('a signature of one message does not recover the signer for another', () => {
    const wallet = Wallet.createRandom();
    const signature = wallet.signMessageSync('pay 1 ETH');
    const signer = recoverEthSigner(signature, ethMessageHash('Ethereum Signed Message:\n', 'pay 9 ETH'));
    expect(bytesToHex(signer)).not.toBe(wallet.address.slice(2).toLowerCase());
  });

  it.each(vectors.ethBadSignatures as BadCase[])('refuses a signature: $description', (c) => {
    const e = caught(() => recoverEthSigner(c.signature!, ethMessageHash('Ethereum Signed Message:\n', 'test')));
    expect(e.errorType).toBe('SignatureDecodingError');
    expect(e.httpStatus).toBe(400);
    expect(e.message).toContain(c.error);
  });
});

describe('medianTime (KDF common::median)', () => {
  it.each([
    { times: [5], median: 5 },
    { times: [3, 1, 2], median: 2 },
    { times: [4, 1, 3, 2], median: 2 },
    { times: [10, 11], median: 10 },
    { times: [1700000011, 1700000001, 1700000009, 1700000003, 1700000005, 1700000007, 1700000002, 1700000004, 1700000006, 1700000008, 1700000010], median: 1700000006 },
  ])('median of $times is $median', ({ times, median }) => {
    expect(medianTime(times)).toBe(median);
  });
});
