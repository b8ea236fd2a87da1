/**
 * EVM test helpers: fresh wallets funded from the devnet's deployer, balances read with ethers
 * directly (independent of the node under test), and `enable` with the devnet's arguments.
 */
import { Contract, Interface, isError, parseEther, parseUnits, Wallet, type JsonRpcProvider, type TransactionRequest } from 'ethers';
import { ethAddress } from '../../../devnet/evm/keys';
import { evmProvider } from '../../../devnet/evm/provider';
import { devnet } from '../devnet/daemon';
import type { Platform } from '../../../src/node/core/context';
import { freshPassphrase, startWalletNode, type Reply, type WalletNode } from '../utxo/walletNode';

export type EvmTicker = 'ETHDEV' | 'DEVT18-ERC20' | 'DEVT6-ERC20';
export const DECIMALS: Record<EvmTicker, number> = { ETHDEV: 18, 'DEVT18-ERC20': 18, 'DEVT6-ERC20': 6 };
export const SWAP_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const ERC20 = new Interface([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);

export const tokenAddress = (ticker: Exclude<EvmTicker, 'ETHDEV'>): string => devnet().evm.tokens[ticker];

/** The test file's own provider, for reading the chain and funding. */
export const chainProvider = (): JsonRpcProvider => evmProvider(devnet().evm.rpcUrl);

/** Base units of a decimal string in a coin's units. */
export const units = (ticker: EvmTicker, decimal: string): bigint => parseUnits(decimal, DECIMALS[ticker]);

/** The balance the chain reports, in base units. */
export async function chainBalance(provider: JsonRpcProvider, ticker: EvmTicker, address: string): Promise<bigint> {
  if (ticker === 'ETHDEV') return provider.getBalance(address);
  return (await new Contract(tokenAddress(ticker), ERC20, provider).getFunction('balanceOf').staticCall(address)) as bigint;
}

/** Pays decimal amounts from the deployer, one transaction at a time, each mined before the next; resolves with their hashes. */
export async function fundEvm(provider: JsonRpcProvider, to: string, amounts: Partial<Record<EvmTicker, string>>): Promise<string[]> {
  const hashes: string[] = [];
  for (const [ticker, amount] of Object.entries(amounts) as [EvmTicker, string][]) {
    const request =
      ticker === 'ETHDEV'
        ? { to, value: parseEther(amount) }
        : { to: tokenAddress(ticker), data: ERC20.encodeFunctionData('transfer', [to, units(ticker, amount)]) };
    hashes.push(await sendFromDeployer(provider, request));
  }
  return hashes;
}

/**
 * Sends from the devnet's deployer and waits for it to be mined. Test files running side by side
 * (in other processes) send from it too: a send that met another's nonce is sent again at the next one.
 */
export async function sendFromDeployer(provider: JsonRpcProvider, request: TransactionRequest): Promise<string> {
  const deployer = new Wallet(devnet().evm.deployerKey, provider);
  for (let attempt = 1; ; attempt++) {
    try {
      const tx = await deployer.sendTransaction(request);
      await tx.wait();
      return tx.hash;
    } catch (e) {
      const clash = isError(e, 'NONCE_EXPIRED') || isError(e, 'REPLACEMENT_UNDERPRICED');
      if (!clash || attempt >= 20) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
    }
  }
}

export interface EvmNode extends WalletNode {
  passphrase: string;
  /** EIP-55, computed by the devnet's own key code. */
  address: string;
  enable(ticker: EvmTicker, extra?: Record<string, unknown>): Promise<Reply>;
}

/** A node on a fresh passphrase (its own balances), optionally funded first. */
export async function startEvmNode(label: string, provider: JsonRpcProvider, funds: Partial<Record<EvmTicker, string>> = {}): Promise<EvmNode> {
  const passphrase = freshPassphrase(label);
  await fundEvm(provider, ethAddress(passphrase), funds);
  return openEvmNode(passphrase);
}

/** A node on `passphrase`: a new one, or the same wallet again after a reload (on the same platform: the same IndexedDB). */
export async function openEvmNode(passphrase: string, platform?: Platform): Promise<EvmNode> {
  const node = await startWalletNode(passphrase, platform);
  return {
    ...node,
    passphrase,
    address: ethAddress(passphrase),
    enable: (ticker, extra = {}) => node.legacy('enable', { coin: ticker, ...devnet().coins[ticker], ...extra }),
  };
}
