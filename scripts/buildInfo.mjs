// The version string and build time the node reports through `version`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest package.json above this module, which runs from scripts/ or bundled in dist-host/. */
function packageJsonPath() {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, 'package.json');
}

export function buildInfo() {
  const pkg = JSON.parse(readFileSync(packageJsonPath(), 'utf8'));
  let commit = 'nogit';
  try {
    commit = execFileSync('git', ['rev-parse', '--short=9', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // not a git checkout: keep 'nogit'
  }
  return { version: `${pkg.version}_browser-dex_${commit}`, datetime: new Date().toISOString() };
}
