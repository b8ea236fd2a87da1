import { describe, expect, it } from 'vitest';
import { Authenticator, BAN_DURATION_MS, clientKeyForAddress, constantTimeEqual, LIMIT_FAILED_REQUEST, LOOPBACK_CLIENT } from '../../../../src/node/rpc/auth';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('constantTimeEqual', () => {
  it.each([
    ['', '', true],
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'ab', false],
    ['ab', 'abc', false],
    ['abc\u0000', 'abc', false],
  ])('%j vs %j → %s', (a, b, equal) => {
    expect(constantTimeEqual(bytes(a), bytes(b))).toBe(equal);
  });
});

describe('clientKeyForAddress', () => {
  it.each([
    ['127.0.0.1', LOOPBACK_CLIENT],
    ['127.0.0.2', LOOPBACK_CLIENT],
    ['127.255.255.254', LOOPBACK_CLIENT],
    ['::1', LOOPBACK_CLIENT],
    ['0:0:0:0:0:0:0:1', LOOPBACK_CLIENT],
    ['::ffff:127.0.0.1', LOOPBACK_CLIENT],
    ['::FFFF:127.9.8.7', LOOPBACK_CLIENT],
    ['192.168.1.5', '192.168.1.5'],
    ['::ffff:192.168.1.5', '192.168.1.5'],
    ['128.0.0.1', '128.0.0.1'],
    ['1127.0.0.1', '1127.0.0.1'],
    ['2001:db8::1', '2001:db8::1'],
    ['::2', '::2'],
  ])('%s → %s', (address, key) => {
    expect(clientKeyForAddress(address)).toBe(key);
  });
});

describe('Authenticator keyed by clientKeyForAddress', () => {
  it('bans every loopback alias together once their wrong passwords add up', () => {
    const auth = new Authenticator('Right-Pa55word!', () => 0);
    const aliases = ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.3'];
    for (let i = 0; i < LIMIT_FAILED_REQUEST; i++) {
      expect(() => auth.check(clientKeyForAddress(aliases[i % aliases.length]!), 'wrong')).toThrow(expect.objectContaining({ errorType: 'UserpassIsInvalid' }));
    }
    for (const alias of [...aliases, '127.1.2.3']) {
      expect(() => auth.checkNotBanned(clientKeyForAddress(alias))).toThrow(expect.objectContaining({ errorType: 'Banned' }));
    }
    // Another machine is a client of its own.
    expect(() => auth.checkNotBanned(clientKeyForAddress('192.168.1.5'))).not.toThrow();
    expect(() => auth.check(clientKeyForAddress('192.168.1.5'), 'Right-Pa55word!')).not.toThrow();
  });
});

describe('the ban and a client that authenticated (issue 26)', () => {
  const RIGHT = 'Right-Pa55word!';
  const invalid = expect.objectContaining({ errorType: 'UserpassIsInvalid' });
  const banned = expect.objectContaining({ errorType: 'Banned' });

  it('a local process’s wrong passwords do not lock out the owner who authenticated: only what lacks the password is banned', () => {
    let now = 0;
    const auth = new Authenticator(RIGHT, () => now);
    const owner = clientKeyForAddress('127.0.0.1');
    const intruder = clientKeyForAddress('127.0.0.2');
    auth.checkNotBanned(owner);
    auth.check(owner, RIGHT);
    now = 60_000;
    for (let i = 0; i < LIMIT_FAILED_REQUEST; i++) expect(() => auth.check(intruder, `guess ${i}`)).toThrow(invalid);
    expect(() => auth.check(intruder, 'guess again')).toThrow(banned);
    // Both are the loopback client: the right password is served, a wrong one or none is not.
    expect(() => auth.checkNotBanned(owner)).not.toThrow();
    expect(() => auth.check(intruder, 'guess 11')).toThrow(banned);
    expect(() => auth.check(intruder, undefined)).toThrow(expect.objectContaining({ errorType: 'UserpassIsNotSet' }));
    // Once the owner has been away for the ban's length, the rest of the ban covers everything.
    now = BAN_DURATION_MS - 1;
    expect(() => auth.checkNotBanned(owner)).not.toThrow();
    now = BAN_DURATION_MS;
    expect(() => auth.checkNotBanned(owner)).toThrow(banned);
  });

  it('a client that never authenticated is banned for everything, the right password included, until the ban lapses', () => {
    let now = 0;
    const auth = new Authenticator(RIGHT, () => now);
    for (let i = 0; i < LIMIT_FAILED_REQUEST; i++) expect(() => auth.check('10.0.0.9', 'wrong')).toThrow(invalid);
    expect(() => auth.checkNotBanned('10.0.0.9')).toThrow(banned);
    now = BAN_DURATION_MS;
    expect(() => auth.checkNotBanned('10.0.0.9')).not.toThrow();
    expect(() => auth.check('10.0.0.9', 'wrong')).toThrow(expect.objectContaining({ errorType: 'UserpassIsInvalid', message: expect.any(String) }));
  });
});
