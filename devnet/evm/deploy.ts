/**
 * Deploys the devnet's contracts from anvil's account #0 as its first three transactions, so they
 * land at the addresses public/coins.json names (CREATE addresses depend only on sender and nonce).
 */
import { ContractFactory, parseUnits, type Wallet } from 'ethers';
import type { EvmTicker } from '../info';
import type { Artifacts } from './compile';

/** anvil's account #0 (mnemonic "test … junk"): 10000 ETH on a fresh chain. */
export const DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const SWAP_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

export interface TokenSpec {
  ticker: Exclude<EvmTicker, 'ETHDEV'>;
  name: string;
  symbol: string;
  decimals: number;
  address: string;
}

/** In deployment order (nonces 1 and 2). */
export const TOKENS: readonly TokenSpec[] = [
  { ticker: 'DEVT18-ERC20', name: 'Devnet token (18 decimals)', symbol: 'DEVT18', decimals: 18, address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' },
  { ticker: 'DEVT6-ERC20', name: 'Devnet token (6 decimals)', symbol: 'DEVT6', decimals: 6, address: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' },
];

/** Each token's supply, all minted to the deployer. */
const TOKEN_SUPPLY = '1000000';

export async function deployContracts(deployer: Wallet, artifacts: Artifacts): Promise<void> {
  const deploy = async (name: keyof Artifacts, nonce: number, expected: string, args: unknown[]): Promise<void> => {
    const factory = new ContractFactory(artifacts[name].abi, artifacts[name].bytecode, deployer);
    // An explicit nonce: a used one fails here rather than deploying elsewhere.
    const contract = await factory.deploy(...args, { nonce });
    await contract.waitForDeployment(); // its code is there
    const address = await contract.getAddress();
    if (address !== expected) throw new Error(`${name} deployed at ${address}, expected ${expected}`);
  };
  await deploy('EtomicSwap', 0, SWAP_CONTRACT, []);
  for (const [i, t] of TOKENS.entries()) {
    await deploy('TestToken', i + 1, t.address, [t.name, t.symbol, t.decimals, parseUnits(TOKEN_SUPPLY, t.decimals)]);
  }
}
