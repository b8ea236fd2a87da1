/** Checks of the new-wallet form done in the page before anything reaches the node. */
import { meetsPolicy } from './passwords';

export function walletNameError(name: string, existing: readonly string[]): string | null {
  const n = name.trim();
  if (n === '') return 'Enter a name for the wallet.';
  if (existing.includes(n)) return `A wallet named “${n}” already exists in this browser. Choose another name.`;
  return null;
}

export function passwordError(pw: string): string | null {
  if (pw === '') return 'Enter a password.';
  if (!meetsPolicy(pw)) return 'The password does not meet all the requirements listed above.';
  return null;
}

export function repeatError(pw: string, repeat: string): string | null {
  if (repeat === '') return 'Repeat the password.';
  return pw === repeat ? null : 'The passwords do not match.';
}
