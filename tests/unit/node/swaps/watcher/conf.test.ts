/**
 * KDF's conf keys for watchers: `is_watcher` (KDF's `MmCtx::is_watcher`, default false) and
 * `watcher_conf` with `WatcherConf`'s serde defaults (60 s, factor 1, factor 1.5, 300 s), read by
 * the node's conf reader (the headless host's too); wrong values are refused before the node starts.
 */
import { describe, expect, it } from 'vitest';
import { readConf } from '../../../../../src/node/lifecycle/readConf';
import { watchDeadlines, watcherConfOf } from '../../../../../src/node/swaps/watcher/conf';

describe('watcher conf', () => {
  it('is off unless is_watcher, and takes KDF defaults for each key watcher_conf leaves out', () => {
    expect(readConf({}).is_watcher).toBeUndefined();
    const conf = readConf({ is_watcher: true, watcher_conf: { search_interval: 1, refund_start_factor: 0 } });
    expect(conf.is_watcher).toBe(true);
    expect(watcherConfOf(conf)).toEqual({ waitTakerPayment: 60, waitMakerPaymentSpendFactor: 1, refundStartFactor: 0, searchInterval: 1 });
    expect(watcherConfOf({})).toEqual({ waitTakerPayment: 60, waitMakerPaymentSpendFactor: 1, refundStartFactor: 1.5, searchInterval: 300 });
  });

  it.each([
    [{ is_watcher: 'yes' }, 'is_watcher'],
    [{ watcher_conf: 3 }, 'watcher_conf'],
    [{ watcher_conf: { wait_taker_payment: -1 } }, 'watcher_conf.wait_taker_payment'],
    [{ watcher_conf: { refund_start_factor: '1.5' } }, 'watcher_conf.refund_start_factor'],
    [{ watcher_conf: { wait_maker_payment_spend_factor: 13 } }, 'watcher_conf.wait_maker_payment_spend_factor'],
  ])('refuses %j naming %s', (raw, field) => {
    expect(() => readConf(raw)).toThrow(expect.objectContaining({ errorType: 'ErrorDeserializingConfig', errorData: expect.objectContaining({ field }) }));
  });

  it("reads KDF's use_watchers (the taker side; absent means on, as KDF's `disable_watchers_globally`), refusing a value that is not a bool", () => {
    expect(readConf({}).use_watchers).toBeUndefined();
    expect(readConf({ use_watchers: false }).use_watchers).toBe(false);
    expect(readConf({ use_watchers: true }).use_watchers).toBe(true);
    // null reads as absent, as KDF's `as_bool().unwrap_or(true)` takes it.
    expect(readConf({ use_watchers: null }).use_watchers).toBeUndefined();
    for (const bad of ['false', 0, {}]) {
      expect(() => readConf({ use_watchers: bad })).toThrow(
        expect.objectContaining({ errorType: 'ErrorDeserializingConfig', errorData: expect.objectContaining({ field: 'use_watchers' }) }),
      );
    }
  });

  it("gives KDF's deadlines: confirmed by 4/5 of the lock, the taker's own spend until 1×, refund from 1.5×, the maker's lock at 2×", () => {
    expect(watchDeadlines(1000, 7800, watcherConfOf({}))).toEqual({
      takerLock: 8800,
      makerLock: 16600,
      takerPaymentConfirmedBy: 1000 + 6240,
      takerSpendsUntil: 8800,
      refundFrom: 1000 + 11700,
    });
  });
});
