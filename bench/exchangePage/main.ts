/**
 * The Exchange tab alone, as the wallet page mounts it, over the bench's stand-in node worker:
 * the page's own components and state classes, measured by the long-task observer in index.html
 * from the moment the runner mounts it.
 */
import { mount } from 'svelte';
import { RpcClient } from '../../src/client/RpcClient';
import ExchangePanel from '../../src/ui/components/exchange/ExchangePanel.svelte';
import { ActiveCoins } from '../../src/ui/lib/activeCoins.svelte';
import type { TradeStorageWarning } from '../../src/ui/lib/storagePersistence.svelte';
import { SwapsState } from '../../src/ui/lib/swapsState.svelte';
import '../../src/ui/app.css';

const worker = new Worker(new URL('./benchNode.worker.ts', import.meta.url), { type: 'module' });
const client = new RpcClient(worker);
const coins = new ActiveCoins(client);
const coin = (ticker: string) => ({
  ticker,
  address: 'bench',
  balance: '1000',
  unspendable: '0',
  requiredConfirmations: 1,
  matureConfirmations: null,
  txHistory: false,
  trezor: false,
});
coins.coins = [coin('RLTC1'), coin('RLTC2')];
// Acknowledged: the bench places no order.
const storageWarning = { needed: false, acknowledge: () => undefined } as unknown as TradeStorageWarning;

/**
 * Mounts the tab, as the wallet page does when Exchange is opened, and returns when (ms since page
 * load): the page's own load is not the tab's work.
 */
(window as unknown as { benchMount: () => number }).benchMount = () => {
  const at = performance.now();
  mount(ExchangePanel, {
    target: document.getElementById('app')!,
    props: {
      client,
      coins,
      tradingOn: true,
      storageWarning,
      swaps: new SwapsState(client),
      visible: true,
      onopenswap: () => undefined,
    },
  });
  return at;
};
