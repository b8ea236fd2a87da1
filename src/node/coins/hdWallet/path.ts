/**
 * BIP44 paths of an HD coin: `m/purpose'/coin_type'` (the coin's `derivation_path`), then
 * `account'/chain/address_index`. KDF's limits: account ids and address ids below 2^31 (its
 * `DEFAULT_ACCOUNT_LIMIT` / `DEFAULT_ADDRESS_LIMIT`, the hardened flag), chains External (0) and
 * Internal (1), a gap limit of 20 unless the request names one.
 */

export type Bip44Chain = 'External' | 'Internal';

export const BIP44_CHAINS: readonly Bip44Chain[] = ['External', 'Internal'];

/** Account ids are `< ACCOUNT_LIMIT` (KDF's `DEFAULT_ACCOUNT_LIMIT`). */
export const ACCOUNT_LIMIT = 0x8000_0000;
/** Address ids per chain are `< ADDRESS_LIMIT` (KDF's `DEFAULT_ADDRESS_LIMIT`). */
export const ADDRESS_LIMIT = 0x8000_0000;
/** KDF's `DEFAULT_GAP_LIMIT`. */
export const DEFAULT_GAP_LIMIT = 20;
/**
 * The largest gap limit (and `min_addresses_number`) this node takes. KDF takes any u32, which
 * would let one request derive and query two billion addresses; a thousand empty addresses in a
 * row is far beyond any wallet's use, and bounds a scan at a few dozen Electrum batches.
 */
export const MAX_GAP_LIMIT = 1000;
/** The largest activation `min_addresses_number`, for the same reason. */
export const MAX_MIN_ADDRESSES = 1000;

export interface HdAddressId {
  accountId: number;
  chain: Bip44Chain;
  addressId: number;
}

export const chainIndex = (chain: Bip44Chain): number => (chain === 'External' ? 0 : 1);

/** `m/44'/141'/3'` from the coin's `m/44'/141'`. */
export function accountPath(coinPath: string, accountId: number): string {
  return `${coinPath}/${accountId}'`;
}

/** `m/44'/141'/3'/1/7`. */
export function addressPath(coinPath: string, id: HdAddressId): string {
  return `${accountPath(coinPath, id.accountId)}/${chainIndex(id.chain)}/${id.addressId}`;
}

/** Why a derivation path is not one of the coin's address paths. */
export class HdPathError extends Error {
  override readonly name = 'HdPathError';
}

/**
 * The address a full path names, as KDF's withdraw `from: {derivation_path}` reads it: the coin's
 * own purpose and coin type, a hardened account, chain 0 or 1, a non-hardened address index.
 */
export function parseAddressPath(coinPath: string, path: string): HdAddressId {
  const prefix = `${coinPath}/`;
  if (!path.startsWith(prefix)) throw new HdPathError(`Derivation path '${path}' is not under the coin's '${coinPath}'`);
  const rest = path.slice(prefix.length).split('/');
  const m = rest.length === 3 ? /^(\d{1,10})'$/.exec(rest[0] ?? '') : null;
  const chain = rest[1] === '0' ? 'External' : rest[1] === '1' ? 'Internal' : undefined;
  const addressId = /^\d{1,10}$/.test(rest[2] ?? '') ? Number(rest[2]) : undefined;
  if (!m || chain === undefined || addressId === undefined) {
    throw new HdPathError(`Derivation path '${path}' is not m/purpose'/coin_type'/account'/chain/address_index`);
  }
  const accountId = Number(m[1]);
  if (accountId >= ACCOUNT_LIMIT) throw new HdPathError(`Account id ${accountId} is not below ${ACCOUNT_LIMIT}`);
  if (addressId >= ADDRESS_LIMIT) throw new HdPathError(`Address id ${addressId} is not below ${ADDRESS_LIMIT}`);
  return { accountId, chain, addressId };
}
