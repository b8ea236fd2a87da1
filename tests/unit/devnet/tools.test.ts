/**
 * The devnet's preflight: a missing program is named with what installs it, before anything is
 * started (issue 25: a missing litecoind printed a spawn stack trace and left anvil running).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkTools, MissingToolsError } from '../../../devnet/tools';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

describe('devnet tools', () => {
  it('names every missing program with how to install it', async () => {
    const missing = [
      { path: '/nonexistent/litecoind', install: 'apt-get install litecoind' },
      { path: '/nonexistent/anvil', install: 'npm install' },
    ];
    const err = await checkTools([{ path: process.execPath, install: 'never shown' }, ...missing]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MissingToolsError);
    expect((err as MissingToolsError).missing.map((t) => t.path)).toEqual(['/nonexistent/litecoind', '/nonexistent/anvil']);
    expect((err as Error).message).toContain('/nonexistent/litecoind is missing: apt-get install litecoind');
    expect((err as Error).message).not.toContain('never shown');
  });

  it('refuses a file that is there but not executable', async () => {
    const notExecutable = fileURLToPath(import.meta.url);
    await expect(checkTools([{ path: notExecutable, install: 'chmod +x' }])).rejects.toBeInstanceOf(MissingToolsError);
  });

  it('`npm run devnet` without litecoind says what to install, prints no stack and starts nothing', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'devnet/main.ts', '--dir', `${REPO}.devnet-missing-tool-test`], {
      cwd: REPO,
      env: { ...process.env, LITECOIND: '/nonexistent/litecoind' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("/nonexistent/litecoind is missing: install Debian's litecoind package");
    expect(r.stderr).not.toMatch(/^\s+at /m);
    // Nothing was started: the check runs before the devnet's directory is even made.
    expect(r.stderr).not.toContain('anvil pid');
    expect(r.stdout).toBe('');
  });
});
