/**
 * `my_tx_history` of ETH (trace_filter on anvil) and of an ERC20 token (Transfer logs): entries to
 * the wei against the chain's receipts, the same bytes as the withdraw that made them, events,
 * paging, persistence across a reload, and the block-scan fallback for nodes without traces.
 */
import { Wallet, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EthChainApi } from '../../../src/node/coins/eth/chainApi';
import { ethSource, SCAN_DEPTH } from '../../../src/node/coins/eth/history/sources';
import { EthProvider, NodeRpcError } from '../../../src/node/coins/eth/provider';
import { devnet } from '../devnet/daemon';
import { DETAILS_KEYS, ETH_FEE_KEYS } from '../../fixtures/coins/txDetailsKeys';
import { waitFor } from '../utxo/walletNode';
import { chainBalance, chainProvider, fundEvm, openEvmNode, startEvmNode, units, type EvmNode, type EvmTicker } from './evmWallet';

type Entry = Record<string, unknown> & { tx_hash: string; my_balance_change: string; confirmations: number; block_height: number };
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('my_tx_history (ETH / ERC20)', () => {
  let provider: JsonRpcProvider;
  let node: EvmNode;
  let funding: string[];
  const receiver = Wallet.createRandom().address;
  const sent: Record<string, { tx_hash: string; tx_hex: string }> = {};

  async function history(coin: EvmTicker, args: Record<string, unknown> = {}): Promise<{ transactions: Entry[] } & Record<string, unknown>> {
    const r = await node.legacy('my_tx_history', { coin, max: true, ...args });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as { transactions: Entry[] } & Record<string, unknown>;
  }

  const entry = async (coin: EvmTicker, hash: string): Promise<Entry | undefined> =>
    (await history(coin)).transactions.find((t) => t.tx_hash === hash.replace(/^0x/, ''));

  async function withdrawAndSend(coin: EvmTicker, amount: string): Promise<void> {
    const r = await node.mmrpc('withdraw', { coin, to: receiver, amount });
    const tx = r.body.result as { tx_hash: string; tx_hex: string };
    expect((await node.legacy('send_raw_transaction', { coin, tx_hex: tx.tx_hex })).status).toBe(200);
    await provider.waitForTransaction(`0x${tx.tx_hash}`);
    sent[coin] = tx;
  }

  beforeAll(async () => {
    provider = chainProvider();
    node = await startEvmNode('eth history', provider);
    funding = await fundEvm(provider, node.address, { ETHDEV: '3', 'DEVT18-ERC20': '50' });
    expect((await node.enable('ETHDEV', { tx_history: true })).status).toBe(200);
    expect((await node.enable('DEVT18-ERC20', { tx_history: true })).status).toBe(200);
    await withdrawAndSend('ETHDEV', '0.5');
    await withdrawAndSend('DEVT18-ERC20', '5');
    for (const [coin, hash] of [
      ['ETHDEV', sent.ETHDEV!.tx_hash],
      ['ETHDEV', sent['DEVT18-ERC20']!.tx_hash],
      ['DEVT18-ERC20', sent['DEVT18-ERC20']!.tx_hash],
    ] as const) {
      await waitFor(`${coin} history of ${hash}`, async () => ((await entry(coin, hash)) ? true : undefined));
    }
  });
  afterAll(async () => {
    await node.stop();
    provider.destroy();
  });

  it('records received ETH from the trace of the funding transaction', async () => {
    const receipt = await provider.getTransactionReceipt(funding[0]!);
    const e = await entry('ETHDEV', funding[0]!);
    expect(e).toMatchObject({
      coin: 'ETHDEV',
      from: [DEPLOYER],
      to: [node.address],
      total_amount: '3',
      spent_by_me: '0',
      received_by_me: '3',
      my_balance_change: '3',
      block_height: receipt?.blockNumber,
      internal_id: funding[0]!.slice(2),
      transaction_type: 'StandardTransfer',
      memo: null,
      // KDF's history reports a legacy gas price for every transaction: no max fees per gas.
      fee_details: { type: 'Eth', coin: 'ETHDEV', gas: Number(receipt?.gasUsed), max_fee_per_gas: null, max_priority_fee_per_gas: null },
    });
    expect(Object.keys(e!)).toEqual([...DETAILS_KEYS, 'confirmations']);
    expect(Object.keys(e!.fee_details as object)).toEqual(ETH_FEE_KEYS);
    expect(e?.confirmations).toBeGreaterThanOrEqual(1);
    const block = await provider.getBlock(receipt!.blockNumber);
    expect(e?.timestamp).toBe(block?.timestamp);
  });

  it('records a withdraw with the bytes that were signed and the fee actually paid', async () => {
    const receipt = await provider.getTransactionReceipt(`0x${sent.ETHDEV!.tx_hash}`);
    const fee = receipt!.gasUsed * receipt!.gasPrice;
    const e = await entry('ETHDEV', sent.ETHDEV!.tx_hash);
    expect(e).toMatchObject({ tx_hex: sent.ETHDEV!.tx_hex, from: [node.address], to: [receiver], total_amount: '0.5', received_by_me: '0' });
    expect(units('ETHDEV', e!.spent_by_me as string)).toBe(units('ETHDEV', '0.5') + fee);
  });

  it("shows a token transfer in the token's history and its gas in the platform's", async () => {
    const receipt = await provider.getTransactionReceipt(`0x${sent['DEVT18-ERC20']!.tx_hash}`);
    const fee = receipt!.gasUsed * receipt!.gasPrice;
    expect(await entry('DEVT18-ERC20', sent['DEVT18-ERC20']!.tx_hash)).toMatchObject({
      coin: 'DEVT18-ERC20',
      from: [node.address],
      to: [receiver],
      total_amount: '5',
      spent_by_me: '5',
      my_balance_change: '-5',
      fee_details: { coin: 'ETHDEV' },
    });
    const gasEntry = await entry('ETHDEV', sent['DEVT18-ERC20']!.tx_hash);
    expect(units('ETHDEV', gasEntry!.spent_by_me as string)).toBe(fee);
    expect(await entry('DEVT18-ERC20', funding[1]!)).toMatchObject({ received_by_me: '50', from: [DEPLOYER] });
  });

  it('adds up to the balance, newest first, with coin_history events', async () => {
    for (const coin of ['ETHDEV', 'DEVT18-ERC20'] as const) {
      const { transactions, sync_status, total } = await history(coin);
      expect(sync_status).toEqual({ state: 'Finished' });
      expect(total).toBe(transactions.length);
      const sum = transactions.reduce((a, t) => a + units(coin, t.my_balance_change.replace(/^-/, '')) * (t.my_balance_change.startsWith('-') ? -1n : 1n), 0n);
      expect(sum).toBe(await chainBalance(provider, coin, node.address));
      const heights = transactions.map((t) => t.block_height);
      expect(heights).toEqual([...heights].sort((a, b) => b - a));
      expect(node.events).toContainEqual({ event: 'coin_history', data: { coin } });
    }
  });

  it('pages with limit, page_number and from_id', async () => {
    const all = (await history('ETHDEV')).transactions;
    expect(all.length).toBe(3);
    const page2 = await history('ETHDEV', { max: false, limit: 1, page_number: 2 });
    expect(page2).toMatchObject({ limit: 1, skipped: 1, total: 3, total_pages: 3, page_number: 2 });
    expect(page2.transactions.map((t) => t.tx_hash)).toEqual([all[1]!.tx_hash]);
    const after = await history('ETHDEV', { max: false, limit: 5, from_id: all[0]!.internal_id });
    expect(after.transactions.map((t) => t.tx_hash)).toEqual(all.slice(1).map((t) => t.tx_hash));
  });

  it('keeps the history in IndexedDB across a reload', async () => {
    const before = (await history('ETHDEV')).transactions.map((t) => t.tx_hash);
    await node.stop();
    node = await openEvmNode(node.passphrase, node.platform);
    expect((await node.enable('ETHDEV', { tx_history: true })).status).toBe(200);
    // Straight from the store, before any sync has answered.
    expect((await history('ETHDEV')).transactions.map((t) => t.tx_hash)).toEqual(before);
  });

  it(`finds the same ETH transactions with the block scan (last ${SCAN_DEPTH} blocks) when trace_filter is not served`, async () => {
    const api = new EthChainApi(new EthProvider({ urls: [devnet().evm.rpcUrl], chainId: 31337 }));
    const tip = await api.blockNumber();
    const withTraces = ethSource(api, node.address, () => undefined);
    const noTraces = new EthChainApi(api.provider);
    noTraces.traces = async () => {
      throw new NodeRpcError('trace_filter', { code: -32601, message: 'Method not found' }, null);
    };
    const scan = ethSource(noTraces, node.address, () => undefined);
    const floor = await scan.floor(tip);
    expect(floor).toBe(Math.max(0, tip - SCAN_DEPTH));
    expect(await withTraces.floor(tip)).toBe(0);
    const hashes = async (source: typeof scan) => [...new Set((await source.transfers(floor, tip)).map((t) => t.txHash))].sort();
    const scanned = await hashes(scan);
    expect(scanned).toEqual(await hashes(withTraces));
    expect(scanned).toEqual([funding[0], `0x${sent.ETHDEV!.tx_hash}`, `0x${sent['DEVT18-ERC20']!.tx_hash}`].sort());
    api.provider.destroy();
  });
});
