/**
 * Saved wallets as stored records, version 1, and back. A record is data from disk, not an object
 * of ours: reading validates every field and throws ParamError naming the first bad one. Version 0
 * is the row written before records had versions (the same fields, no `v`); it reads as version 1.
 */
import { ParamError, ParamReader } from '../../shared/params.js';

export const WALLET_RECORD_VERSION = 1;

/** One saved wallet, a row of KDF's `mnemonics` table. */
export interface StoredWallet {
  wallet_name: string;
  encrypted_passphrase: unknown /* opaque JSON from the crypto domain */;
  enable_hd: boolean;
  created_at: number /* ms */;
}

export type WalletRecord = StoredWallet & { v: typeof WALLET_RECORD_VERSION };

export const walletToRecord = (w: StoredWallet): WalletRecord => ({
  v: WALLET_RECORD_VERSION,
  wallet_name: w.wallet_name,
  encrypted_passphrase: w.encrypted_passphrase,
  enable_hd: w.enable_hd,
  created_at: w.created_at,
});

/** The wallet a stored row of version 0 or 1 holds. */
export function walletFromRecord(raw: unknown): StoredWallet {
  const r = new ParamReader(raw, '');
  const version = r.raw('v');
  if (version !== undefined && version !== WALLET_RECORD_VERSION) throw new ParamError('v', `unknown record version ${JSON.stringify(version)}`);
  const walletName = r.str('wallet_name');
  if (walletName === '') throw new ParamError('wallet_name', '`wallet_name` is empty');
  // The crypto domain checks the secret's own fields when it decrypts; here only that it is one object.
  r.obj_('encrypted_passphrase');
  return {
    wallet_name: walletName,
    encrypted_passphrase: r.raw('encrypted_passphrase'),
    enable_hd: r.bool('enable_hd'),
    created_at: r.uint('created_at'),
  };
}

/** The key to report an unreadable row under: its name when it has a readable one. */
export const walletRecordKey = (raw: unknown): string => {
  const name = typeof raw === 'object' && raw !== null ? (raw as { wallet_name?: unknown }).wallet_name : undefined;
  return typeof name === 'string' ? name : '(no name)';
};
