/**
 * The devnet's EVM chain: anvil with EtomicSwap and two test tokens at their public/coins.json
 * addresses and the test wallets funded. Compiling (cached) overlaps anvil's start-up.
 */
import { Wallet } from 'ethers';
import type { EvmEnableArgs, EvmInfo, EvmTicker } from '../info';
import { CHAIN_ID, startAnvil, type Anvil } from './anvil';
import { compileContracts } from './compile';
import { DEPLOYER_KEY, deployContracts, SWAP_CONTRACT, TOKENS } from './deploy';
import { fundEvmWallets } from './fund';
import { evmProvider } from './provider';

export interface EvmChain {
  info: EvmInfo;
  /** devnet.json `coins` entries */
  coins: Record<EvmTicker, EvmEnableArgs>;
  stop(): Promise<void>;
}

export async function startEvmChain(blockInterval: number): Promise<EvmChain> {
  const [artifacts, anvil] = await Promise.allSettled([compileContracts(), startAnvil(blockInterval)]);
  const stop = anvil.status === 'fulfilled' ? anvil.value.stop : async () => undefined;
  try {
    if (artifacts.status === 'rejected') throw artifacts.reason;
    if (anvil.status === 'rejected') throw anvil.reason;
    const provider = evmProvider(anvil.value.rpcUrl);
    let fundedAtBlock: number;
    try {
      const deployer = new Wallet(DEPLOYER_KEY, provider);
      await deployContracts(deployer, artifacts.value);
      await fundEvmWallets(deployer, artifacts.value);
      fundedAtBlock = await provider.getBlockNumber();
    } finally {
      provider.destroy();
    }
    return { info: toInfo(anvil.value, fundedAtBlock), coins: toCoins(anvil.value.rpcUrl), stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

function toInfo(anvil: Anvil, fundedAtBlock: number): EvmInfo {
  const tokens = Object.fromEntries(TOKENS.map((t) => [t.ticker, t.address])) as EvmInfo['tokens'];
  return {
    rpcUrl: anvil.rpcUrl,
    chainId: CHAIN_ID,
    pid: anvil.pid,
    swapContract: SWAP_CONTRACT,
    fallbackSwapContract: SWAP_CONTRACT,
    tokens,
    deployerKey: DEPLOYER_KEY,
    fundedAtBlock,
  };
}

function toCoins(rpcUrl: string): Record<EvmTicker, EvmEnableArgs> {
  const args = (): EvmEnableArgs => ({ urls: [rpcUrl], swap_contract_address: SWAP_CONTRACT, fallback_swap_contract: SWAP_CONTRACT });
  return { ETHDEV: args(), 'DEVT18-ERC20': args(), 'DEVT6-ERC20': args() };
}
