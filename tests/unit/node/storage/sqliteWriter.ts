/**
 * A child process for the SIGKILL test: writes records one transaction each into the SQLite file
 * given as argv[2], printing each id once its write has returned, until it is killed.
 */
import { SqliteStorage } from '../../../../tools/host/sqliteStorage';
import { DURABILITY_SCHEMA } from './sqliteSchema';

const path = process.argv[2];
if (!path) throw new Error('usage: sqliteWriter.ts <file>');
const db = await SqliteStorage.file(path).open('TEST_1::KOMODEFI::durable', DURABILITY_SCHEMA);
for (let i = 0; ; i++) {
  await db.write([{ type: 'put', store: 'items', value: { id: i, payload: 'x'.repeat(200) } }]);
  process.stdout.write(`${i}\n`);
}
