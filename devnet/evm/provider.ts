import { JsonRpcProvider } from 'ethers';
import { CHAIN_ID } from './anvil';

/**
 * An ethers provider for the devnet chain. ethers caches each request's answer for 250 ms by
 * default, so a second transaction sent right after the first got the same (stale) nonce
 * (devnet-notes §3): nothing is cached here. No batching either: it would add a 10 ms stall to
 * every request, for nothing on a local chain.
 */
export const evmProvider = (rpcUrl: string): JsonRpcProvider =>
  new JsonRpcProvider(rpcUrl, CHAIN_ID, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 100, batchMaxCount: 1 });
