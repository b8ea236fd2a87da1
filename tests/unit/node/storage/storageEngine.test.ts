/** The storage interface's behaviour, the same on both engines (IndexedDB in the browser, SQLite in the host). */
import { describe, expect, it } from 'vitest';
import { KeyExistsError, type Database, type DbSchema, type StorageFactory } from '../../../../src/node/storage';
import { MmError } from '../../../../src/node/core/errors';
import { engines } from './engines';

const NAME = 'TEST_1::KOMODEFI::things';

const V1: DbSchema = {
  db: 'things',
  version: 1,
  stores: {
    things: { keyPath: 'id', indexes: { by_tag: 'tag' } },
    pairs: { keyPath: ['coin', 'n'], indexes: { by_coin: 'coin' } },
  },
};

async function caught(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a rejection');
}

async function seeded(storage: StorageFactory): Promise<Database> {
  const db = await storage.open(NAME, V1);
  await db.write([
    { type: 'put', store: 'things', value: { id: 'b', tag: 'x', n: 2 } },
    { type: 'put', store: 'things', value: { id: 'a', tag: 'y', n: 1 } },
    { type: 'put', store: 'things', value: { id: 'c', tag: 'x', n: 3 } },
  ]);
  return db;
}

describe.each(engines)('storage engine: $name', ({ fresh }) => {
  it('puts, gets and lists records in key order, replacing on put', async () => {
    const db = await seeded(fresh());
    expect(await db.get('things', 'a')).toEqual({ id: 'a', tag: 'y', n: 1 });
    expect(await db.get('things', 'zz')).toBeUndefined();
    await db.write([{ type: 'put', store: 'things', value: { id: 'a', tag: 'x', n: 10, nested: { list: [1, 'two', null, true] } } }]);
    expect(await db.getAll('things')).toEqual([
      { id: 'a', tag: 'x', n: 10, nested: { list: [1, 'two', null, true] } },
      { id: 'b', tag: 'x', n: 2 },
      { id: 'c', tag: 'x', n: 3 },
    ]);
    db.close();
  });

  it('orders compound keys element by element, numbers before strings', async () => {
    const db = await fresh().open(NAME, V1);
    const rows = [
      { coin: 'B', n: 'a' },
      { coin: 'A', n: 10 },
      { coin: 'A', n: -1.5 },
      { coin: 'A', n: 'z' },
      { coin: 'AB', n: 0 },
      { coin: 'A', n: 2 },
    ];
    await db.write(rows.map((value) => ({ type: 'put' as const, store: 'pairs', value })));
    expect((await db.getAll('pairs')).map((r) => (r as { n: unknown }).n)).toEqual([-1.5, 2, 10, 'z', 0, 'a']);
    expect(await db.get('pairs', ['A', 10])).toEqual({ coin: 'A', n: 10 });
    expect(await db.getAllFromIndex('pairs', 'by_coin', 'A')).toEqual([
      { coin: 'A', n: -1.5 },
      { coin: 'A', n: 2 },
      { coin: 'A', n: 10 },
      { coin: 'A', n: 'z' },
    ]);
    db.close();
  });

  it('reads by index, keeps the index in step with puts and deletes, and skips records without the value', async () => {
    const db = await seeded(fresh());
    expect(await db.getAllFromIndex('things', 'by_tag', 'x')).toEqual([
      { id: 'b', tag: 'x', n: 2 },
      { id: 'c', tag: 'x', n: 3 },
    ]);
    await db.write([
      { type: 'put', store: 'things', value: { id: 'b', tag: 'y', n: 2 } },
      { type: 'delete', store: 'things', key: 'c' },
      { type: 'put', store: 'things', value: { id: 'd', n: 4 } },
      { type: 'delete', store: 'things', key: 'never-stored' },
    ]);
    expect(await db.getAllFromIndex('things', 'by_tag', 'x')).toEqual([]);
    expect((await db.getAllFromIndex('things', 'by_tag', 'y')).map((r) => (r as { id: string }).id)).toEqual(['a', 'b']);
    expect((await db.getAll('things')).map((r) => (r as { id: string }).id)).toEqual(['a', 'b', 'd']);
    db.close();
  });

  it('rolls a whole write back when an add hits an existing key', async () => {
    const db = await seeded(fresh());
    const error = await caught(
      db.write([
        { type: 'put', store: 'things', value: { id: 'new', tag: 'x', n: 9 } },
        { type: 'delete', store: 'things', key: 'b' },
        { type: 'add', store: 'things', value: { id: 'a', tag: 'z', n: 0 } },
      ]),
    );
    expect(error).toBeInstanceOf(KeyExistsError);
    expect(error.name).toBe('ConstraintError');
    expect((await db.getAll('things')).map((r) => (r as { id: string }).id)).toEqual(['a', 'b', 'c']);
    expect(await db.get('things', 'a')).toEqual({ id: 'a', tag: 'y', n: 1 });
    expect(await db.getAllFromIndex('things', 'by_tag', 'z')).toEqual([]);
    db.close();
  });

  it('rolls a whole write back when a record has no key, and adds a new key', async () => {
    const db = await seeded(fresh());
    const error = await caught(
      db.write([
        { type: 'delete', store: 'things', key: 'a' },
        { type: 'put', store: 'things', value: { tag: 'x' } },
      ]),
    );
    expect(error.name).toBe('DataError');
    expect(await db.get('things', 'a')).toEqual({ id: 'a', tag: 'y', n: 1 });
    await db.write([{ type: 'add', store: 'things', value: { id: 'e', tag: 'q' } }]);
    expect(await db.getAllFromIndex('things', 'by_tag', 'q')).toEqual([{ id: 'e', tag: 'q' }]);
    db.close();
  });

  it.each([
    ['bytes', { id: 'x', blob: new Uint8Array([1, 2]) }],
    ['a bigint', { id: 'x', amount: 5n }],
    ['a Map', { id: 'x', m: new Map() }],
    ['NaN', { id: 'x', n: Number.NaN }],
    ['undefined in a list', { id: 'x', list: [undefined] }],
  ])('refuses a record that is not JSON (%s) and writes nothing', async (_what, value) => {
    const db = await seeded(fresh());
    const error = await caught(
      db.write([
        { type: 'delete', store: 'things', key: 'a' },
        { type: 'put', store: 'things', value },
      ]),
    );
    expect(error.name).toBe('DataError');
    expect(await db.get('things', 'a')).toEqual({ id: 'a', tag: 'y', n: 1 });
    expect(await db.get('things', 'x')).toBeUndefined();
    db.close();
  });

  it('keeps records across reopen, and keeps databases apart by name', async () => {
    const storage = fresh();
    (await seeded(storage)).close();
    const other = await storage.open('TEST_1::KOMODEFI::others', { ...V1, db: 'others' });
    expect(await other.getAll('things')).toEqual([]);
    other.close();
    const again = await storage.open(NAME, V1);
    expect(again.version).toBe(1);
    expect(await again.getAll('things')).toHaveLength(3);
    again.close();
  });

  it('upgrades: adds stores and indexes (indexing existing records), drops what is no longer listed', async () => {
    const storage = fresh();
    (await seeded(storage)).close();
    const v2: DbSchema = {
      db: 'things',
      version: 2,
      stores: {
        things: { keyPath: 'id', indexes: { by_n: 'n' } },
        notes: { keyPath: 'k' },
      },
    };
    const db = await storage.open(NAME, v2);
    expect(db.version).toBe(2);
    expect(await db.getAllFromIndex('things', 'by_n', 3)).toEqual([{ id: 'c', tag: 'x', n: 3 }]);
    expect((await caught(db.getAllFromIndex('things', 'by_tag', 'x'))).name).toBe('NotFoundError');
    expect((await caught(db.getAll('pairs'))).name).toBe('NotFoundError');
    await db.write([{ type: 'put', store: 'notes', value: { k: 1, text: 'hi' } }]);
    expect(await db.getAll('notes')).toEqual([{ k: 1, text: 'hi' }]);
    db.close();
  });

  it('refuses a database newer than the schema and changes nothing', async () => {
    const storage = fresh();
    (await seeded(storage)).close();
    (await storage.open(NAME, { ...V1, version: 2 })).close();

    const error = await caught(storage.open(NAME, V1));
    expect(error).toBeInstanceOf(MmError);
    expect((error as MmError).errorType).toBe('DbError');
    expect(error.message).toBe(`database ${NAME} is at version 2, this node knows up to 1`);

    const db = await storage.open(NAME, { ...V1, version: 2 });
    expect(await db.getAll('things')).toHaveLength(3);
    db.close();
  });

  it('refuses a key path change (a data migration) and keeps the old version', async () => {
    const storage = fresh();
    (await seeded(storage)).close();
    const error = await caught(storage.open(NAME, { db: 'things', version: 2, stores: { things: { keyPath: 'n' } } }));
    expect((error as MmError).errorType).toBe('DbError');
    expect(error.message).toContain(`migrating database ${NAME} to version 2 failed: DataError`);

    const db = await storage.open(NAME, V1);
    expect(db.version).toBe(1);
    expect(await db.getAllFromIndex('things', 'by_tag', 'y')).toEqual([{ id: 'a', tag: 'y', n: 1 }]);
    db.close();
  });

  it('refuses an invalid schema before touching the storage', async () => {
    const storage = fresh();
    const error = await caught(storage.open(NAME, { db: 'things', version: 0, stores: {} }));
    expect((error as MmError).errorType).toBe('DbError');
    expect(error.message).toContain('invalid version 0');
    const bad = await caught(storage.open(NAME, { db: 'things', version: 1, stores: { t: { keyPath: 'a b' } } }));
    expect(bad.message).toContain("invalid key path 'a b'");
  });

  it('fails every call after close', async () => {
    const db = await seeded(fresh());
    db.close();
    expect((await caught(db.get('things', 'a'))).name).toBe('InvalidStateError');
    expect((await caught(db.write([{ type: 'delete', store: 'things', key: 'a' }]))).name).toBe('InvalidStateError');
  });
});
