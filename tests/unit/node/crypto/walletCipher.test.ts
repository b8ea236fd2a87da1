import { base64 } from '@scure/base';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decryptSecret,
  encryptSecret,
  MIN_PBKDF2_ITERATIONS,
  type EncryptedSecret,
} from '../../../../src/node/crypto/index';
import { MmError } from '../../../../src/node/core/errors';

const SECRET = 'tank abandon bind salon remove wisdom net size aspect direct source fossil';
const PASSWORD = 'correct horse battery staple';

async function decryptError(enc: unknown, password = PASSWORD): Promise<MmError> {
  try {
    await decryptSecret(enc as EncryptedSecret, password);
  } catch (e) {
    expect(e).toBeInstanceOf(MmError);
    const err = e as MmError;
    expect(err.errorType).toBe('DecryptionError');
    expect(err.message).not.toContain(PASSWORD);
    expect(err.message).not.toContain('tank');
    return err;
  }
  throw new Error('decryptSecret did not fail');
}

function flipByte(b64: string, at: number): string {
  const bytes = base64.decode(b64);
  bytes[at]! ^= 0x01;
  return base64.encode(bytes);
}

describe('wallet cipher (real default iteration count)', () => {
  let enc: EncryptedSecret;
  beforeAll(async () => {
    enc = await encryptSecret(SECRET, PASSWORD);
  });

  it('stores a self-describing record at the default 600000 iterations', () => {
    expect(enc).toMatchObject({ version: 1, cipher: 'AES-256-GCM', kdf: 'PBKDF2-SHA256', iterations: 600_000 });
    expect(base64.decode(enc.salt)).toHaveLength(16);
    expect(base64.decode(enc.iv)).toHaveLength(12);
    expect(base64.decode(enc.ciphertext)).toHaveLength(new TextEncoder().encode(SECRET).length + 16);
    expect(JSON.stringify(enc)).not.toContain('tank');
  });

  it('round-trips', async () => {
    expect(await decryptSecret(enc, PASSWORD)).toBe(SECRET);
  });

  it('uses a fresh salt and iv each time', async () => {
    const again = await encryptSecret(SECRET, PASSWORD);
    expect(again.salt).not.toBe(enc.salt);
    expect(again.iv).not.toBe(enc.iv);
    expect(again.ciphertext).not.toBe(enc.ciphertext);
  });

  it('a wrong password fails with DecryptionError', async () => {
    const err = await decryptError(enc, 'wrong password');
    expect(err.message).toBe('Error decrypting passphrase: wrong password or corrupted data');
  });

  it.each([
    ['ciphertext', (e: EncryptedSecret) => ({ ...e, ciphertext: flipByte(e.ciphertext, 0) })],
    ['GCM tag', (e: EncryptedSecret) => ({ ...e, ciphertext: flipByte(e.ciphertext, base64.decode(e.ciphertext).length - 1) })],
    ['iv', (e: EncryptedSecret) => ({ ...e, iv: flipByte(e.iv, 3) })],
    ['salt', (e: EncryptedSecret) => ({ ...e, salt: flipByte(e.salt, 5) })],
  ])('tampered %s fails with DecryptionError', async (_label, tamper) => {
    const err = await decryptError(tamper(enc));
    expect(err.message).toBe('Error decrypting passphrase: wrong password or corrupted data');
  });

  it.each([
    ['not an object', () => null, /not an object/],
    ['unknown version', (e: EncryptedSecret) => ({ ...e, version: 2 }), /unsupported format version/],
    ['other cipher', (e: EncryptedSecret) => ({ ...e, cipher: 'AES-128-CBC' }), /unsupported cipher/],
    ['too few iterations', (e: EncryptedSecret) => ({ ...e, iterations: 1000 }), /iterations/],
    ['non-integer iterations', (e: EncryptedSecret) => ({ ...e, iterations: '600000' }), /iterations/],
    ['bad base64', (e: EncryptedSecret) => ({ ...e, salt: '***' }), /salt is not valid base64/],
    ['missing ciphertext', (e: EncryptedSecret) => ({ ...e, ciphertext: undefined }), /ciphertext is not a string/],
    ['short iv', (e: EncryptedSecret) => ({ ...e, iv: base64.encode(new Uint8Array(8)) }), /iv must be 12 bytes/],
    ['ciphertext shorter than the tag', (e: EncryptedSecret) => ({ ...e, ciphertext: base64.encode(new Uint8Array(4)) }), /shorter than the GCM tag/],
  ])('malformed record (%s) is refused before any key derivation', async (_label, mangle, re) => {
    const err = await decryptError(mangle(enc));
    expect(err.message).toMatch(/^Error decrypting passphrase: /);
    expect(err.message).toMatch(re);
  });

  it('refuses to encrypt below the minimum iteration count', async () => {
    await expect(encryptSecret(SECRET, PASSWORD, MIN_PBKDF2_ITERATIONS - 1)).rejects.toBeInstanceOf(MmError);
  });

  it('round-trips non-ASCII text', async () => {
    const text = 'pässphrase ✓ 日本';
    const e = await encryptSecret(text, 'pw ✓');
    expect(await decryptSecret(e, 'pw ✓')).toBe(text);
  });
});
