import { describe, expect, it } from 'vitest';
import { freshFactory, rawVersion } from './fakeIdb.js';
import { openDb, type DbSpec, type Migration } from '../../../../src/node/storage/index.js';
import { MmError } from '../../../../src/node/core/errors.js';

const NAME = 'TEST_1::KOMODEFI::things';

interface ThingV1 { id: string; label: string }
interface ThingV2 { id: string; label: string; tag: string }

const toV1: Migration = (db) => {
  db.createObjectStore('things', { keyPath: 'id' });
};

/** Adds an index and a store, and rewrites every v1 record into the v2 shape. */
const toV2: Migration = async (db, tx) => {
  const things = tx.objectStore('things');
  things.createIndex('by_tag', 'tag');
  db.createObjectStore('notes', { autoIncrement: true });
  for (let cursor = await things.openCursor(); cursor; cursor = await cursor.continue()) {
    const old = cursor.value as ThingV1;
    await cursor.update({ ...old, label: old.label.toUpperCase(), tag: old.label[0] ?? '' });
  }
};

const v1: DbSpec = { db: 'things', version: 1, migrations: { 1: toV1 } };
const v2: DbSpec = { db: 'things', version: 2, migrations: { 1: toV1, 2: toV2 } };

async function seedV1(factory: IDBFactory): Promise<void> {
  const db = await openDb(factory, NAME, v1);
  await db.put('things', { id: 'a', label: 'apple' });
  await db.put('things', { id: 'b', label: 'banana' });
  db.close();
}

async function caught(p: Promise<unknown>): Promise<MmError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(MmError);
    return e as MmError;
  }
  throw new Error('expected a rejection');
}

describe('openDb', () => {
  it('runs every migration in order on a fresh database', async () => {
    const factory = freshFactory();
    const order: number[] = [];
    const spec: DbSpec = {
      db: 'things',
      version: 3,
      migrations: {
        1: (db, tx) => { order.push(1); return toV1(db, tx); },
        2: async (db, tx) => { order.push(2); await toV2(db, tx); },
        3: (db) => { order.push(3); db.createObjectStore('extra'); },
      },
    };
    const db = await openDb(factory, NAME, spec);
    expect(order).toEqual([1, 2, 3]);
    expect(db.version).toBe(3);
    expect([...db.objectStoreNames].sort()).toEqual(['extra', 'notes', 'things']);
    db.close();
  });

  it('upgrades an older database, transforming its records', async () => {
    const factory = freshFactory();
    await seedV1(factory);

    const db = await openDb(factory, NAME, v2);
    expect(db.version).toBe(2);
    expect(await db.getAll('things')).toEqual([
      { id: 'a', label: 'APPLE', tag: 'a' },
      { id: 'b', label: 'BANANA', tag: 'b' },
    ] satisfies ThingV2[]);
    expect(await db.getAllFromIndex('things', 'by_tag', 'b')).toEqual([
      { id: 'b', label: 'BANANA', tag: 'b' },
    ]);
    expect(db.objectStoreNames.contains('notes')).toBe(true);
    db.close();
  });

  it('does not rerun migrations on an up-to-date database', async () => {
    const factory = freshFactory();
    let runs = 0;
    const counted: Migration = (db, tx) => {
      runs++;
      return toV1(db, tx);
    };
    const spec: DbSpec = { db: 'things', version: 1, migrations: { 1: counted } };
    (await openDb(factory, NAME, spec)).close();
    (await openDb(factory, NAME, spec)).close();
    expect(runs).toBe(1);
  });

  it('refuses a database newer than the spec and changes nothing', async () => {
    const factory = freshFactory();
    await seedV1(factory);
    (await openDb(factory, NAME, v2)).close();

    const error = await caught(openDb(factory, NAME, v1));
    expect(error.errorType).toBe('DbError');
    expect(error.httpStatus).toBe(500);
    expect(error.message).toBe(`database ${NAME} is at version 2, this node knows up to 1`);
    expect((error.cause as DOMException).name).toBe('VersionError');

    const db = await openDb(factory, NAME, v2);
    expect(await db.get('things', 'a')).toEqual({ id: 'a', label: 'APPLE', tag: 'a' });
    db.close();
  });

  it('aborts the whole upgrade when a migration fails, keeping the old version', async () => {
    const factory = freshFactory();
    await seedV1(factory);
    const boom = new Error('boom');
    const failing: DbSpec = {
      db: 'things',
      version: 3,
      migrations: { 1: toV1, 2: toV2, 3: () => { throw boom; } },
    };

    const error = await caught(openDb(factory, NAME, failing));
    expect(error.errorType).toBe('DbError');
    expect(error.message).toContain('to version 3 failed: Error: boom');
    expect(error.cause).toBe(boom);

    expect(await rawVersion(factory, NAME)).toBe(1);
    const db = await openDb(factory, NAME, v1);
    expect(await db.getAll('things')).toEqual([
      { id: 'a', label: 'apple' },
      { id: 'b', label: 'banana' },
    ] satisfies ThingV1[]);
    expect(db.objectStoreNames.contains('notes')).toBe(false);
    db.close();
  });

  it('reports an async migration failure with its own cause', async () => {
    const factory = freshFactory();
    const failing: DbSpec = {
      db: 'things',
      version: 1,
      migrations: {
        1: async (db, tx) => {
          db.createObjectStore('things', { keyPath: 'id' });
          await tx.objectStore('things').add({ id: 'x' });
          await tx.objectStore('things').add({ id: 'x' });
        },
      },
    };
    const error = await caught(openDb(factory, NAME, failing));
    expect(error.message).toContain('to version 1 failed: ConstraintError');
    expect(await factory.databases()).toEqual([]);
  });

  it('rejects a spec with a missing migration before touching the database', async () => {
    const factory = freshFactory();
    const error = await caught(openDb(factory, NAME, { db: 'things', version: 2, migrations: { 2: toV2 } }));
    expect(error.message).toBe('database things: no migration to version 1');
    expect(await factory.databases()).toEqual([]);
  });

  it('closes on versionchange so another connection can upgrade', async () => {
    const factory = freshFactory();
    const old = await openDb(factory, NAME, v1);
    let closed = false;
    old.addEventListener('versionchange', () => { closed = true; });

    const db = await openDb(factory, NAME, v2);
    expect(closed).toBe(true);
    expect(db.version).toBe(2);
    db.close();
  });

  it('fails clearly when a foreign connection blocks the upgrade', async () => {
    const factory = freshFactory();
    await seedV1(factory);
    const foreign = await new Promise<IDBDatabase>((resolve) => {
      const r = factory.open(NAME);
      r.onsuccess = () => resolve(r.result);
    });

    const error = await caught(openDb(factory, NAME, v2));
    expect(error.errorType).toBe('DbError');
    expect(error.message).toContain('held open at an older version by another tab');
    foreign.close();
  });
});
