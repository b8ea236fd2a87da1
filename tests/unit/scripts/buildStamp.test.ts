import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, inputsDigest, recordBuild } from '../../../scripts/buildStamp.mjs';

describe('npm start build stamp', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'stamp-'));
    mkdirSync(join(root, 'src'));
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'index.html'), '<!doctype html>');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('holds while nothing changed', () => {
    const digest = inputsDigest(root);
    expect(buildIsCurrent(digest, root)).toBe(false);
    recordBuild(digest, root);
    expect(buildIsCurrent(inputsDigest(root), root)).toBe(true);
  });

  it('breaks when a source is edited, added or touched, or the stamp is gone', () => {
    recordBuild(inputsDigest(root), root);
    writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 2;\n');
    expect(buildIsCurrent(inputsDigest(root), root)).toBe(false);

    recordBuild(inputsDigest(root), root);
    writeFileSync(join(root, 'src', 'b.ts'), '');
    expect(buildIsCurrent(inputsDigest(root), root)).toBe(false);

    recordBuild(inputsDigest(root), root);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'index.html'), later, later);
    expect(buildIsCurrent(inputsDigest(root), root)).toBe(false);

    // A test build empties dist/, taking the stamp with it.
    recordBuild(inputsDigest(root), root);
    rmSync(join(root, 'dist'), { recursive: true });
    mkdirSync(join(root, 'dist'));
    expect(buildIsCurrent(inputsDigest(root), root)).toBe(false);
  });
});
