/**
 * Order uuids. KDF names orders with random (v4) uuids, shows them hyphenated, and sends them in
 * ordermatch messages as their 16 raw bytes (`CompactUuid`).
 */
import { LOWER_UUID_RE } from '../../shared/uuid';

export function newUuid(): string {
  return crypto.randomUUID();
}

/** Lower-case hyphenated form, or null when `text` is not a uuid (uuid's own parser also takes upper case). */
export function parseUuid(text: string): string | null {
  const lower = text.toLowerCase();
  return LOWER_UUID_RE.test(lower) ? lower : null;
}

export function uuidToBytes(uuid: string): Uint8Array {
  const hex = uuid.replaceAll('-', '');
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function uuidFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new RangeError(`a uuid has 16 bytes, got ${bytes.length}`);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
