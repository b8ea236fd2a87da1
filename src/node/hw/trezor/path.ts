/** BIP32 paths as the device takes them: `address_n`, a list of uint32 with hardened indexes ≥ 2^31. */
import { MmError } from '../../core/errors';

export const HARDENED = 0x80000000;

/** `"m/44'/141'/0'/0/0"` or an already numeric `address_n`. */
export type DerivationPath = string | readonly number[];

export function toAddressN(path: DerivationPath): number[] {
  if (typeof path !== 'string') {
    if (!path.every((i) => Number.isInteger(i) && i >= 0 && i <= 0xffffffff)) throw invalidPath(path.join('/'));
    return [...path];
  }
  const parts = path.split('/');
  if (parts.shift() !== 'm') throw invalidPath(path);
  return parts.map((part) => {
    const m = /^(\d+)(['hH]?)$/.exec(part);
    const index = m?.[1] === undefined ? NaN : Number(m[1]);
    if (!(index < HARDENED)) throw invalidPath(path);
    return m?.[2] ? index + HARDENED : index;
  });
}

function invalidPath(path: string): MmError {
  const message = `Invalid derivation path '${path}'`;
  return new MmError({ errorType: 'InvalidParam', message, errorData: message, httpStatus: 400 });
}
