/**
 * KDF's password policy (common/password_policy.rs), applied to `rpc_password` and
 * `wallet_password` unless `allow_weak_password` is set. Returns the first rule broken, or null.
 */
export function passwordPolicyViolation(password: string): string | null {
  if (password.toLowerCase().includes('password')) return "Password can't contain the word password";
  if ([...password].length < 8) return 'Password length should be at least 8 characters long';
  if (!/[0-9]/.test(password)) return 'Password should contain at least 1 digit';
  if (!/[a-z]/.test(password)) return 'Password should contain at least 1 lowercase character';
  if (!/[A-Z]/.test(password)) return 'Password should contain at least 1 uppercase character';
  if (!/[^A-Za-z0-9]/.test(password)) return 'Password should contain at least 1 special character';
  if (/(.)\1\1/u.test(password)) return "Password can't contain the same character 3 times in a row";
  return null;
}
