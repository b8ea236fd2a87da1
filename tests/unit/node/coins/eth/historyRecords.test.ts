/**
 * Stored history records: versioned, validated when read, v0 (no version) and v1 moved forward,
 * and an unreadable record skipped and reported (log line + event) without hiding the others.
 */
import { describe, expect, it } from 'vitest';
import type { TransactionDetails } from '../../../../../src/node/coins/coin';
import type { EthChainApi } from '../../../../../src/node/coins/eth/chainApi';
import { EthHistory } from '../../../../../src/node/coins/eth/history/ethHistory';
import type { HistorySource } from '../../../../../src/node/coins/eth/history/sources';
import { readTxRecords, txFromRecord, txToRecord, UNREADABLE_RECORDS_EVENT } from '../../../../../src/node/coins/txHistoryRecord';
import { TxHistoryStore } from '../../../../../src/node/storage';
import { freshIndexedDb } from '../../../../../tools/host/nodeIndexedDb';

const ME = '0xf5c3bf03cBA4E343484588932e423A7C8BFf102d';

const entry = (id: string, over: Partial<TransactionDetails> = {}): TransactionDetails => ({
  txHex: 'f86b',
  txHash: id,
  from: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
  to: [ME],
  totalAmount: '1.5',
  spentByMe: '0',
  receivedByMe: '1.5',
  myBalanceChange: '1.5',
  blockHeight: 7,
  timestamp: 1_700_000_007,
  feeDetails: { type: 'Eth', coin: 'ETHDEV', gas: 21000, gasPrice: '0.000000001', maxFeePerGas: null, maxPriorityFeePerGas: null, totalFee: '0.000021' },
  coin: 'ETHDEV',
  internalId: id,
  transactionType: 'StandardTransfer',
  memo: null,
  ...over,
});

const stored = (details: unknown, id: string) => ({ coin: 'ETHDEV', internal_id: id, block_height: 7, details });

/** A record as versions 0 (no `v`) and 1 wrote it: no `memo`, no max fees per gas in the EVM fee. */
function olderRecord(d: TransactionDetails, v?: 1): Record<string, unknown> {
  const { memo: _memo, feeDetails, ...rest } = d;
  const { maxFeePerGas: _max, maxPriorityFeePerGas: _priority, ...fee } = feeDetails as Extract<TransactionDetails['feeDetails'], { type: 'Eth' }>;
  return { ...(v === undefined ? {} : { v }), ...rest, feeDetails: fee };
}

describe('history record codec', () => {
  it('writes v2 records and reads them back equal, max fees and memo included', () => {
    const d = entry('aa', {
      feeDetails: { type: 'Eth', coin: 'ETHDEV', gas: 21000, gasPrice: '0.00000003', maxFeePerGas: '0.00000003', maxPriorityFeePerGas: '0.000000002', totalFee: '0.00063' },
      memo: 'rent',
    });
    const record = txToRecord(d);
    expect(record.v).toBe(2);
    expect(txFromRecord(JSON.parse(JSON.stringify(record)))).toEqual(d);
    expect(txFromRecord(JSON.parse(JSON.stringify(txToRecord(entry('ab')))))).toEqual(entry('ab'));
  });

  it('reads v0 and v1 records with null memo and max fees, and offers them for writing back as v2', () => {
    const read = readTxRecords([stored(olderRecord(entry('v0')), 'v0'), stored(olderRecord(entry('v1'), 1), 'v1'), stored(txToRecord(entry('v2')), 'v2')]);
    expect(read.unreadable).toEqual([]);
    expect([...read.entries.values()].map((e) => e.details)).toEqual([entry('v0'), entry('v1'), entry('v2')]);
    expect(read.migrated).toEqual([stored(txToRecord(entry('v0')), 'v0'), stored(txToRecord(entry('v1')), 'v1')]);
  });

  it('reports records it cannot read, naming the field', () => {
    const read = readTxRecords([
      stored({ ...txToRecord(entry('a1')), totalAmount: 'lots' }, 'a1'),
      stored({ ...txToRecord(entry('a2')), v: 3 }, 'a2'),
      stored(txToRecord(entry('a3')), 'other-key'),
      stored(null, 'a4'),
      stored({ ...txToRecord(entry('a5')), feeDetails: { type: 'Eth', coin: 'ETHDEV', gas: -1, gasPrice: '1', maxFeePerGas: null, maxPriorityFeePerGas: null, totalFee: '1' } }, 'a5'),
      stored({ ...olderRecord(entry('a6')), v: 2 }, 'a6'),
      stored({ ...txToRecord(entry('a7')), feeDetails: { ...entry('a7').feeDetails, maxFeePerGas: 'high' } }, 'a7'),
      stored({ ...txToRecord(entry('a8')), memo: 7 }, 'a8'),
      stored(txToRecord(entry('ok')), 'ok'),
    ]);
    expect([...read.entries.keys()]).toEqual(['ok']);
    expect(read.unreadable.map((u) => u.key)).toEqual(['a1', 'a2', 'other-key', 'a4', 'a5', 'a6', 'a7', 'a8'].map((k) => `ETHDEV/${k}`));
    expect(read.unreadable.map((u) => u.error)).toEqual([
      expect.stringMatching(/details\.totalAmount/),
      expect.stringMatching(/unknown record version 3/),
      expect.stringMatching(/differs from the record key/),
      expect.stringMatching(/details/),
      expect.stringMatching(/details\.feeDetails\.gas/),
      // A v2 record must carry the nullable fields.
      expect.stringMatching(/missing field `details\.feeDetails\.maxFeePerGas`/),
      expect.stringMatching(/details\.feeDetails\.maxFeePerGas/),
      expect.stringMatching(/details\.memo/),
    ]);
  });
});

describe('EthHistory over stored records', () => {
  it('lists the readable entries, reports each unreadable one once, and writes v0 records back as v2', async () => {
    const store = await TxHistoryStore.open<unknown>(freshIndexedDb(), 'aa'.repeat(20));
    await store.update([stored(olderRecord(entry('v0')), 'v0'), stored({ ...txToRecord(entry('bad')), blockHeight: 'x' }, 'bad'), stored(txToRecord(entry('v2')), 'v2')], []);
    const events: [string, unknown][] = [];
    const logs: string[] = [];
    const source: HistorySource = { range: 10, floor: async () => 0, transfers: async () => [] };
    const h = new EthHistory({
      coin: { ticker: 'ETHDEV', decimals: 18, address: ME, platform: { ticker: 'ETHDEV' }, contract: null },
      api: {} as EthChainApi,
      source,
      store,
      tip: () => 10,
      emit: (event, data) => events.push([event, data]),
      log: (level, line) => logs.push(`${level}: ${line}`),
    });
    expect((await h.transactions()).map((t) => t.internalId).sort()).toEqual(['v0', 'v2']);
    await h.transactions();
    expect(h.unreadableRecords).toBe(1);
    expect(logs).toEqual([expect.stringMatching(/^error: ETHDEV: skipped the unreadable history record ETHDEV\/bad: .*blockHeight/)]);
    expect(events).toEqual([[UNREADABLE_RECORDS_EVENT, expect.objectContaining({ db: 'tx_history', key: 'ETHDEV/bad', total: 1 })]]);
    await h.sync();
    const v0 = (await store.all('ETHDEV')).find((r) => r.internal_id === 'v0');
    expect(v0?.details).toEqual(txToRecord(entry('v0')));
    h.close();
  });
});
