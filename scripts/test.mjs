// `npm test`: install what is missing, then every check: types, lint, dependency rules, unit,
// integration, swap legs, build, end-to-end. The checks run in three lanes side by side (the swap
// legs and the browser mostly wait on chains and timers, so two cores carry them together); each
// step's output is kept in test-results/logs and printed whole when the step ends. Every step runs
// even when an earlier one fails; the run ends with a summary and exits non-zero if anything failed.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureNpmDependencies } from './ensureNpm.mjs';

ensureNpmDependencies();
const sys = spawnSync('bash', ['scripts/ensure-system-deps.sh'], { stdio: 'inherit' });
if (sys.status !== 0) process.exit(sys.status ?? 1);

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results/logs', { recursive: true });

const vitestJson = (project) => [
  'vitest', 'run', '--project', project, '--reporter=default', '--reporter=json',
  `--outputFile.json=test-results/${project}.json`,
];

/** Each step: a command, and where its test counts come from (none: the step counts as one check). */
const step = {
  engines: { name: 'node engines', cmd: ['node', 'scripts/checkEngines.mjs'] },
  types: { name: 'types', cmd: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  svelte: { name: 'svelte types', cmd: ['svelte-check', '--tsconfig', './tsconfig.json', '--fail-on-warnings'] },
  lint: { name: 'lint', cmd: ['eslint', '.', '--max-warnings', '0'] },
  deps: { name: 'dependency rules', cmd: ['depcruise', 'src', 'tools', '--config', '.dependency-cruiser.cjs'] },
  unit: { name: 'unit', cmd: vitestJson('unit'), counts: vitestCounts('test-results/unit.json') },
  integration: { name: 'integration', cmd: vitestJson('integration'), counts: vitestCounts('test-results/integration.json') },
  // The swap legs: real swaps on a devnet of their own.
  swaps: { name: 'swaps', cmd: vitestJson('swaps'), counts: vitestCounts('test-results/swaps.json') },
  swapWaits: { name: 'swap waits', cmd: vitestJson('swap-waits'), counts: vitestCounts('test-results/swap-waits.json') },
  // The e2e build: its worker holds the simulated Trezor the browser tests drive (`npm start` builds without it).
  build: { name: 'build', cmd: ['vite', 'build'], env: { VITE_TREZOR_SIM: '1' } },
  e2e: { name: 'e2e', cmd: ['playwright', 'test'], counts: playwrightCounts('test-results/e2e.json') },
};

/**
 * The lanes, balanced by their times on the 2-core CI machine (unit ~190 s, swaps ~600 s;
 * static checks ~70 s, integration ~370 s, e2e ~560 s; the waiting legs ~160 s). Steps in a lane
 * run in turn; lanes run side by side. Each devnet lives in its own temporary directory on its own ports.
 */
const lanes = [
  [step.engines, step.unit, step.swaps],
  [step.types, step.svelte, step.lint, step.deps, step.integration, step.build, step.e2e],
  [step.swapWaits],
];

function vitestCounts(file) {
  return () => {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    const failures = r.testResults.flatMap((file) => {
      const failed = file.assertionResults.filter((t) => t.status === 'failed');
      const where = file.name.replace(`${process.cwd()}/`, '');
      if (failed.length === 0 && file.status === 'failed') return [{ where, title: '(a hook or the file failed: see its log above)', why: file.message }];
      return failed.map((t) => ({ where, title: t.fullName, why: t.failureMessages?.[0] }));
    });
    return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests, failures };
  };
}

function playwrightCounts(file) {
  return () => {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const s = report.stats;
    const failures = [];
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests) {
          if (t.status !== 'unexpected') continue;
          const why = t.results.at(-1)?.error?.message;
          failures.push({ where: `${spec.file}:${spec.line}`, title: spec.title, why });
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
    return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped, failures };
  };
}

/** Runs one step with its output kept in its log, printed whole when it ends. */
function runStep(step) {
  const envText = Object.entries(step.env ?? {}).map(([k, v]) => `${k}=${v} `).join('');
  const header = `=== ${step.name}: ${envText}${step.cmd.join(' ')}`;
  console.log(`${header} (started)`);
  const logPath = `test-results/logs/${step.name.replaceAll(' ', '-')}.log`;
  const log = createWriteStream(logPath);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', step.cmd, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', ...step.env } });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', (e) => log.write(`\n${e.message}\n`));
    child.on('close', (code) => {
      log.end(() => {
        const seconds = (Date.now() - started) / 1000;
        console.log(`\n${header} (ended in ${seconds.toFixed(1)} s, exit ${code})`);
        process.stdout.write(readFileSync(logPath, 'utf8'));
        const ok = code === 0;
        let counts = { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
        if (step.counts) {
          try {
            counts = step.counts();
            if (!ok && counts.failed === 0) counts.failed = 1; // the runner failed outside any test
          } catch {
            counts = { passed: 0, failed: 1, skipped: 0 };
          }
        }
        resolve({ name: step.name, ok, seconds, ...counts });
      });
    });
  });
}

async function runLane(lane) {
  const out = [];
  for (const s of lane) out.push(await runStep(s));
  return out;
}

const started = Date.now();
const byName = new Map((await Promise.all(lanes.map(runLane))).flat().map((r) => [r.name, r]));
const results = Object.values(step).map((s) => byName.get(s.name));

console.log('\n=== summary');
for (const r of results) {
  const what = r.passed + r.failed > 1 || r.name.match(/unit|integration|swap|e2e/) ? ` (${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''})` : '';
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(18)} ${r.seconds.toFixed(1).padStart(6)} s${what}`);
}
// CI shows the tail of the output: name each failed test there, with the first lines of its error.
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => ({ step: r.name, ...f })));
if (failures.length > 0) console.log('\n=== failed tests');
for (const f of failures) {
  console.log(`${f.step}: ${f.where} › ${f.title}`);
  const why = String(f.why ?? '').split('\n').filter((l) => l.trim()).slice(0, 4);
  for (const line of why) console.log(`    ${line.slice(0, 300)}`);
}
console.log(`\nwall time: ${((Date.now() - started) / 1000).toFixed(0)} s`);
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
const skipped = results.reduce((a, r) => a + r.skipped, 0);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
