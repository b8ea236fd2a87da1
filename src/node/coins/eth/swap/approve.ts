/**
 * The allowance an ERC20 payment needs (KDF `erc20Payment` path): when the swap contract may take
 * less than the amount, the wallet approves it for everything (`approve(contract, MAX)`, gas by
 * `eth_estimateGas`) and waits until the chain shows the allowance before the payment goes out, as
 * KDF polls `allowance` every 5 s. A reverted approve or one not mined in time fails the payment.
 */
import { MaxUint256 } from 'ethers';
import { SwapValidationError } from '../../swapOps';
import type { EthChain } from '../ethChain';
import { encodeApprove, tokenAllowance } from '../erc20';
import { sendSwapTx } from './send';

/** KDF's allowance polling period. */
export const APPROVE_POLL_MS = 5_000;
/** How long an approve may take to be mined before the payment is given up. */
export const APPROVE_WAIT_MS = 600_000;

export interface ApproveDeps {
  chain: EthChain;
  gasPrice(): Promise<bigint>;
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** Resolves once `spender` may take `amount` of `token` from the wallet; the approve's hash, or null when none was needed. */
export async function ensureAllowance(d: ApproveDeps, token: string, spender: string, amount: bigint): Promise<string | null> {
  const api = d.chain.api;
  const owner = d.chain.address;
  if ((await tokenAllowance(api, token, owner, spender)) >= amount) return null;
  const approve = await sendSwapTx(d.chain, () => d.gasPrice(), { to: token, value: 0n, data: encodeApprove(spender, MaxUint256) });
  const deadline = d.now() + APPROVE_WAIT_MS;
  for (;;) {
    const receipt = await api.receipt(`0x${approve.txHash}`);
    if (receipt && receipt.status !== 1) throw new SwapValidationError(`Approve tx ${approve.txHash} of ${token} reverted`);
    if (receipt && (await tokenAllowance(api, token, owner, spender)) >= amount) return approve.txHash;
    if (d.now() >= deadline) throw new SwapValidationError(`Approve tx ${approve.txHash} of ${token} was not mined in ${APPROVE_WAIT_MS / 1000} s`);
    await d.sleep(APPROVE_POLL_MS);
  }
}
