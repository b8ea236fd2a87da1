/** The swaps domain as other domains use it (orders: balance checks and max volumes before placing an order). */
export { checkBalanceForSwap, maxMakerVol, maxTakerVol, type MaxVolOptions, type SwapBalanceRequest } from './orderChecks';
export { lockedAmounts, type LockedAmounts } from './checkBalance';
export { dexFee, dexFeeRate, type DexFee } from './dexFee';
export { checkNotWalletOnly, findSwapCoin, type SwapCoin } from './swapCoin';
export { swapError } from './swapErrors';
export { checkPrice, validateMakerOrder, validateTakerOrder } from './tradeRules';
export { SwapEngine } from './engine/engine';
export { openSwapEngine, type OpenSwaps } from './engine/open';
export type { SwapStartParams } from './engine/started';
