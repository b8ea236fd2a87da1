import { describe, expect, it } from 'vitest';
import { OwnBroadcasts } from '../../../../../src/node/coins/utxo/ownBroadcasts';
import type { Unspent } from '../../../../../src/node/coins/utxo/tx';

const id = (c: string): string => c.repeat(64);
const utxo = (txid: string, vout: number, value: bigint, height = 100): Unspent => ({ txid, vout, value, height });
const keys = (list: Unspent[]): string[] => list.map((u) => `${u.txid.slice(0, 1)}:${u.vout}:${u.value}:${u.height}`).sort();

const funding = utxo(id('a'), 0, 5_0000_0000n);
const other = utxo(id('b'), 1, 2_0000_0000n);

/** First send: spends `funding`, pays someone 1, change 3.9999 back at vout 1. */
function firstSend(own: OwnBroadcasts): void {
  own.add(id('c'), [{ txid: id('a'), vout: 0 }], [{ vout: 1, value: 3_9999_0000n }]);
}

describe('OwnBroadcasts', () => {
  it('a listing taken before the server saw our send: the spent output left out, the change in', () => {
    const own = new OwnBroadcasts();
    firstSend(own);
    expect(keys(own.apply([funding, other]))).toEqual(['b:1:200000000:100', 'c:1:399990000:0']);
  });

  it('two sends in a row before the server saw either: only the second change is spendable', () => {
    const own = new OwnBroadcasts();
    firstSend(own);
    own.add(id('d'), [{ txid: id('c'), vout: 1 }], [{ vout: 0, value: 2_9998_0000n }]);
    expect(keys(own.apply([funding]))).toEqual(['d:0:299980000:0']);
    // The server then shows the first send only: the second still applies on top of it.
    expect(keys(own.apply([utxo(id('c'), 1, 3_9999_0000n, 0)]))).toEqual(['d:0:299980000:0']);
    // And then both: nothing is left to apply, the listing is taken as it is.
    expect(keys(own.apply([utxo(id('d'), 0, 2_9998_0000n, 0)]))).toEqual(['d:0:299980000:0']);
    expect(keys(own.apply([funding]))).toEqual(['a:0:500000000:100']);
  });

  it('a send with no change is forgotten once what it spent is no longer listed', () => {
    const own = new OwnBroadcasts();
    own.add(id('e'), [{ txid: id('a'), vout: 0 }], []);
    expect(own.apply([funding, other])).toEqual([other]);
    expect(own.apply([other])).toEqual([other]);
    expect(own.apply([funding, other])).toEqual([funding, other]);
  });

  it('a swap spend (inputs not the wallet’s) adds nothing until the server lists its output', () => {
    const own = new OwnBroadcasts();
    own.add(id('f'), [{ txid: id('9'), vout: 0 }], [{ vout: 0, value: 1_0000_0000n }]);
    expect(own.apply([funding])).toEqual([funding]);
    expect(own.apply([funding, utxo(id('f'), 0, 1_0000_0000n, 0)])).toHaveLength(2);
  });

  it('a server that listed the change with a height keeps its height (no duplicate)', () => {
    const own = new OwnBroadcasts();
    firstSend(own);
    const confirmed = utxo(id('c'), 1, 3_9999_0000n, 101);
    expect(own.apply([confirmed, other])).toEqual([confirmed, other]);
  });
});
