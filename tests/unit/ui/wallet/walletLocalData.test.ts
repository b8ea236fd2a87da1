/**
 * The per-wallet localStorage entries: every prefix the page writes under a wallet's name is
 * listed (checked against the sources), so a rename carries them all and a delete drops them all.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetWalletLocalData, moveWalletLocalData, WALLET_KEY_PREFIXES } from '../../../../src/ui/components/wallet/walletLocalData';
import { installLocalStorage, removeLocalStorage } from '../mapStorage';

const UI = resolve(import.meta.dirname, '../../../../src/ui');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.(ts|svelte)$/.test(f) ? [p] : [];
  });
}

describe('per-wallet localStorage entries', () => {
  afterEach(() => removeLocalStorage());

  it('lists every key prefix the page sources build with a wallet name', () => {
    // A prefix is a string literal `browser-dex:<name>:` (keys of one value have no trailing colon).
    const found = new Set<string>();
    for (const file of sources(UI)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](browser-dex:[a-z0-9-]+:)['"`]/g)) found.add(m[1]!);
    }
    expect(found.size).toBeGreaterThan(0);
    expect([...found].sort()).toEqual([...WALLET_KEY_PREFIXES].sort());
  });

  it('moves one wallet’s entries, not those of a wallet whose name extends it, and forgets them', () => {
    const s = installLocalStorage();
    s.setItem('browser-dex:activated-coins:bob', '[1]');
    s.setItem('browser-dex:page:bob', '{"tab":"exchange"}');
    s.setItem('browser-dex:activated-coins:bobby', '[2]');
    moveWalletLocalData('bob', 'robert');
    expect(Object.fromEntries(s.items)).toEqual({
      'browser-dex:activated-coins:robert': '[1]',
      'browser-dex:page:robert': '{"tab":"exchange"}',
      'browser-dex:activated-coins:bobby': '[2]',
    });
    forgetWalletLocalData('robert');
    expect(Object.fromEntries(s.items)).toEqual({ 'browser-dex:activated-coins:bobby': '[2]' });
  });

  it('a storage that refuses writes keeps the old entries, and no storage is no error', () => {
    const s = installLocalStorage();
    s.setItem('browser-dex:page:bob', 'x');
    s.failWrites = true;
    moveWalletLocalData('bob', 'robert');
    expect(Object.fromEntries(s.items)).toEqual({ 'browser-dex:page:bob': 'x' });
    removeLocalStorage();
    expect(() => moveWalletLocalData('bob', 'robert')).not.toThrow();
    expect(() => forgetWalletLocalData('bob')).not.toThrow();
  });
});
