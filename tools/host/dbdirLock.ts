/**
 * One host per `dbdir`, as the browser's Web Locks allow one tab per wallet: two nodes on one
 * directory would both answer for the same wallets and write the same database.
 *
 * The lock is the file `kdf-node.lock` holding the holder's PID, created exclusively (a hard
 * link of a file already written, so it never exists empty) and removed when the holder exits. A process killed with SIGKILL leaves it behind: a lock
 * whose PID is no longer running (or is our own, reused after a restart) is stale and is taken
 * over. PID reuse by an unrelated live process would keep the directory locked; the error names
 * the file to delete in that case. Two hosts taking over the same stale lock at once cannot both
 * run: the SQLite file itself is then held in exclusive locking mode by the first (`sqliteStorage.ts`).
 */
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'kdf-node.lock';

export interface DbdirLock {
  readonly path: string;
  /** Removes the lock file if it is still ours; safe to call twice. */
  release(): void;
}

export class DbdirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `dbdir ${dir} is in use by another node (PID ${pid}); stop that node first, ` +
        `or delete ${join(dir, LOCK_FILE)} if no node is running there`,
    );
  }
}

export function lockDbdir(dir: string): DbdirLock {
  const path = join(dir, LOCK_FILE);
  if (!tryCreate(path)) {
    const holder = readPid(path);
    if (holder !== null && holder !== process.pid && isRunning(holder)) throw new DbdirInUseError(dir, holder);
    removeStale(path);
    // Someone else taking the stale lock in between wins; we do not remove theirs.
    if (!tryCreate(path)) throw new DbdirInUseError(dir, readPid(path) ?? 0);
  }
  let held = true;
  return {
    path,
    release() {
      if (!held) return;
      held = false;
      if (readPid(path) === process.pid) unlinkSync(path);
    },
  };
}

/** Creates the lock file with our PID already in it (written aside, then hard-linked: atomic and exclusive). */
function tryCreate(path: string): boolean {
  const aside = `${path}.${process.pid}`;
  writeFileSync(aside, `${process.pid}\n`);
  try {
    linkSync(aside, path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    unlinkSync(aside);
  }
}

function removeStale(path: string): void {
  try {
    unlinkSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/** The PID in a lock file; null when it is unreadable or garbled (a crash mid-write), i.e. stale. */
function readPid(path: string): number | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
