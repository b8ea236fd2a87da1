/** Hashing in Electrum's conventions: hashes travel as byte-reversed ("display") hex. */
import { createHash } from 'node:crypto';

export const sha256 = (data: Uint8Array): Buffer => createHash('sha256').update(data).digest();
export const sha256d = (data: Uint8Array): Buffer => sha256(sha256(data));

/** Display hex (as daemons print txids and block hashes) ↔ internal byte order. */
export const fromDisplayHex = (hex: string): Buffer => Buffer.from(hex, 'hex').reverse();
export const toDisplayHex = (bytes: Uint8Array): string => Buffer.from(bytes).reverse().toString('hex');

/** The script hash Electrum indexes by: sha256(scriptPubKey), byte-reversed, as hex. */
export const scriptHash = (scriptHex: string): string => toDisplayHex(sha256(Buffer.from(scriptHex, 'hex')));

/**
 * Bitcoin-style merkle tree (an odd level duplicates its last hash): the branch for `index`,
 * deepest pairing first, and the root. Hashes in display hex, in and out.
 */
export function merkleBranch(displayHashes: string[], index: number): { branch: string[]; root: string } {
  let level = displayHashes.map(fromDisplayHex);
  const branch: Buffer[] = [];
  for (let i = index; level.length > 1; i >>= 1) {
    if (level.length % 2) level.push(level[level.length - 1]!);
    branch.push(level[i ^ 1]!);
    const next: Buffer[] = [];
    for (let j = 0; j < level.length; j += 2) next.push(sha256d(Buffer.concat([level[j]!, level[j + 1]!])));
    level = next;
  }
  return { branch: branch.map(toDisplayHex), root: toDisplayHex(level[0]!) };
}

export interface HeaderFields {
  version: number;
  previousblockhash?: string;
  merkleroot: string;
  time: number;
  bits: string;
  nonce: number;
}

/** The 80-byte header, rebuilt from `getblock` fields so a block costs one RPC call. */
export function serializeHeader(b: HeaderFields): Buffer {
  const out = Buffer.alloc(80);
  out.writeUInt32LE(b.version >>> 0, 0);
  if (b.previousblockhash) fromDisplayHex(b.previousblockhash).copy(out, 4);
  fromDisplayHex(b.merkleroot).copy(out, 36);
  out.writeUInt32LE(b.time, 68);
  out.writeUInt32LE(parseInt(b.bits, 16), 72);
  out.writeUInt32LE(b.nonce >>> 0, 76);
  return out;
}
