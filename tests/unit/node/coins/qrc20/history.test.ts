/**
 * A QRC20 token's history (my_tx_history) against KDF's transfer_details_by_hash vector: the five
 * entries KDF expects of one real transaction (amounts, addresses, Qrc20 fee details, internal
 * ids), built from the server's Transfer events, receipts and transactions; logs of other
 * contracts, other events and transfers between others are ignored; bad receipts are refused.
 */
import { Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { TxHistoryStore } from '../../../../../src/node/storage';
import { freshIndexedDb } from '../../../../../tools/host/nodeIndexedDb';
import { txDetailsToWire } from '../../../../../src/node/coins/wire';
import type { TransactionDetails } from '../../../../../src/node/coins/coin';
import { Qrc20History, transferDetails } from '../../../../../src/node/coins/qrc20/history';
import { encodeStaticCall, TRANSFER_TOPIC } from '../../../../../src/node/coins/qrc20/abi';
import { contractCallOutput } from '../../../../../src/node/coins/qrc20/gas';
import { bytesToHex, hexToBytes } from '../../../../../src/node/crypto';
import { tokenOnFakeServer } from './fakeQtumElectrum';
import { fixture, TEST_COINS, TEST_SWAP_CONTRACT } from './fixtures';

interface Fixture {
  privKey: number[];
  txHash: string;
  txHex: string;
  height: number;
  blockTime: number;
  prevOutput: { vout: number; value: number };
  receipts: Record<string, unknown>[];
  expected: Record<string, unknown>[];
}
const F = fixture<Fixture>('history.json');

/** The input's previous transaction as the fixture supplies it: output `vout` holds `value`. */
function prevTx(): string {
  const tx = new Transaction();
  tx.addInput(Buffer.alloc(32, 7), 0);
  for (let i = 0; i <= F.prevOutput.vout; i++) tx.addOutput(Buffer.from('6a', 'hex'), i === F.prevOutput.vout ? BigInt(F.prevOutput.value) : 0n);
  return tx.toHex();
}

/** An 80-byte header whose time field (bytes 68..72, little-endian) is `time`. */
function header(time: number): string {
  const h = Buffer.alloc(80);
  h.writeUInt32LE(time, 68);
  return h.toString('hex');
}

async function tokenWithHistory(receipts: unknown = F.receipts) {
  const prev = prevTx();
  const handlers = {
    'blockchain.contract.event.get_history': () => [
      { tx_hash: F.txHash, height: F.height, log_index: 0 },
      { tx_hash: F.txHash, height: F.height, log_index: 1 },
    ],
    'blochchain.transaction.get_receipt': () => receipts,
    'blockchain.transaction.get': (p: unknown[]) => (p[0] === F.txHash ? F.txHex : prev),
    'blockchain.block.header': () => header(F.blockTime),
  };
  const t = await tokenOnFakeServer(TEST_COINS.token, Uint8Array.from(F.privKey), TEST_SWAP_CONTRACT, {}, handlers);
  const store = await TxHistoryStore.open<TransactionDetails>(freshIndexedDb(), 'ab'.repeat(20));
  const history = new Qrc20History(t.coin, store, (event, data) => t.events.push({ event, data }), () => 1_700_000_000);
  return { ...t, history };
}

const wire = (list: TransactionDetails[]) => list.map((d) => txDetailsToWire(d));

describe('QRC20 history', () => {
  it("gives KDF's five entries of transaction 85ede12c…", async () => {
    const { history, s } = await tokenWithHistory();
    await history.sync();
    expect(history.syncStatus).toEqual({ state: 'Finished' });
    const got = wire(await history.transactions());
    expect(got).toEqual(F.expected.map((e) => ({ ...e, tx_hex: F.txHex, tx_hash: F.txHash, transaction_type: 'StandardTransfer', memo: null })));
    expect(s.calls('blockchain.contract.event.get_history')[0]!.params).toEqual([
      '9e032d4b0090a11dc40fe6c47601499a35d55fbb',
      'd362e096e873eb7907e205fadc6175c6fec7bc44',
      'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
    ]);
    expect(s.calls('blochchain.transaction.get_receipt').map((c) => c.params)).toEqual([[F.txHash]]);
  });

  it('asks nothing again while the heights are unchanged', async () => {
    const { history, s } = await tokenWithHistory();
    await history.sync();
    await history.sync();
    expect(s.calls('blochchain.transaction.get_receipt')).toHaveLength(1);
    expect(await history.transactions()).toHaveLength(F.expected.length);
  });

  const receipt = F.receipts[0]!;
  it.each([
    { what: 'a receipt naming an output the transaction lacks', receipts: [{ ...receipt, outputIndex: 9 }], error: 'names output 9' },
    { what: 'a receipt of an output that is no contract call', receipts: [{ ...receipt, outputIndex: 4 }], error: 'no contract call' },
    { what: 'a topic that is not 32 bytes', receipts: [{ ...receipt, log: [{ address: 'd362e096e873eb7907e205fadc6175c6fec7bc44', topics: ['ab'], data: '' }] }], error: 'topic is not 32 bytes' },
    { what: 'a negative gasUsed', receipts: [{ ...receipt, gasUsed: -1 }], error: 'gasUsed is not a non-negative integer' },
    { what: 'more than 64 receipts', receipts: Array.from({ length: 65 }, () => receipt), error: 'not a list of at most 64' },
    { what: 'an answer that is not a list', receipts: { receipt }, error: 'not a list' },
  ])('stores nothing and reports an error for $what', async ({ receipts, error }) => {
    const { history } = await tokenWithHistory(receipts);
    await history.sync();
    expect(history.syncStatus).toMatchObject({ state: 'Error' });
    expect((history.syncStatus as { additional_info: { error: string } }).additional_info.error).toContain(error);
    expect(await history.transactions()).toEqual([]);
  });

  it('refuses a Transfer log whose data is longer than a U256', async () => {
    const { coin } = await tokenWithHistory();
    const long = { blockNumber: 1, outputIndex: 2, gasUsed: 1n, excepted: null, exceptedMessage: null, log: [{ address: 'd362e096e873eb7907e205fadc6175c6fec7bc44', topics: [String((F.receipts[0]!.log as { topics: string[] }[])[0]!.topics[0]), `${'0'.repeat(24)}9e032d4b0090a11dc40fe6c47601499a35d55fbb`, '00'.repeat(32)], data: '01'.repeat(33) }] };
    expect(() => transferDetails(coin, { tx: Transaction.fromHex(F.txHex), txHash: F.txHash, qtumFee: 0n, timestamp: 0, receipts: [long] })).toThrow('not a U256');
  });

  it.each([
    { call: 'senderRefund', from: 'contract', to: 'me' },
    { call: 'receiverSpend', from: 'contract', to: 'me' },
    { call: 'erc20Payment', from: 'me', to: 'contract' },
  ] as const)('shows the swap contract side of a $call as the contract', async ({ call, from, to }) => {
    const { coin } = await tokenWithHistory();
    const me = bytesToHex(coin.myContractAddress);
    const swap = TEST_SWAP_CONTRACT;
    const data = { senderRefund: encodeStaticCall('senderRefund(bytes32,uint256,bytes20,address,address)', 5), receiverSpend: encodeStaticCall('receiverSpend(bytes32,uint256,bytes32,address,address)', 5), erc20Payment: encodeStaticCall('erc20Payment(bytes32,uint256,address,address,bytes20,uint64)', 6) }[call];
    const tx = new Transaction();
    tx.addInput(Buffer.alloc(32, 1), 0);
    tx.addOutput(contractCallOutput(data, hexToBytes(swap)).script, 0n);
    const side = (who: 'me' | 'contract') => `${'0'.repeat(24)}${who === 'me' ? me : swap}`;
    const log = [{ address: 'd362e096e873eb7907e205fadc6175c6fec7bc44', topics: [TRANSFER_TOPIC, side(from), side(to)], data: '01'.padStart(64, '0') }];
    const [entry] = transferDetails(coin, { tx, txHash: tx.getId(), qtumFee: 0n, timestamp: 0, receipts: [{ blockNumber: 1, outputIndex: 0, gasUsed: 0n, excepted: null, exceptedMessage: null, log }] });
    const shown = (who: 'me' | 'contract') => (who === 'contract' ? `0x${swap}` : coin.address);
    expect({ from: entry!.from, to: entry!.to }).toEqual({ from: [shown(from)], to: [shown(to)] });
  });
});
