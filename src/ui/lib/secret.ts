/**
 * What kind of secret the import field holds, by shape only. The node validates for real
 * (BIP39 checksum, WIF checksum, key range) and answers `InvalidPassphrase` when it disagrees.
 */

export type SecretKind = 'empty' | 'mnemonic' | 'wif' | 'hex' | 'passphrase';

export interface SecretInfo {
  kind: SecretKind;
  label: string;
  /** A shape problem worth showing before the node is asked (the node still decides). */
  warning: string | null;
}

const MNEMONIC_LENGTHS = [12, 15, 18, 21, 24];
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

export function detectSecret(raw: string): SecretInfo {
  const s = raw.trim();
  if (s === '') return { kind: 'empty', label: 'Nothing entered yet', warning: null };

  if (/^0x/i.test(s)) {
    const ok = /^0x[0-9a-fA-F]{64}$/.test(s);
    return {
      kind: 'hex',
      label: '0x-hex private key',
      warning: ok ? null : 'A 0x private key has exactly 64 hex digits after “0x”.',
    };
  }

  if (!/\s/.test(s) && (s.length === 51 || s.length === 52) && BASE58.test(s)) {
    return { kind: 'wif', label: 'WIF private key', warning: null };
  }

  const words = s.split(/\s+/);
  if (words.length >= 12 && words.every((w) => /^[a-z]+$/i.test(w))) {
    if (MNEMONIC_LENGTHS.includes(words.length)) {
      return { kind: 'mnemonic', label: `BIP39 mnemonic (${words.length} words)`, warning: null };
    }
    return {
      kind: 'passphrase',
      label: 'Legacy passphrase',
      warning: `${words.length} words: a BIP39 mnemonic has 12, 15, 18, 21 or 24 words, so this is used as a legacy passphrase.`,
    };
  }

  return { kind: 'passphrase', label: 'Legacy passphrase', warning: null };
}

/** The secret as sent to the node: surrounding whitespace dropped; mnemonic words single-spaced. */
export function normalizeSecret(raw: string, kind: SecretKind): string {
  const s = raw.trim();
  return kind === 'mnemonic' ? s.split(/\s+/).join(' ') : s;
}
