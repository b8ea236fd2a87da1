/**
 * KDF's wallet/rpc password policy, mirrored so the form can explain it before the node is asked.
 * The node is the authority: its `PasswordPolicyViolation` is still shown when it disagrees.
 */

export interface PolicyCheck {
  id: 'length' | 'upper' | 'lower' | 'digit' | 'special' | 'keyword' | 'repeat';
  label: string;
  ok: boolean;
}

export function passwordPolicyChecks(pw: string): PolicyCheck[] {
  return [
    { id: 'length', label: 'At least 8 characters', ok: [...pw].length >= 8 },
    { id: 'upper', label: 'An uppercase letter', ok: /[A-Z]/.test(pw) },
    { id: 'lower', label: 'A lowercase letter', ok: /[a-z]/.test(pw) },
    { id: 'digit', label: 'A digit', ok: /[0-9]/.test(pw) },
    { id: 'special', label: 'A special character (not a letter or digit)', ok: /[^A-Za-z0-9]/.test(pw) },
    { id: 'keyword', label: 'Does not contain the word “password”', ok: !pw.toLowerCase().includes('password') },
    { id: 'repeat', label: 'No character 3 times in a row', ok: !/(.)\1\1/su.test(pw) },
  ];
}

export function meetsPolicy(pw: string): boolean {
  return passwordPolicyChecks(pw).every((c) => c.ok);
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGIT = '0123456789';
const SPECIAL = '!#%*+-.:=?@^_~';
const ALL = UPPER + LOWER + DIGIT + SPECIAL;

/** A uniformly random index below `n` (rejection sampling, no modulo bias). */
function randomBelow(n: number): number {
  const limit = Math.floor(0x100000000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    const v = buf[0] ?? 0;
    if (v < limit) return v % n;
  }
}

function pick(alphabet: string): string {
  return alphabet.charAt(randomBelow(alphabet.length));
}

/**
 * The per-session rpc password: 24 random characters plus one of each class, inserted at random
 * places, retried until it satisfies KDF's policy. Kept in memory only.
 */
export function generateRpcPassword(): string {
  for (;;) {
    const chars = Array.from({ length: 24 }, () => pick(ALL));
    for (const alphabet of [UPPER, LOWER, DIGIT, SPECIAL]) {
      chars.splice(randomBelow(chars.length + 1), 0, pick(alphabet));
    }
    const pw = chars.join('');
    if (meetsPolicy(pw)) return pw;
  }
}

/** `count` distinct positions in 1..n, ascending. */
export function randomPositions(n: number, count: number): number[] {
  const all = Array.from({ length: n }, (_, i) => i + 1);
  for (let i = all.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1);
    [all[i], all[j]] = [all[j] as number, all[i] as number];
  }
  return all.slice(0, Math.min(count, n)).sort((a, b) => a - b);
}
