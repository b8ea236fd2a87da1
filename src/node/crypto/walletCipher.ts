/**
 * The wallet secret (mnemonic or passphrase) at rest: AES-256-GCM under a PBKDF2-SHA256 key from
 * the wallet password, through WebCrypto so it runs the same in a worker and under Node.
 * GCM's tag makes a wrong password and tampered data indistinguishable, and both fail closed.
 */
import { base64 } from '@scure/base';
import { MmError } from '../core/errors';

export interface EncryptedSecret {
  version: 1;
  cipher: 'AES-256-GCM';
  kdf: 'PBKDF2-SHA256';
  iterations: number;
  /** base64 */
  salt: string;
  /** base64 */
  iv: string;
  /** base64, includes GCM tag */
  ciphertext: string;
}

/** OWASP's 2023 floor for PBKDF2-HMAC-SHA256; stored objects below it are refused. */
export const MIN_PBKDF2_ITERATIONS = 600_000;
/** Refusing absurd counts keeps a corrupted record from freezing the worker. */
const MAX_PBKDF2_ITERATIONS = 100_000_000;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const GCM_TAG_BYTES = 16;

export async function encryptSecret(
  plaintext: string,
  password: string,
  iterations = MIN_PBKDF2_ITERATIONS,
): Promise<EncryptedSecret> {
  if (!isIterationCount(iterations)) {
    throw new MmError({
      errorType: 'InternalError',
      message: `PBKDF2 iterations must be an integer from ${MIN_PBKDF2_ITERATIONS} to ${MAX_PBKDF2_ITERATIONS}`,
    });
  }
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await deriveKey(password, salt, iterations);
  const ct = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plaintext));
  return {
    version: 1,
    cipher: 'AES-256-GCM',
    kdf: 'PBKDF2-SHA256',
    iterations,
    salt: base64.encode(salt),
    iv: base64.encode(iv),
    ciphertext: base64.encode(new Uint8Array(ct)),
  };
}

export async function decryptSecret(enc: EncryptedSecret, password: string): Promise<string> {
  const { iterations, salt, iv, ciphertext } = parseStored(enc);
  const key = await deriveKey(password, salt, iterations);
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, ciphertext);
  } catch (e) {
    throw decryptionError('wrong password or corrupted data', e);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch (e) {
    throw decryptionError('wrong password or corrupted data', e);
  }
}

interface ParsedSecret {
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: Uint8Array<ArrayBuffer>;
}

/** Checks a stored record (it comes from IndexedDB or an import, so it is untrusted input). */
function parseStored(enc: unknown): ParsedSecret {
  if (typeof enc !== 'object' || enc === null) throw decryptionError('the stored secret is not an object');
  const r = enc as Record<string, unknown>;
  if (r.version !== 1) throw decryptionError('unsupported format version');
  if (r.cipher !== 'AES-256-GCM' || r.kdf !== 'PBKDF2-SHA256') {
    throw decryptionError('unsupported cipher or key derivation');
  }
  if (!isIterationCount(r.iterations)) {
    throw decryptionError(
      `PBKDF2 iterations must be an integer from ${MIN_PBKDF2_ITERATIONS} to ${MAX_PBKDF2_ITERATIONS}`,
    );
  }
  const salt = decodeField(r.salt, 'salt');
  const iv = decodeField(r.iv, 'iv');
  const ciphertext = decodeField(r.ciphertext, 'ciphertext');
  if (salt.length !== SALT_BYTES) throw decryptionError(`salt must be ${SALT_BYTES} bytes`);
  if (iv.length !== IV_BYTES) throw decryptionError(`iv must be ${IV_BYTES} bytes`);
  if (ciphertext.length < GCM_TAG_BYTES) throw decryptionError('ciphertext is shorter than the GCM tag');
  return { iterations: r.iterations, salt, iv, ciphertext };
}

function decodeField(value: unknown, name: string): Uint8Array<ArrayBuffer> {
  if (typeof value !== 'string') throw decryptionError(`${name} is not a string`);
  try {
    return new Uint8Array(base64.decode(value));
  } catch (e) {
    throw decryptionError(`${name} is not valid base64`, e);
  }
}

function isIterationCount(n: unknown): n is number {
  return Number.isSafeInteger(n) && (n as number) >= MIN_PBKDF2_ITERATIONS && (n as number) <= MAX_PBKDF2_ITERATIONS;
}

async function deriveKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Fixed texts only: neither the password nor the plaintext ever reaches a message. */
function decryptionError(reason: string, cause?: unknown): MmError {
  const message = `Error decrypting passphrase: ${reason}`;
  return new MmError({ errorType: 'DecryptionError', message, errorData: message, httpStatus: 400, cause });
}
