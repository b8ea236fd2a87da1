/** `npm test`'s engine step: a package that declares a Node range this Node misses is named (issue 25, defect 13). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unsupportedEngines } from '../../../scripts/checkEngines.mjs';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function tree(packages: Record<string, object>): string {
  root = mkdtempSync(join(tmpdir(), 'engines-'));
  for (const [path, pkg] of Object.entries(packages)) {
    mkdirSync(join(root, path), { recursive: true });
    writeFileSync(join(root, path, 'package.json'), JSON.stringify(pkg));
  }
  return root;
}

describe('checkEngines', () => {
  it('names the packages, scoped and nested too, whose engines.node this Node misses', () => {
    // p-retry@8.0.1 and nanoid@6.0.2 as published (engines.node ">=22"), which npm only warned about.
    const dir = tree({
      'p-retry': { name: 'p-retry', version: '8.0.1', engines: { node: '>=22' } },
      '@libp2p/circuit-relay-v2': { name: '@libp2p/circuit-relay-v2', version: '4.2.13' },
      '@libp2p/circuit-relay-v2/node_modules/nanoid': { name: 'nanoid', version: '6.0.2', engines: { node: '^22 || ^24 || >=26' } },
      'p-retry-7': { name: 'p-retry', version: '7.1.1', engines: { node: '>=20' } },
      nanoid5: { name: 'nanoid', version: '5.1.16', engines: { node: '^18 || >=20' } },
    });
    const bad = unsupportedEngines(dir, 'v20.20.2');
    expect(bad).toHaveLength(2);
    expect(bad.join('\n')).toContain('p-retry@8.0.1');
    expect(bad.join('\n')).toContain('nanoid@6.0.2');
    expect(unsupportedEngines(dir, 'v22.12.0')).toEqual([]);
  });

  it('passes this repository as installed', () => {
    expect(unsupportedEngines('node_modules', process.version)).toEqual([]);
  });
});
