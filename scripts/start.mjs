// `npm start`: install what is missing, build, and serve the app on http://127.0.0.1:4173.
import { execFileSync, spawn } from 'node:child_process';
import { buildIsCurrent, inputsDigest, recordBuild } from './buildStamp.mjs';
import { ensureNpmDependencies } from './ensureNpm.mjs';

ensureNpmDependencies();
const digest = inputsDigest();
if (buildIsCurrent(digest)) {
  console.log('Nothing changed since the last build: serving dist/ as it is.');
} else {
  // Never the browser-test build: the simulated Trezor must not reach users. Only this build is stamped,
  // so a test build left in dist/ is always replaced.
  execFileSync('npx', ['vite', 'build'], { stdio: 'inherit', env: { ...process.env, VITE_TREZOR_SIM: '' } });
  recordBuild(digest);
}
console.log('\nServing the app at http://127.0.0.1:4173/ (Ctrl-C to stop)\n');
const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', '4173', '--strictPort'], {
  stdio: 'inherit',
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
