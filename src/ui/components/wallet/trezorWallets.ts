/**
 * Trezor-only wallets, as Komodo Wallet makes them: the node needs a wallet of its own to run (its
 * internal key names its databases and signs its network messages; KDF cannot start a hardware
 * wallet without one), so "Use a Trezor" creates a stored wallet from a generated recovery phrase
 * under a generated password, and its coins are activated on the Trezor's accounts. The password is
 * kept here, in localStorage (Komodo Wallet keeps it in its secure storage), so the user never has
 * to know it; the wallet's own phrase guards no coin unless the user activates one with its keys.
 */
import type { RpcClient } from '../../../client/RpcClient';
import { generateRpcPassword } from '../../lib/passwords';

const KEY = 'browser-dex:trezor-wallets';
export const TREZOR_WALLET_NAME = 'My Trezor';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Wallet name → its generated password; entries that are not strings are dropped. */
function load(): Record<string, string> {
  try {
    const raw: unknown = JSON.parse(storage()?.getItem(KEY) ?? '{}');
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
    return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** Throws when the browser will not keep it: a Trezor wallet whose password is lost cannot be opened. */
function save(records: Record<string, string>): void {
  const s = storage();
  if (!s) throw new Error('This browser does not let the page keep data, so it cannot keep a Trezor wallet.');
  s.setItem(KEY, JSON.stringify(records));
}

export function isTrezorWallet(name: string): boolean {
  return Object.hasOwn(load(), name);
}

/** The generated password of a Trezor wallet, or null for any other wallet. */
export function trezorWalletPassword(name: string): string | null {
  const records = load();
  return Object.hasOwn(records, name) ? (records[name] ?? null) : null;
}

export function renameTrezorWallet(oldName: string, newName: string): void {
  const records = load();
  const password = records[oldName];
  if (password === undefined) return;
  delete records[oldName];
  save({ ...records, [newName]: password });
}

export function forgetTrezorWallet(name: string): void {
  const records = load();
  if (!Object.hasOwn(records, name)) return;
  delete records[name];
  save(records);
}

/** "My Trezor", or "My Trezor 2", … when a wallet of that name exists. */
function freeName(existing: readonly string[]): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? TREZOR_WALLET_NAME : `${TREZOR_WALLET_NAME} ${n}`;
    if (!existing.includes(name)) return name;
  }
}

export interface TrezorWalletConf {
  wallet_name: string;
  wallet_password: string;
  /** Only when the wallet is created: its generated phrase. */
  passphrase?: string;
  enable_hd?: boolean;
}

/**
 * The start conf of the Trezor wallet `name`; without a name, of the first listed Trezor wallet
 * (one serves any Trezor, as in Komodo Wallet: the device's accounts do not depend on it), or of a
 * new one. A new one's phrase comes from the node, and its password is stored before the node
 * creates the wallet, so a wallet that exists always has its password here.
 */
export async function trezorWalletConf(client: RpcClient, existing: readonly string[], name?: string): Promise<TrezorWalletConf> {
  const known = name ?? existing.find((n) => isTrezorWallet(n));
  if (known !== undefined) {
    const password = trezorWalletPassword(known);
    if (password === null) throw new Error(`“${known}” is not a Trezor wallet of this browser.`);
    return { wallet_name: known, wallet_password: password };
  }
  const { mnemonic } = await client.control({ op: 'generate_mnemonic' });
  const walletName = freeName(existing);
  const password = generateRpcPassword();
  save({ ...load(), [walletName]: password });
  return { wallet_name: walletName, wallet_password: password, passphrase: mnemonic, enable_hd: true };
}
