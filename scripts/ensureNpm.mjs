// Installs npm dependencies when node_modules is missing or older than package-lock.json.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

export function ensureNpmDependencies() {
  const marker = 'node_modules/.package-lock.json';
  const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs;
  if (!stale) return;
  // `npm install`, not `npm ci`: npm leaves the other platforms' optional binaries of
  // @foundry-rs/anvil out of the lock file, which `npm ci` then refuses as out of sync.
  console.log('Installing npm dependencies (npm install)...');
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit' });
}
