// Fails when an installed package declares an `engines.node` range this Node does not satisfy: the
// README promises Node 20, and npm only warns (EBADENGINE) about such a package. `.npmrc` sets
// engine-strict so `npm install` refuses one too; this step also catches a tree installed without it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

/** Every package folder under node_modules, scoped and nested ones included. */
function* packageDirs(root) {
  let entries;
  try {
    entries = readdirSync(root, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith('.')) continue;
    const dir = join(root, e.name);
    if (e.name.startsWith('@')) {
      yield* packageDirs(dir);
      continue;
    }
    yield dir;
    yield* packageDirs(join(dir, 'node_modules'));
  }
}

export function unsupportedEngines(root = 'node_modules', version = process.version) {
  const bad = [];
  for (const dir of packageDirs(root)) {
    let pkg;
    try {
      pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    } catch {
      continue; // a folder without a package.json is no package
    }
    const range = pkg.engines?.node;
    if (typeof range !== 'string' || !semver.validRange(range)) continue;
    if (!semver.satisfies(version, range, { includePrerelease: true })) bad.push(`${pkg.name}@${pkg.version} (${dir}) wants node ${range}`);
  }
  return bad;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bad = unsupportedEngines();
  if (bad.length > 0) {
    console.error(`packages that do not support Node ${process.version}:\n  ${bad.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`every installed package supports Node ${process.version}`);
}
