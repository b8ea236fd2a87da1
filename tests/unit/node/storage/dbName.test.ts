import { describe, expect, it } from 'vitest';
import { DB_NAMESPACE, SHARED_DB_OWNER, dbName } from '../../../../src/node/storage/index.js';
import { MmError } from '../../../../src/node/core/errors.js';

const RMD = '0123456789abcdef0123456789abcdef01234567';

describe('dbName', () => {
  it('builds KDF names', () => {
    expect(DB_NAMESPACE).toBe('MAIN');
    expect(dbName(SHARED_DB_OWNER, 'wallets')).toBe('MAIN::KOMODEFI::wallets');
    expect(dbName(RMD, 'swap')).toBe(`MAIN::${RMD}::swap`);
    expect(dbName(RMD, 'tx_history', 'TEST_1')).toBe(`TEST_1::${RMD}::tx_history`);
  });

  it.each([
    ['uppercase hex owner', RMD.toUpperCase(), 'swap'],
    ['short owner', RMD.slice(2), 'swap'],
    ['non-hex owner', `${RMD.slice(1)}g`, 'swap'],
    ['empty owner', '', 'swap'],
    ['lowercase shared owner', 'komodefi', 'swap'],
    ['empty db', RMD, ''],
    ['db with separator', RMD, 'a::b'],
    ['db with uppercase', RMD, 'Swap'],
    ['db with dash', RMD, 'tx-history'],
  ])('rejects %s', (_label, owner, db) => {
    let error: unknown;
    try {
      dbName(owner, db);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MmError);
    expect((error as MmError).errorType).toBe('DbError');
  });

  it('rejects a namespace that could forge a separator', () => {
    expect(() => dbName(RMD, 'swap', 'MAIN::x')).toThrow(MmError);
  });
});
