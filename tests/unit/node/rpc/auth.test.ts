import { describe, expect, it } from 'vitest';
import { Authenticator, clientKeyForAddress, constantTimeEqual, LIMIT_FAILED_REQUEST, LOOPBACK_CLIENT } from '../../../../src/node/rpc/auth';

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
