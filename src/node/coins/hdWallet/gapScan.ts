/**
 * KDF's address discovery (`scan_for_new_addresses_impl`) and its `get_new_address` check, run in
 * batches: instead of asking about one address at a time, each round asks about exactly as many
 * addresses as could still be checked before the scan must stop, in one request. The answers are
 * the ones KDF's one-by-one loops give.
 */
import { ADDRESS_LIMIT } from './path';

/** Whether each address id has any history, in the order asked; one round trip per call. */
export type UsedAddressesCheck = (addressIds: readonly number[]) => Promise<readonly boolean[]>;

export interface ChainScan {
  /** The chain's known addresses after the scan: one past its last used address (or as before). */
  knownAddressesNumber: number;
  /** The used address ids the scan found. */
  used: number[];
  /** Batches sent. */
  batches: number;
}

/**
 * Checks the addresses from `knownAddressesNumber` on, stopping once more than `gapLimit` in a row
 * have no history (KDF checks `gap_limit + 1` empty ones) or at the address limit. Addresses below
 * `knownAddressesNumber` are known already and not asked about.
 */
export async function scanChain(
  knownAddressesNumber: number,
  gapLimit: number,
  isUsed: UsedAddressesCheck,
  addressLimit = ADDRESS_LIMIT,
): Promise<ChainScan> {
  let next = knownAddressesNumber;
  let unused = 0;
  const used: number[] = [];
  let batches = 0;
  while (next < addressLimit && unused <= gapLimit) {
    const count = Math.min(gapLimit + 1 - unused, addressLimit - next);
    const ids = Array.from({ length: count }, (_, i) => next + i);
    const answers = await isUsed(ids);
    batches += 1;
    if (answers.length !== ids.length) throw new Error(`asked about ${ids.length} addresses, got ${answers.length} answers`);
    for (const [i, id] of ids.entries()) {
      if (answers[i]) {
        used.push(id);
        unused = 0;
      } else {
        unused += 1;
      }
    }
    next += count;
  }
  return { knownAddressesNumber: next - unused, used, batches };
}

export type NewAddressRefusal =
  | { kind: 'AddressLimitReached'; maxAddressesNumber: number }
  | { kind: 'EmptyAddressesLimitReached'; gapLimit: number };

/**
 * KDF's `check_if_can_get_new_address`: a new address is refused when the chain is full, or when
 * its last `gapLimit` known addresses (the last one if the limit is 0) all have no history.
 * Fewer known addresses than the gap limit always pass.
 */
export async function checkNewAddress(
  knownAddressesNumber: number,
  gapLimit: number,
  isUsed: UsedAddressesCheck,
  addressLimit = ADDRESS_LIMIT,
): Promise<NewAddressRefusal | null> {
  if (knownAddressesNumber === 0 || gapLimit > knownAddressesNumber) return null;
  if (knownAddressesNumber >= addressLimit) return { kind: 'AddressLimitReached', maxAddressesNumber: addressLimit };
  const tail = Math.max(gapLimit, 1);
  const ids = Array.from({ length: tail }, (_, i) => knownAddressesNumber - tail + i);
  const answers = await isUsed(ids);
  return answers.some(Boolean) ? null : { kind: 'EmptyAddressesLimitReached', gapLimit };
}
