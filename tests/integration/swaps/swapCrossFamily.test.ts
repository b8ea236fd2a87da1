/**
 * Legacy swaps across coin families on the devnet, both directions, the legs running side by side
 * (each on its own wallets and its own pair direction): UTXO ↔ ETH, UTXO ↔ ERC20 (the approve
 * path), segwit ↔ P2PKH, ETH ↔ ERC20; and every side's balance afterwards checked to the
 * satoshi/wei against the chain.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { NodeEvents, type SwapConfirmationsData } from '../../../src/shared/wire';
import { expectSettledSoon, holding } from './ledger';
import { coinsFor, eventData, eventTypes, finished, fundsFor, matchSwap, SHORT_LOCKTIME, startSwapNode, type SwapNode } from './swapNode';

interface Leg {
  makerCoin: string;
  takerCoin: string;
  /** Taker coin per maker coin; volume × price is 0.777, so the dex fee is exactly 0.001. */
  price: string;
  volume: string;
}

const nodes: SwapNode[] = [];

/** Every `swap_confirmations` the node sends to its page from now on. */
function confirmationsOf(node: SwapNode): SwapConfirmationsData[] {
  const seen: SwapConfirmationsData[] = [];
  const emit = node.platform.emit.bind(node.platform);
  node.platform.emit = (event, data) => {
    if (event === NodeEvents.swapConfirmations) seen.push(data as SwapConfirmationsData);
    emit(event, data);
  };
  return seen;
}

/** The counts told for `txHash`: they only go up, and the last one reaches the required count (1 here). */
function expectToldConfirmed(told: SwapConfirmationsData[], uuid: string, coin: string, txHash: string): void {
  const counts = told.filter((c) => c.tx_hash === txHash).map((c) => c.confirmations);
  expect(told.filter((c) => c.tx_hash === txHash).every((c) => c.uuid === uuid && c.coin === coin && c.required === 1)).toBe(true);
  expect(counts.at(-1)).toBeGreaterThanOrEqual(1);
  expect(counts.every((n, i) => i === 0 || (n ?? -1) > (counts[i - 1] ?? -1))).toBe(true);
}

async function runLeg(leg: Leg): Promise<void> {
  const name = `${leg.makerCoin}→${leg.takerCoin}`;
  const [maker, taker] = await Promise.all([
    startSwapNode(`${name} maker`, coinsFor(leg.makerCoin, leg.takerCoin), fundsFor(leg.makerCoin, leg.takerCoin)),
    startSwapNode(`${name} taker`, coinsFor(leg.takerCoin, leg.makerCoin), fundsFor(leg.takerCoin, leg.makerCoin)),
  ]);
  nodes.push(maker, taker);
  const coins = [leg.makerCoin, leg.takerCoin];
  // The segwit coin's wallet is a P2WPKH address, so its payments spend witness inputs.
  for (const n of [maker, taker]) if (n.addresses['RLTC1-segwit']) expect(n.addresses['RLTC1-segwit']).toMatch(/^rltc1q/);
  const before = await Promise.all([maker, taker].flatMap((n) => coins.map((c) => holding(n, c))));
  const [makerTold, takerTold] = [confirmationsOf(maker), confirmationsOf(taker)];

  const uuid = await matchSwap(maker, taker, leg.makerCoin, leg.takerCoin, leg.price, leg.volume);
  // The taker first: a taker that gave up early leaves the maker waiting the full KDF timeout.
  const takerSwap = await finished(taker, uuid);
  const makerSwap = await finished(maker, uuid);
  expect(makerSwap.is_success, `${name} maker: ${eventTypes(makerSwap).join(',')}`).toBe(true);
  expect(takerSwap.is_success, `${name} taker: ${eventTypes(takerSwap).join(',')}`).toBe(true);
  expect(eventTypes(makerSwap).at(-2)).toBe('TakerPaymentSpendConfirmed');
  expect(eventTypes(takerSwap).at(-2)).toBe('MakerPaymentSpendConfirmed');
  expect(eventData(takerSwap, 'Started')).toMatchObject({ lock_duration: SHORT_LOCKTIME });
  // Each awaited confirmation was told to the page as it came.
  const txOf = (swap: Record<string, unknown>, type: string): string => eventData(swap, type)?.tx_hash as string;
  expectToldConfirmed(makerTold, uuid, leg.takerCoin, txOf(makerSwap, 'TakerPaymentReceived'));
  expectToldConfirmed(makerTold, uuid, leg.takerCoin, txOf(makerSwap, 'TakerPaymentSpent'));
  expectToldConfirmed(takerTold, uuid, leg.makerCoin, txOf(takerSwap, 'MakerPaymentReceived'));
  expectToldConfirmed(takerTold, uuid, leg.makerCoin, txOf(takerSwap, 'MakerPaymentSpent'));

  const checks = [maker, taker].flatMap((n, i) => coins.map((c, j) => ({ node: n, swap: i === 0 ? makerSwap : takerSwap, before: before[i * 2 + j]! })));
  await Promise.all(checks.map((c) => expectSettledSoon(c.node, c.swap, c.before)));
}

describe('legacy swaps across coin families on the devnet', () => {
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
  });

  it('swaps RLTC1 ↔ ETHDEV, RLTC1 ↔ DEVT18-ERC20, RLTC1-segwit ↔ RLTC2 and ETHDEV ↔ DEVT6-ERC20 both ways, every balance exact', async () => {
    const legs: Leg[] = [
      { makerCoin: 'RLTC1', takerCoin: 'ETHDEV', price: '1.554', volume: '0.5' },
      { makerCoin: 'ETHDEV', takerCoin: 'RLTC1', price: '3.108', volume: '0.25' },
      { makerCoin: 'RLTC1', takerCoin: 'DEVT18-ERC20', price: '1.554', volume: '0.5' },
      { makerCoin: 'DEVT18-ERC20', takerCoin: 'RLTC1', price: '3.108', volume: '0.25' },
      { makerCoin: 'RLTC1-segwit', takerCoin: 'RLTC2', price: '1.554', volume: '0.5' },
      { makerCoin: 'RLTC2', takerCoin: 'RLTC1-segwit', price: '3.108', volume: '0.25' },
      { makerCoin: 'ETHDEV', takerCoin: 'DEVT6-ERC20', price: '3.108', volume: '0.25' },
      { makerCoin: 'DEVT6-ERC20', takerCoin: 'ETHDEV', price: '3.108', volume: '0.25' },
    ];
    await Promise.all(legs.map(runLeg));
  }, 400_000);
});
