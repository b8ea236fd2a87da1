/** `my_tx_history`: the background sync into IndexedDB, KDF's paging, live updates, and persistence. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daemon } from '../devnet/daemon';
import { fund } from './funding';
import { DETAILS_KEYS, UTXO_FEE_KEYS } from '../../fixtures/coins/txDetailsKeys';
import { freshPassphrase, startWalletNode, waitFor, type WalletNode } from './walletNode';

interface HistoryResult {
  transactions: { tx_hash: string; internal_id: string; fee_details: object; block_height: number; confirmations: number; my_balance_change: string; received_by_me: string; to: string[] }[];
  limit: number;
  skipped: number;
  from_id: string | null;
  total: number;
  current_block: number;
  sync_status: { state: string };
  page_number: number | null;
  total_pages: number;
}

describe('transaction history', () => {
  const passphrase = freshPassphrase('history');
  let node: WalletNode;
  let address: string;
  let funding: string[];

  async function history(args: Record<string, unknown> = {}): Promise<HistoryResult> {
    const r = await node.legacy('my_tx_history', { coin: 'RLTC1', ...args });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result as HistoryResult;
  }

  beforeAll(async () => {
    node = await startWalletNode(passphrase);
    address = (await node.activate('RLTC1', { tx_history: true })).body.address as string;
    funding = await fund('chain1', address, ['0.1', '0.2', '0.3', '0.4', '0.5']);
    await daemon('chain1').mine(1);
    await waitFor('five transactions synced', async () => {
      const h = await history({ max: true });
      return h.total === 5 && h.sync_status.state === 'Finished' && h.transactions.every((t) => t.block_height > 0) ? h : undefined;
    });
  });
  afterAll(() => node.stop());

  it('lists every funding transaction with confirmations and KDF fields', async () => {
    const h = await history({ max: true });
    expect(h.transactions.map((t) => t.tx_hash).sort()).toEqual([...funding].sort());
    for (const t of h.transactions) {
      // KDF's TransactionDetails keys in order, then the history's `confirmations`.
      expect(Object.keys(t)).toEqual([...DETAILS_KEYS, 'confirmations']);
      expect(Object.keys(t.fee_details)).toEqual(UTXO_FEE_KEYS);
      expect(t).toMatchObject({ memo: null, transaction_type: 'StandardTransfer', fee_details: { type: 'Utxo', coin: 'RLTC1' } });
      expect(t.internal_id).toBe(t.tx_hash);
      expect(t.confirmations).toBe(h.current_block - t.block_height + 1);
      expect(t.to).toContain(address);
      expect(t.my_balance_change).toBe(t.received_by_me);
    }
    expect(h.transactions.map((t) => t.received_by_me).sort()).toEqual(['0.1', '0.2', '0.3', '0.4', '0.5']);
  });

  it('pages by page_number', async () => {
    const page2 = await history({ limit: 2, page_number: 2 });
    const all = await history({ max: true });
    expect(page2).toMatchObject({ limit: 2, skipped: 2, total: 5, page_number: 2, total_pages: 3 });
    expect(page2.transactions.map((t) => t.tx_hash)).toEqual(all.transactions.slice(2, 4).map((t) => t.tx_hash));
  });

  it('pages by from_id, skipping it', async () => {
    const all = await history({ max: true });
    const first = all.transactions[0]?.internal_id;
    const next = await history({ limit: 3, from_id: first });
    expect(next.skipped).toBe(1);
    expect(next.from_id).toBe(first);
    expect(next.transactions.map((t) => t.tx_hash)).toEqual(all.transactions.slice(1, 4).map((t) => t.tx_hash));
    const missing = await node.legacy('my_tx_history', { coin: 'RLTC1', from_id: 'ab'.repeat(32) });
    expect(missing.status).toBe(500);
    expect(missing.body.error).toContain('is not found');
  });

  it('shows an outgoing transaction at once, unconfirmed first, then confirmed', async () => {
    const other = 'mxosQ4CvQR8ipfWdRktyB3u16tauEdamGc';
    const r = await node.mmrpc('withdraw', { coin: 'RLTC1', to: other, amount: '0.05' });
    const tx = r.body.result as { tx_hex: string; tx_hash: string };
    await node.legacy('send_raw_transaction', { coin: 'RLTC1', tx_hex: tx.tx_hex });
    const pending = await waitFor('unconfirmed entry', async () => {
      const h = await history({ limit: 1 });
      return h.transactions[0]?.tx_hash === tx.tx_hash ? h.transactions[0] : undefined;
    });
    if (pending.block_height === 0) expect(pending.confirmations).toBe(0);
    const mined = await waitFor('confirmed entry', async () => {
      const t = (await history({ limit: 1 })).transactions[0];
      return t?.tx_hash === tx.tx_hash && t.confirmations > 0 ? t : undefined;
    });
    expect(mined.my_balance_change.startsWith('-0.05')).toBe(true);
    expect(node.events.some((e) => e.event === 'coin_history')).toBe(true);
  });

  it('keeps the history in IndexedDB across a restart of the node', async () => {
    const before = await history({ max: true });
    await node.stop();
    node = await startWalletNode(passphrase, node.platform);
    await node.activate('RLTC1', { tx_history: true });
    const stored = await node.legacy('my_tx_history', { coin: 'RLTC1', max: true });
    expect((stored.body.result as HistoryResult).total).toBe(before.total);
  });

  it('answers a coin activated without tx_history with what is stored, NotEnabled (as KDF)', async () => {
    await node.activate('RLTC2');
    const r = await history({ coin: 'RLTC2' });
    expect(r).toMatchObject({ transactions: [], total: 0, sync_status: { state: 'NotEnabled' } });
  });
});
