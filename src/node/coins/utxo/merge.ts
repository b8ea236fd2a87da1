/**
 * `utxo_merge_params` (kdf-facts §8): every `check_every` seconds, when the wallet holds at least
 * `merge_at` spendable outputs, the smallest `max_merge_at_once` of them are sent to the wallet's
 * own script in one transaction, its fee taken from the output. Keeps withdrawals small and cheap.
 */
import type { UtxoMergeParams } from './activationParams';
import { coinFeeRate } from './feeRate';
import { planWalletTx } from './kmd/claim';
import { layoutBytes } from './tx';
import type { UtxoCoinView } from './utxoCoinView';

export interface MergeTimers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export function startUtxoMerge(
  coin: UtxoCoinView,
  params: UtxoMergeParams,
  log: (level: 'info' | 'warn', line: string) => void,
  timers: MergeTimers = globalThis as unknown as MergeTimers,
): () => void {
  let running = false;
  const tick = async (): Promise<void> => {
    if (running) return;
    running = true;
    try {
      const txid = await mergeOnce(coin, params);
      if (txid) log('info', `${coin.ticker}: merged UTXOs in ${txid}`);
    } catch (e) {
      log('warn', `${coin.ticker}: UTXO merge failed: ${(e as Error).message}`);
    } finally {
      running = false;
    }
  };
  const handle = timers.setInterval(() => void tick(), params.checkEvery * 1000);
  return () => timers.clearInterval(handle);
}

/** One merge check; resolves with the merge transaction's id, or null when there was nothing to merge. */
export async function mergeOnce(coin: UtxoCoinView, params: UtxoMergeParams): Promise<string | null> {
  const unspents = await coin.spendableUnspents();
  if (unspents.length < params.mergeAt) return null;
  const chosen = [...unspents].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)).slice(0, params.maxMergeAtOnce);
  const total = chosen.reduce((a, u) => a + u.value, 0n);
  const plan = await planWalletTx(coin, {
    unspents: chosen,
    outputs: [{ script: coin.script, value: total }],
    changeScript: coin.script,
    inputKind: coin.inputKind,
    feeRate: await coinFeeRate(coin.utxo, coin.decimals, coin.api),
    feePolicy: { kind: 'deductFromOutput', index: 0 },
    dust: coin.utxo.dust,
    layoutBytes: layoutBytes(coin.txFormat),
    ticker: coin.ticker,
    decimals: coin.decimals,
  });
  const signed = await coin.sign(plan);
  return coin.sendRawTransaction(signed.hex);
}
