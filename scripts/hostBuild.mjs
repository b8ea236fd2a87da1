// The headless host as built JavaScript: tools/host/main.ts and the node core it runs, bundled by
// esbuild into dist-host/ (packages stay in node_modules: better-sqlite3 is native, the rest loads
// as it is), so a start runs no TypeScript compiler. The source's dynamic imports stay chunks
// loaded on first use, as in the page's worker. Rebuilt only when an input changed (the page's
// build stamp, on the host's inputs).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsCurrent, inputsDigest, recordBuild } from './buildStamp.mjs';

export const HOST_DIR = 'dist-host';
/** The entry: turns source maps on, then loads the current build, so stacks and `error_trace` name source files. */
export const HOST_MAIN = join(HOST_DIR, 'main.js');
const INPUTS = ['src/node', 'src/shared', 'tools/host', 'scripts/buildInfo.mjs', 'tsconfig.json', 'package-lock.json'];
const STAMP = join(HOST_DIR, '.build-stamp');
/** Builds kept: a host started from the previous build may still load a chunk of it on first use. */
const KEEP_BUILDS = 2;

const entry = (build) => `// Built by scripts/hostBuild.mjs from tools/host/main.ts: run with node ${HOST_MAIN}.
process.setSourceMapsEnabled(true);
await import('./${build}/host.js');
`;

/** Builds dist-host/ when its inputs changed since the last build; returns whether it built. */
export async function ensureHostBuild(root = '.') {
  const digest = inputsDigest(root, INPUTS);
  if (buildIsCurrent(digest, root, STAMP)) return false;
  const { build } = await import('esbuild');
  const dir = join(root, HOST_DIR);
  mkdirSync(dir, { recursive: true });
  // Each build in its own folder, and the entry swapped by a rename: a host starting meanwhile
  // loads either build whole, never half of one.
  const name = `build-${digest.slice(0, 12)}`;
  const tmp = join(dir, `.tmp-${process.pid}`);
  await build({
    absWorkingDir: resolve(root),
    entryPoints: { host: 'tools/host/main.ts' },
    outdir: tmp,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
  rmSync(join(dir, name), { recursive: true, force: true });
  renameSync(tmp, join(dir, name));
  writeFileSync(join(dir, 'main.js.tmp'), entry(name));
  renameSync(join(dir, 'main.js.tmp'), join(dir, 'main.js'));
  recordBuild(digest, root, STAMP);
  pruneBuilds(dir);
  return true;
}

function pruneBuilds(dir) {
  const builds = readdirSync(dir)
    .filter((f) => f.startsWith('build-'))
    .map((f) => ({ f, at: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { f } of builds.slice(KEEP_BUILDS)) if (existsSync(join(dir, f))) rmSync(join(dir, f), { recursive: true, force: true });
}

// `npm run build:host`: the build alone (`npm run node` builds too, when needed).
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log((await ensureHostBuild()) ? `built ${HOST_MAIN}` : `${HOST_MAIN} is up to date`);
}
