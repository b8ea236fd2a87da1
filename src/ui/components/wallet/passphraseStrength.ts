/**
 * How guessable a brain-wallet passphrase is: a conservative entropy estimate in bits, the way
 * cracking tools guess. A passphrase's key is only as strong as the passphrase, and brain wallets
 * are swept by bots that try phrases, words and common substitutions; a BIP39 recovery phrase
 * carries 128 bits or more, so that is the bar.
 *
 * The estimate is, per whitespace-separated token, the smaller of two attackers' costs: one trying
 * characters (log2 of the character classes used, per character; a run of one character counts
 * once, plus its length), and one trying words (a BIP39 word is one of 2,048; another word of
 * letters one of about 100,000). A token repeated in the phrase adds one bit.
 */
import { wordlist } from '@scure/bip39/wordlists/english.js';

/** Below this a passphrase is weaker than a 12-word BIP39 phrase. */
export const STRONG_PASSPHRASE_BITS = 128;

const BIP39_WORDS = new Set(wordlist);
const BIP39_WORD_BITS = Math.log2(wordlist.length);
/** A large English dictionary with inflections. */
const DICTIONARY_WORD_BITS = Math.log2(100_000);
/** Longer runs of letters are not taken for dictionary words. */
const LONGEST_WORD = 15;

function classSize(token: string): number {
  let size = 0;
  if (/[a-z]/.test(token)) size += 26;
  if (/[A-Z]/.test(token)) size += 26;
  if (/[0-9]/.test(token)) size += 10;
  // ASCII punctuation and space; then anything beyond printable ASCII, a large guess.
  if (/[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/.test(token)) size += 33;
  if (/[^ -~]/u.test(token)) size += 100;
  return size;
}

/** Characters; a run of three or more of one character counts as that character and the run's length. */
function characterBits(token: string): number {
  const perChar = Math.log2(classSize(token));
  let bits = 0;
  for (const run of token.match(/(.)\1*/gsu) ?? []) {
    const length = [...run].length;
    bits += length < 3 ? length * perChar : perChar + Math.log2(length);
  }
  return bits;
}

function wordBits(token: string): number | null {
  const lower = token.toLowerCase();
  if (BIP39_WORDS.has(lower)) return BIP39_WORD_BITS;
  if (/^[a-z]+$/i.test(token) && token.length <= LONGEST_WORD) return DICTIONARY_WORD_BITS;
  return null;
}

/** The estimated entropy of `passphrase` in bits (0 for nothing). */
export function passphraseBits(passphrase: string): number {
  const tokens = passphrase.trim().split(/\s+/).filter((t) => t !== '');
  const seen = new Set<string>();
  let bits = 0;
  for (const token of tokens) {
    const key = token.toLowerCase();
    if (seen.has(key)) {
      bits += 1;
      continue;
    }
    seen.add(key);
    const asWord = wordBits(token);
    const asChars = characterBits(token);
    bits += asWord === null ? asChars : Math.min(asWord, asChars);
  }
  return bits;
}

/** The warning for a passphrase weaker than a recovery phrase, or null when it is strong enough. */
export function weakPassphraseWarning(passphrase: string): { bits: number; text: string } | null {
  const bits = Math.floor(passphraseBits(passphrase));
  if (bits >= STRONG_PASSPHRASE_BITS) return null;
  return {
    bits,
    text:
      `This passphrase has about ${bits} bits of entropy, less than the ${STRONG_PASSPHRASE_BITS} of a recovery phrase. ` +
      'Brain-wallet passphrases like it are guessed by bots that sweep the coins within minutes of a deposit. ' +
      'Import it only to move its coins to a wallet created here.',
  };
}
