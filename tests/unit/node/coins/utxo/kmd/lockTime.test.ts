/** KDF's `p2sh_tx_locktime`: HTLC spends and refunds of KMD use "now − 3600 + 2 × 777" where other coins use MTP − 1. */
import { describe, expect, it } from 'vitest';
import { kmdEarliestLockTime, p2shLockTime } from '../../../../../../src/node/coins/utxo/kmd/lockTime';

const NOW = 1_700_000_000;
const MTP = NOW - 330;

describe('p2shLockTime', () => {
  it.each([
    ['KMD, an HTLC lock time long past: the earliest komodod takes', 'KMD', NOW - 86_400, NOW - 2046],
    ['KMD, an HTLC lock time ahead of it: the HTLC’s', 'KMD', NOW - 1000, NOW - 1000],
    ['another coin, an HTLC lock time long past: MTP − 1', 'DOC', NOW - 86_400, MTP - 1],
    ['another coin, an HTLC lock time ahead of MTP: the HTLC’s', 'DOC', MTP + 5, MTP + 5],
  ])('%s', (_name, ticker, htlcLockTime, expected) => {
    expect(p2shLockTime(ticker, htlcLockTime, MTP, NOW)).toBe(expected);
  });

  it('is an hour back plus 2 × 777 s', () => {
    expect(kmdEarliestLockTime(NOW)).toBe(NOW - 3600 + 1554);
  });
});
