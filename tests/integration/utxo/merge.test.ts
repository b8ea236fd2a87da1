/** `utxo_merge_params`: once the wallet holds `merge_at` outputs, the smallest are merged into one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daemon } from '../devnet/daemon';
import { daemonUnspent, fund } from './funding';
import { freshPassphrase, startWalletNode, waitFor, type WalletNode } from './walletNode';

describe('UTXO merging', () => {
  let node: WalletNode;
  let address: string;

  beforeAll(async () => {
    node = await startWalletNode(freshPassphrase('merge'));
    address = (await node.activate('RLTC2', { utxo_merge_params: { merge_at: 12, check_every: 1, max_merge_at_once: 10 } })).body
      .address as string;
  });
  afterAll(() => node.stop());

  it('merges the smallest max_merge_at_once outputs into one, keeping every satoshi but the fee', async () => {
    const amounts = Array.from({ length: 14 }, (_, i) => (0.01 * (i + 1)).toFixed(2));
    await fund('chain2', address, amounts);
    await daemon('chain2').mine(1);
    // 14 outputs ≥ merge_at 12: the 10 smallest become 1, leaving 5 (< 12, so merging stops).
    const after = await waitFor('merge mined', async () => {
      const u = await daemonUnspent('chain2', address);
      return u.count === 5 ? u : undefined;
    }, 45_000);
    const funded = 105_000_000n; // 0.01 + … + 0.14
    const fee = funded - after.total;
    expect(fee).toBeGreaterThan(0n);
    expect(fee).toBeLessThanOrEqual(2_000n); // RLTC2 pays 1000 sat per started kB; 10 inputs fit in 2 kB
    // The daemon can list the merge before the node's log line about it has crossed the event stream.
    const line = await waitFor('merge logged', async () => {
      const lines = node.events.filter((e) => e.event === 'log').map((e) => (e.data as { line: string }).line);
      return lines.find((l) => l.includes('merged UTXOs'));
    }, 10_000);
    expect(line).toContain('RLTC2');
  });
});
