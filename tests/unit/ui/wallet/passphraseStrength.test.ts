/**
 * The brain-wallet entropy estimate against passphrases known to have been swept on Bitcoin's
 * chain or to sit in cracking lists, and against secrets drawn at random with at least 128 bits.
 */
import { describe, expect, it } from 'vitest';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { passphraseBits, STRONG_PASSPHRASE_BITS, weakPassphraseWarning } from '../../../../src/ui/components/wallet/passphraseStrength';

/** Passphrases whose brain wallets were emptied, or that any cracking list tries early. */
const WEAK: { phrase: string; atMost: number }[] = [
  { phrase: 'password', atMost: 20 },
  { phrase: 'correct horse battery staple', atMost: 60 },
  { phrase: 'satoshi nakamoto', atMost: 40 },
  { phrase: 'bob passphrase', atMost: 40 },
  { phrase: 'devnet alice', atMost: 40 },
  { phrase: 'P@ssw0rd!', atMost: 60 },
  { phrase: 'Tr0ub4dor&3', atMost: 80 },
  { phrase: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', atMost: 12 },
  { phrase: 'hello hello hello hello hello hello hello hello hello hello hello hello', atMost: 30 },
  { phrase: 'to be or not to be that is the question', atMost: 120 },
  // Eleven distinct BIP39 words read as a passphrase: 121 bits, still short of a recovery phrase.
  { phrase: 'legal winner thank year wave sausage worth useful often yellow zone', atMost: 127 },
];

function randomIndex(n: number): number {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return (buf[0] ?? 0) % n;
}

/** Random secrets a generator would give, each with at least 128 bits of real entropy. */
function strongSamples(): string[] {
  const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const hex = '0123456789abcdef';
  const pick = (alphabet: string, n: number): string => Array.from({ length: n }, () => alphabet.charAt(randomIndex(alphabet.length))).join('');
  return [
    // 24 base64 characters: 144 bits.
    pick(base64, 24),
    // 32 hex digits: 128 bits.
    pick(hex, 32),
    // 12 words drawn from the BIP39 list without its checksum: 132 bits.
    Array.from({ length: 12 }, () => wordlist[randomIndex(wordlist.length)]).join(' '),
  ];
}

describe('passphrase strength', () => {
  it.each(WEAK)('“$phrase” is weak: at most $atMost bits, and the warning names the estimate', ({ phrase, atMost }) => {
    const bits = passphraseBits(phrase);
    expect(bits).toBeLessThanOrEqual(atMost);
    const warning = weakPassphraseWarning(phrase);
    expect(warning).not.toBeNull();
    expect(warning!.bits).toBe(Math.floor(bits));
    expect(warning!.text).toContain(`about ${Math.floor(bits)} bits`);
    expect(warning!.text).toContain(`${STRONG_PASSPHRASE_BITS}`);
  });

  it('random secrets of 128 bits or more draw no warning (many draws)', () => {
    for (let round = 0; round < 200; round++) {
      for (const secret of strongSamples()) {
        // A draw that repeats a word, or holds a run of three of one character, is rightly counted
        // lower (a base64 draw without digits and with such a run falls under 128 bits); such draws
        // are rare and skipped.
        if (new Set(secret.split(' ')).size !== secret.split(' ').length || /(.)\1\1/.test(secret)) continue;
        expect(passphraseBits(secret), secret).toBeGreaterThanOrEqual(STRONG_PASSPHRASE_BITS);
        expect(weakPassphraseWarning(secret)).toBeNull();
      }
    }
  });

  it('counts a repeated word or run once, is case-blind for words, and is 0 for nothing', () => {
    expect(passphraseBits('')).toBe(0);
    expect(passphraseBits('   \n ')).toBe(0);
    expect(passphraseBits('abandon abandon')).toBeCloseTo(passphraseBits('abandon') + 1);
    expect(passphraseBits('Abandon')).toBeCloseTo(11);
    expect(passphraseBits('zzzzzzzz')).toBeLessThan(passphraseBits('zq'));
    // More words never make a phrase weaker.
    expect(passphraseBits('correct horse battery staple extra')).toBeGreaterThan(passphraseBits('correct horse battery staple'));
  });
});
