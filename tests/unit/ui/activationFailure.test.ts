import { describe, expect, it } from 'vitest';
import {
  describeActivationFailure,
  explainActivationFailure,
  protocolHint,
  sendErrorField,
  serverProblems,
  toCoinFailure,
} from '../../../src/ui/lib/coinErrors';
import { amountInputError, gasPriceInputError } from '../../../src/ui/lib/transactions';

/** The node's task error for a connect that failed, as `task::enable_utxo::status` reports it. */
function creationError(servers: unknown): ReturnType<typeof toCoinFailure> {
  return toCoinFailure({
    errorType: 'CoinCreationError',
    message: 'Error on platform coin RLTC1 creation: Failed to connect to the electrum servers of RLTC1: could not connect to 1 server(s), 0 connected',
    errorData: { ticker: 'RLTC1', error: 'Failed to connect to the electrum servers of RLTC1', servers },
  });
}

describe('activation failures: which server failed and why, from typed data', () => {
  it('lists every server with its reason in words, and suggests WS for a local server tried over WSS', () => {
    const f = creationError([
      { url: '127.0.0.1:50001', protocol: 'WSS', reason: 'unreachable', error: 'connection failed (code 1006)' },
      { url: 'electrum.example.com:50002', protocol: 'WSS', reason: 'timeout', error: 'no connection within 20000 ms' },
      { url: 'electrum.example.org:50002', protocol: 'WSS', reason: 'not_electrum', error: 'protocol version 0.9 is not supported' },
    ]);
    const p = explainActivationFailure(f, 'RLTC1');
    expect(p.message).toBe('RLTC1 could not be activated. None of its 3 servers could be used:');
    expect(p.servers.map((s) => [s.url, s.reason])).toEqual([
      ['127.0.0.1:50001', 'unreachable'],
      ['electrum.example.com:50002', 'timeout'],
      ['electrum.example.org:50002', 'not_electrum'],
    ]);
    expect(p.servers[0]?.text).toMatch(/could not be reached/);
    expect(p.servers[1]?.text).toBe('did not answer in time');
    expect(p.servers[2]?.text).toMatch(/not as an Electrum server/);
    expect(p.servers[2]?.detail).toBe('protocol version 0.9 is not supported');
    expect(p.hint).toEqual({ text: expect.stringContaining('127.0.0.1:50001 was tried over WSS') as string, protocol: 'WS', urls: ['127.0.0.1:50001'] });
  });

  it('suggests WSS for a public server tried over plain WS, and nothing for a server that answered wrongly', () => {
    expect(protocolHint(serverProblems({ servers: [{ url: 'electrum.example.com:50001', protocol: 'WS', reason: 'unreachable', error: '' }] }))).toMatchObject({
      protocol: 'WSS',
      urls: ['electrum.example.com:50001'],
    });
    expect(protocolHint(serverProblems({ servers: [{ url: 'localhost:50001', protocol: 'WSS', reason: 'not_electrum', error: '' }] }))).toBeNull();
    expect(protocolHint(serverProblems({ servers: [{ url: 'localhost:50001', protocol: 'WS', reason: 'unreachable', error: '' }] }))).toBeNull();
  });

  it('says so first when the browser is offline', () => {
    const f = creationError([{ url: 'electrum.example.com:50002', protocol: 'WSS', reason: 'unreachable', error: 'x' }]);
    expect(explainActivationFailure(f, 'RLTC1', false).message).toMatch(/^Your browser is offline: check the network connection\. RLTC1 could not be activated\. Its server could not be used:$/);
    expect(describeActivationFailure(f, 'RLTC1', false)).toMatch(/^Your browser is offline.*electrum\.example\.com:50002 \(WSS\) could not be reached/);
  });

  it('ignores what a hostile or garbled error_data carries instead of a server list', () => {
    const garbage = [
      null,
      'a string',
      { url: 42, protocol: 'WS', reason: 'timeout' },
      { url: 'h:1', protocol: 'TCP', reason: 'timeout' },
      { url: 'h:1', protocol: 'WS', reason: '<script>' },
      { url: 'h:2', protocol: 'WS', reason: 'timeout', error: { nested: true } },
    ];
    const p = serverProblems({ servers: garbage });
    expect(p).toEqual([{ url: 'h:2', protocol: 'WS', reason: 'timeout', text: 'did not answer in time', detail: '' }]);
    expect(serverProblems({ servers: 'nope' })).toEqual([]);
    expect(serverProblems(null)).toEqual([]);
    // without a usable list, the node's own reason is shown, without its trace
    const f = toCoinFailure({ errorType: 'CoinCreationError', message: 'utxo:12] x', errorData: { ticker: 'RLTC1', error: 'balance query timed out' } });
    expect(explainActivationFailure(f, 'RLTC1')).toEqual({ message: 'RLTC1 could not be activated: balance query timed out.', servers: [], nodes: [], hint: null });
  });

  it('explains typed refusals: already active, no Trezor, a locked Trezor, a token before its platform', () => {
    const say = (errorType: string, errorData: unknown, message = ''): string =>
      explainActivationFailure(toCoinFailure({ errorType, errorData, message }), 'DEVT6-ERC20').message;
    expect(say('CoinIsAlreadyActivated', { ticker: 'DEVT6-ERC20' })).toBe('DEVT6-ERC20 is already active.');
    expect(say('HwError', 'NoTrezorDeviceAvailable')).toMatch(/^Connect your Trezor first/);
    expect(say('HwError', 'EnterTrezorPin')).toMatch(/locked itself/);
    expect(say('PlatformCoinIsNotActivated', 'ETHDEV')).toBe('DEVT6-ERC20 is a token on ETHDEV: activate ETHDEV first, then DEVT6-ERC20.');
  });
});

describe('the send form: which field an error is about, and its messages', () => {
  it('maps the node’s withdraw errors to the field to mark and focus', () => {
    expect(sendErrorField('InvalidAddress')).toBe('to');
    expect(sendErrorField('NotSufficientBalance')).toBe('amount');
    expect(sendErrorField('TransactionTooLarge')).toBe('amount');
    expect(sendErrorField('InvalidFeePolicy')).toBe('fee');
    expect(sendErrorField('Transport')).toBeNull();
  });

  it('asks for an empty amount or gas price in plain English', () => {
    expect(amountInputError('')).toBe('Enter the amount.');
    expect(gasPriceInputError('  ')).toBe('Enter the gas price.');
  });
});
