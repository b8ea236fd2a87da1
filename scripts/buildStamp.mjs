// Whether the last `npm start` build still matches its inputs, so a start with nothing changed serves
// what is there instead of rebuilding (a minute on a small machine).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'svelte.config.js', 'tsconfig.json', 'package-lock.json'];
const STAMP = join('dist', '.start-build');

function listFiles(path, out) {
  if (!existsSync(path)) return;
  const st = statSync(path);
  if (!st.isDirectory()) {
    out.push(`${path}\0${st.size}\0${st.mtimeMs}`);
    return;
  }
  for (const name of readdirSync(path).sort()) listFiles(join(path, name), out);
}

function headCommit(root) {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'nogit';
  }
}

/** A digest of every input's path, size and mtime, and the commit the version string names. */
export function inputsDigest(root = '.', inputs = INPUTS) {
  const files = [];
  for (const input of inputs) listFiles(join(root, input), files);
  return createHash('sha256').update(headCommit(root)).update('\n').update(files.join('\n')).digest('hex');
}

export function buildIsCurrent(digest, root = '.', stampFile = STAMP) {
  const stamp = join(root, stampFile);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === digest;
}

export function recordBuild(digest, root = '.', stampFile = STAMP) {
  writeFileSync(join(root, stampFile), digest);
}
