import { describe, expect, it } from 'vitest';
import { formatRoute, parseHash, type Route } from '../../../../src/ui/lib/router';

const UUID = '0b6f3ac4-8e2d-4b8a-9c3e-1f2a3b4c5d6e';

describe('hash routes', () => {
  it('reads each page the app has', () => {
    expect(parseHash('')).toEqual({ page: 'list' });
    expect(parseHash('#/')).toEqual({ page: 'list' });
    expect(parseHash('#/create')).toEqual({ page: 'create' });
    expect(parseHash('#/import')).toEqual({ page: 'import' });
    expect(parseHash('#/w/alice')).toEqual({ page: 'wallet', wallet: 'alice', at: null });
    expect(parseHash('#/w/alice/coins')).toEqual({ page: 'wallet', wallet: 'alice', at: { tab: 'wallet' } });
    expect(parseHash('#/w/alice/coins/RLTC1')).toEqual({ page: 'wallet', wallet: 'alice', at: { tab: 'wallet', coin: 'RLTC1' } });
    expect(parseHash(`#/w/alice/swaps/${UUID}`)).toEqual({ page: 'wallet', wallet: 'alice', at: { tab: 'swaps', swap: UUID } });
    expect(parseHash('#/w/alice/exchange/RLTC1-segwit/RLTC2')).toEqual({
      page: 'wallet',
      wallet: 'alice',
      at: { tab: 'exchange', pair: { base: 'RLTC1-segwit', rel: 'RLTC2' } },
    });
    // Tabs added later need no change here.
    expect(parseHash('#/w/alice/swap')).toEqual({ page: 'wallet', wallet: 'alice', at: { tab: 'swap' } });
  });

  it('writes what it reads, wallet names with any characters included', () => {
    const routes: Route[] = [
      { page: 'list' },
      { page: 'create' },
      { page: 'import' },
      { page: 'wallet', wallet: 'devnet alice', at: null },
      { page: 'wallet', wallet: 'a/b#c?d%e "ü" 🙂', at: { tab: 'wallet', coin: 'RLTC1' } },
      { page: 'wallet', wallet: 'x', at: { tab: 'exchange', pair: { base: 'RLTC2', rel: 'RLTC1-segwit' } } },
      { page: 'wallet', wallet: 'x', at: { tab: 'swaps', swap: UUID } },
      { page: 'wallet', wallet: 'x', at: { tab: 'swaps' } },
    ];
    for (const r of routes) expect(parseHash(formatRoute(r))).toEqual(r);
    expect(formatRoute({ page: 'wallet', wallet: 'devnet alice', at: { tab: 'wallet', coin: 'RLTC1' } })).toBe('#/w/devnet%20alice/coins/RLTC1');
  });

  it('ignores the parts of an address that are not what they claim to be', () => {
    // A coin that is no ticker, a swap that is no uuid, a pair of one coin or a missing side.
    expect(parseHash('#/w/a/coins/%3Cscript%3E')).toEqual({ page: 'wallet', wallet: 'a', at: { tab: 'wallet' } });
    expect(parseHash('#/w/a/swaps/not-a-uuid')).toEqual({ page: 'wallet', wallet: 'a', at: { tab: 'swaps' } });
    expect(parseHash('#/w/a/exchange/RLTC1/RLTC1')).toEqual({ page: 'wallet', wallet: 'a', at: { tab: 'exchange' } });
    expect(parseHash('#/w/a/exchange/RLTC1')).toEqual({ page: 'wallet', wallet: 'a', at: { tab: 'exchange' } });
    expect(parseHash(`#/w/a/coins/${'A'.repeat(41)}`)).toEqual({ page: 'wallet', wallet: 'a', at: { tab: 'wallet' } });
    // A coin on the swaps tab is not a swap.
    expect(parseHash('#/w/a/swaps/RLTC1')).toEqual({ page: 'wallet', wallet: 'a', at: { tab: 'swaps' } });
    // A tab name that could not be one: the wallet, where it left off.
    expect(parseHash('#/w/a/__proto__')).toEqual({ page: 'wallet', wallet: 'a', at: null });
    expect(parseHash('#/w/a/Coins')).toEqual({ page: 'wallet', wallet: 'a', at: null });
    // Names an object has by inheritance are tabs like any other word, never its members.
    expect(parseHash('#/w/a/constructor')).toEqual({ page: 'wallet', wallet: 'a', at: { tab: 'constructor' } });
    expect(formatRoute({ page: 'wallet', wallet: 'a', at: { tab: 'constructor' } })).toBe('#/w/a/constructor');
  });

  it('falls back to the list for addresses that name nothing', () => {
    for (const h of ['#/w', '#/w/', '#/w/%20%20', '#/nope', '#/create/x', '#/w/%E0%A4%A', `#/w/${'n'.repeat(201)}`, `#/w/a/coins/${'x'.repeat(1_000)}`, '#//']) {
      expect(parseHash(h), h).toEqual({ page: 'list' });
    }
  });

  it('keeps a uuid in one spelling', () => {
    expect(parseHash(`#/w/a/swaps/${UUID.toUpperCase()}`)).toEqual({ page: 'wallet', wallet: 'a', at: { tab: 'swaps', swap: UUID } });
  });
});
