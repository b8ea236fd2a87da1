/** The host's dbdir lock file, and the SQLite lock behind it. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DbdirInUseError, LOCK_FILE, lockDbdir } from '../../../../tools/host/dbdirLock';
import { DB_FILE, dbdirPath, openDbdir } from '../../../../tools/host/hostDbdir';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dbdir-lock-'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A PID that is certainly not running: a child that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 0;
}

describe('dbdir lock', () => {
  it('holds the lock file with our PID and removes it on release', () => {
    const lock = lockDbdir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses a directory held by a running process, naming it, and leaves its lock alone', async () => {
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dir, LOCK_FILE), `${holder.pid}\n`);
      let error: unknown;
      try {
        lockDbdir(dir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DbdirInUseError);
      expect((error as Error).message).toContain(`in use by another node (PID ${holder.pid})`);
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${holder.pid}\n`);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
  });

  it.each([
    ['a dead PID', async () => `${await deadPid()}\n`],
    ['garbled content', () => Promise.resolve('not a pid')],
  ])('takes over a stale lock (%s)', async (_what, content) => {
    writeFileSync(join(dir, LOCK_FILE), await content());
    const lock = lockDbdir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
  });

  it('does not remove a lock that another process has taken since', () => {
    const lock = lockDbdir(dir);
    writeFileSync(join(dir, LOCK_FILE), '999999\n');
    lock.release();
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe('999999\n');
  });
});

describe('the host dbdir', () => {
  it('defaults to DB beside the conf file, relative paths too, and refuses a non-path', () => {
    expect(dbdirPath('/etc/kdf/MM2.json', undefined)).toBe('/etc/kdf/DB');
    expect(dbdirPath('/etc/kdf/MM2.json', 'data/db')).toBe('/etc/kdf/data/db');
    expect(dbdirPath('/etc/kdf/MM2.json', '/var/db')).toBe('/var/db');
    expect(() => dbdirPath('/etc/kdf/MM2.json', 5)).toThrow("'dbdir' must be a non-empty path");
    expect(() => dbdirPath('/etc/kdf/MM2.json', ' ')).toThrow("'dbdir' must be a non-empty path");
  });

  it('creates the directory and its database file; the SQLite lock still refuses a second opener that got past the lock file', () => {
    const path = join(dir, 'nested', 'DB');
    const first = openDbdir(path);
    expect(existsSync(join(path, DB_FILE))).toBe(true);
    // Same PID: the lock file looks like our own stale one and is taken over; SQLite's own lock is not.
    expect(() => openDbdir(path)).toThrow(/database is locked/);
    first.close();
    const again = openDbdir(path);
    again.close();
    expect(existsSync(join(path, LOCK_FILE))).toBe(false);
  });
});
