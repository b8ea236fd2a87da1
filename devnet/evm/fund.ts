/**
 * Funds the devnet's test wallets on the EVM chain from the deployer, who holds anvil's ETH and
 * every token: alice and bob 100 ETH plus 1000 of each token, many 10 ETH, empty nothing. One
 * transaction at a time, each waited for, so the nonces never collide.
 */
import { Contract, parseEther, parseUnits, type Wallet } from 'ethers';
import { WALLET_PASSPHRASES } from '../funding';
import type { Artifacts } from './compile';
import { TOKENS } from './deploy';
import { ethAddress } from './keys';

type WalletName = keyof typeof WALLET_PASSPHRASES;
const FUNDING: Record<WalletName, { eth?: string; eachToken?: string }> = {
  alice: { eth: '100', eachToken: '1000' },
  bob: { eth: '100', eachToken: '1000' },
  many: { eth: '10' },
  empty: {},
};

export async function fundEvmWallets(deployer: Wallet, artifacts: Artifacts): Promise<void> {
  const tokens = TOKENS.map((t) => ({ ...t, transfer: new Contract(t.address, artifacts.TestToken.abi, deployer).getFunction('transfer') }));
  for (const [name, amounts] of Object.entries(FUNDING) as [WalletName, (typeof FUNDING)[WalletName]][]) {
    const to = ethAddress(WALLET_PASSPHRASES[name]);
    const { eth, eachToken } = amounts;
    if (eth) await (await deployer.sendTransaction({ to, value: parseEther(eth) })).wait();
    if (eachToken) for (const t of tokens) await (await t.transfer.send(to, parseUnits(eachToken, t.decimals))).wait();
  }
}
