/** Shared by the coins-config tests: fixture loading and a JSON view of configs for matching. */
import { readFileSync } from 'node:fs';

const ROOT = new URL('../../../../../', import.meta.url);

export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(new URL(path, ROOT), 'utf8')) as T;
}

/** Bigints become decimal strings and undefined fields disappear, as in the JSON fixtures. */
export function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}
