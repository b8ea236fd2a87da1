/**
 * KDF's signed envelope. The vectors follow from the rules (kdf-facts §5.2) for KDF's own test
 * key ("bob passphrase") and the payload of KDF's `signed_message_serde` test (`vec![0u8; 32]`,
 * an rmp array of 32 zero ints); the signature is checked independently with OpenSSL.
 */
import { createPublicKey, verify } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, sha256 } from '../../../../src/node/crypto';
import { decodeSigned, encodeSigned } from '../../../../src/node/p2p/envelope';
import { EnvelopeError } from '../../../../src/node/p2p/errors';
import { encodeMsgpack, variant } from '../../../../src/node/p2p/msgpack';

const BOB_PRIV = hexToBytes('b8c774f071de08c7fd8f62b97f1a5726f6ce9f1bcf141b70b86689254ed6714e');
const BOB_PUB = '022cd3021a2197361fb70b862c412bc8e44cff6951fa1de45ceabfdd9b4c520420';
const PAYLOAD = hexToBytes('dc0020' + '00'.repeat(32));
const BOB_SIG =
  '760fa53a0c024c6f17471d1e9584ab312110293dbea8840344b9d51d292dab4e' + '11c0d3ad8df77a151a8ec94cf9f9da2b106462737b6d31df5da82042ec393a67';
/** [ {0: bin(33)}, bin(64), bin(35) ] */
const BOB_ENVELOPE = `93 8100c421${BOB_PUB} c440${BOB_SIG} c423${bytesToHex(PAYLOAD)}`.replaceAll(' ', '');

const CURVE_N = secp256k1.Point.CURVE().n;

function rejectsWith(bytes: Uint8Array, reason: EnvelopeError['reason'], message: RegExp): void {
  let err: unknown;
  try {
    decodeSigned(bytes);
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(EnvelopeError);
  expect((err as EnvelopeError).reason).toBe(reason);
  expect((err as EnvelopeError).errorType).toBe('InvalidSignedMessage');
  expect((err as EnvelopeError).message).toMatch(message);
}

/** An envelope with parts swapped in, written by hand (not by encodeSigned). */
function envelope(pubkey: Uint8Array, signature: Uint8Array, payload: Uint8Array, keyType = 0): Uint8Array {
  return encodeMsgpack([variant(keyType, pubkey), signature, payload]);
}

describe('signed envelope', () => {
  it('encodes KDF test key + payload to the fixed bytes', () => {
    expect(bytesToHex(encodeSigned(PAYLOAD, BOB_PRIV))).toBe(BOB_ENVELOPE);
  });

  it('the fixed signature verifies with OpenSSL over sha256(payload)', () => {
    const spki = Buffer.concat([Buffer.from('3036301006072a8648ce3d020106052b8104000a032200', 'hex'), Buffer.from(BOB_PUB, 'hex')]);
    const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
    expect(verify('sha256', PAYLOAD, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(BOB_SIG, 'hex'))).toBe(true);
    // and it is the low-S form libsecp256k1 makes
    expect(BigInt('0x' + BOB_SIG.slice(64)) <= CURVE_N / 2n).toBe(true);
  });

  it('decodes and verifies, returning the signer and the payload', () => {
    const { pubkey, payload } = decodeSigned(hexToBytes(BOB_ENVELOPE));
    expect(bytesToHex(pubkey)).toBe(BOB_PUB);
    expect(payload).toEqual(PAYLOAD);
  });

  it('round-trips any payload, empty and large', () => {
    const key = secp256k1.utils.randomSecretKey();
    for (const p of [new Uint8Array(0), new Uint8Array(70_000).fill(0xab)]) {
      const out = decodeSigned(encodeSigned(p, key));
      expect(out.payload).toEqual(p);
      expect(out.pubkey).toEqual(secp256k1.getPublicKey(key, true));
    }
  });

  describe('forgeries are refused', () => {
    const pub = hexToBytes(BOB_PUB);
    const sig = hexToBytes(BOB_SIG);

    it('a changed payload', () => {
      const p = PAYLOAD.slice();
      p[5] = 1;
      rejectsWith(envelope(pub, sig, p), 'signature', /invalid message signature/);
    });

    it("someone else's signature under bob's key", () => {
      const other = secp256k1.sign(sha256(PAYLOAD), new Uint8Array(32).fill(1), { prehash: false });
      rejectsWith(envelope(pub, other, PAYLOAD), 'signature', /invalid message signature/);
    });

    it('the high-S twin of a valid signature (malleated)', () => {
      const s = BigInt('0x' + BOB_SIG.slice(64));
      const high = hexToBytes(BOB_SIG.slice(0, 64) + (CURVE_N - s).toString(16).padStart(64, '0'));
      rejectsWith(envelope(pub, high, PAYLOAD), 'signature', /signature/);
    });

    it('r = 0 and r ≥ n', () => {
      rejectsWith(envelope(pub, new Uint8Array(64), PAYLOAD), 'signature', /signature/);
      rejectsWith(envelope(pub, new Uint8Array(64).fill(0xff), PAYLOAD), 'signature', /signature/);
    });
  });

  describe('malformed envelopes are refused', () => {
    const pub = hexToBytes(BOB_PUB);
    const sig = hexToBytes(BOB_SIG);

    it.each([
      ['a 63-byte signature', () => envelope(pub, sig.subarray(0, 63), PAYLOAD), 'encoding', /expected 64 bytes/],
      ['a 65-byte signature', () => envelope(pub, new Uint8Array(65), PAYLOAD), 'encoding', /expected 64 bytes/],
      ['an unknown key type', () => envelope(pub, sig, PAYLOAD, 1), 'encoding', /unknown public key type 1/],
      ['a 32-byte pubkey', () => envelope(pub.subarray(1), sig, PAYLOAD), 'pubkey', /33|32 bytes/],
      ['an uncompressed pubkey', () => envelope(secp256k1.getPublicKey(BOB_PRIV, false), sig, PAYLOAD), 'pubkey', /65 bytes/],
      ['a pubkey off the curve', () => envelope(hexToBytes('02' + '00'.repeat(31) + '05'), sig, PAYLOAD), 'pubkey', /not a compressed/],
      ['the payload as a str', () => encodeMsgpack([variant(0, pub), sig, 'text']), 'encoding', /expected bin/],
      ['a pubkey as an int array', () => encodeMsgpack([variant(0, Array.from(pub)), sig, PAYLOAD]), 'encoding', /expected bin/],
      ['four fields', () => encodeMsgpack([variant(0, pub), sig, PAYLOAD, null]), 'encoding', /struct of 3 fields, got 4/],
      ['trailing bytes', () => hexToBytes(BOB_ENVELOPE + '00'), 'encoding', /trailing/],
      ['a truncated envelope', () => hexToBytes(BOB_ENVELOPE.slice(0, -2)), 'encoding', /truncated/],
      ['not msgpack at all', () => new TextEncoder().encode('{"json":true}'), 'encoding', /not a signed message/],
    ] as const)('%s', (_name, make, reason, message) => {
      rejectsWith(make(), reason, message);
    });
  });
});
