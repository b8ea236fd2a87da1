// The version string and build time the node reports through `version`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export function buildInfo() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
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
