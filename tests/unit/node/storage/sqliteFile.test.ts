/** The SQLite engine on disk: what the host relies on beyond the shared engine behaviour. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MmError } from '../../../../src/node/core/errors';
import { SqliteStorage } from '../../../../tools/host/sqliteStorage';
import { DURABILITY_SCHEMA } from './sqliteSchema';

const NAME = 'TEST_1::KOMODEFI::durable';
let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-storage-'));
  file = join(dir, 'node.sqlite3');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

function openError(path: string): MmError {
  try {
    SqliteStorage.file(path).close();
  } catch (e) {
    expect(e).toBeInstanceOf(MmError);
    return e as MmError;
  }
  throw new Error('expected the open to fail');
}

describe('SQLite storage in a file', () => {
  it('keeps records across a close and reopen, in WAL mode', async () => {
    const first = SqliteStorage.file(file);
    const db = await first.open(NAME, DURABILITY_SCHEMA);
    await db.write([{ type: 'put', store: 'items', value: { id: 1, text: 'kept' } }]);
    first.close();

    const raw = new Sqlite(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();

    const second = SqliteStorage.file(file);
    expect(await (await second.open(NAME, DURABILITY_SCHEMA)).getAll('items')).toEqual([{ id: 1, text: 'kept' }]);
    second.close();
  });

  it('refuses a second connection while the file is held', () => {
    const holder = SqliteStorage.file(file);
    const error = openError(file);
    expect(error.errorType).toBe('DbError');
    expect(error.message).toMatch(/cannot open the database file .*: SqliteError: database is locked/);
    holder.close();
    SqliteStorage.file(file).close();
  });

  it('refuses a file written by a newer layout and leaves it as it was', () => {
    const raw = new Sqlite(file);
    raw.pragma('user_version = 7');
    raw.close();
    expect(openError(file).message).toContain('written by a newer node (layout 7, this node knows up to 1)');
    const check = new Sqlite(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(7);
    check.close();
  });

  it('has every write that returned on disk after the writer is killed with SIGKILL', async () => {
    // node itself (tsx as a loader), so that the PID killed is the writer's own.
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'sqliteWriter.ts'), file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.split('\n').length > 50) resolve();
        });
        child.once('exit', () => reject(new Error(`writer exited early: ${err}`)));
      });
    } finally {
      child.kill('SIGKILL');
      await exited;
    }

    const acknowledged = out.split('\n').filter((l) => /^\d+$/.test(l)).map(Number);
    const last = Math.max(...acknowledged);
    const storage = SqliteStorage.file(file);
    const items = (await (await storage.open(NAME, DURABILITY_SCHEMA)).getAll('items')) as { id: number }[];
    storage.close();
    // Every acknowledged write is there, in one unbroken run from 0 (at most one more, killed before it printed).
    expect(items.length).toBeGreaterThanOrEqual(last + 1);
    expect(items.map((r) => r.id)).toEqual([...Array(items.length).keys()]);
  }, 60_000);
});
