/**
 * The devnet's outside programs, checked before anything starts: a missing one is named with what
 * installs it, instead of a spawn error's stack trace after other processes were already running.
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { OPENSSL } from './electrum/selfSigned';

/** The real binary: /usr/bin/litecoind is Debian's wrapper, which writes ~/.litecoin/litecoin.conf. */
export const LITECOIND = process.env.LITECOIND ?? '/usr/lib/litecoin/litecoind';
/** The npm package's binary itself (one PID to stop), installed by `npm install`. */
export const ANVIL = process.env.ANVIL ?? fileURLToPath(new URL('../node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil', import.meta.url));

interface Tool {
  path: string;
  /** What to do when it is missing. */
  install: string;
}

const TOOLS: readonly Tool[] = [
  { path: LITECOIND, install: "install Debian's litecoind package (`apt-get install litecoind`; `npm test` does it as root), or set LITECOIND to the daemon's path" },
  { path: ANVIL, install: 'run `npm install` (the @foundry-rs/anvil package ships it), or set ANVIL to its path' },
  { path: OPENSSL, install: "install Debian's openssl package (`apt-get install openssl`), or set OPENSSL to its path: the Electrum servers' TLS certificate is made with it" },
];

/** Thrown before the devnet starts anything: each missing program and how to get it. */
export class MissingToolsError extends Error {
  constructor(readonly missing: readonly Tool[]) {
    super(`cannot start the devnet:\n${missing.map((t) => `  ${t.path} is missing: ${t.install}`).join('\n')}`);
    this.name = 'MissingToolsError';
  }
}

/** Resolves when every program is there and executable; rejects with MissingToolsError otherwise. */
export async function checkTools(tools: readonly Tool[] = TOOLS): Promise<void> {
  const checks = await Promise.all(tools.map((t) => access(t.path, constants.X_OK).then(() => null, () => t)));
  const missing = checks.filter((t): t is Tool => t !== null);
  if (missing.length > 0) throw new MissingToolsError(missing);
}
