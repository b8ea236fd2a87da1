/**
 * The ERC20 calls and the Transfer event the node uses: balance, decimals, allowance, transfer and
 * approve call data, and Transfer logs touching an address.
 */
import { Interface, zeroPadValue } from 'ethers';
import type { EthChainApi, RpcLog } from './chainApi';
import { sameAddress } from './address';

const ERC20 = new Interface([
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

/** keccak256("Transfer(address,address,uint256)"). */
export const TRANSFER_TOPIC = ERC20.getEvent('Transfer')?.topicHash as string;

export const encodeTransfer = (to: string, amount: bigint): string => ERC20.encodeFunctionData('transfer', [to, amount]);
export const encodeApprove = (spender: string, amount: bigint): string => ERC20.encodeFunctionData('approve', [spender, amount]);

/** The `transfer(to, amount)` a transaction input makes, or null when it is none (or malformed). */
export function decodeTransferCall(input: string): { to: string; amount: bigint } | null {
  try {
    const parsed = ERC20.parseTransaction({ data: input });
    return parsed?.name === 'transfer' ? { to: parsed.args[0] as string, amount: parsed.args[1] as bigint } : null;
  } catch {
    return null;
  }
}

export async function tokenBalance(api: EthChainApi, token: string, owner: string): Promise<bigint> {
  const out = await api.call({ to: token, data: ERC20.encodeFunctionData('balanceOf', [owner]) });
  return ERC20.decodeFunctionResult('balanceOf', out)[0] as bigint;
}

/** What `spender` (the swap contract) may still take from `owner`'s tokens. */
export async function tokenAllowance(api: EthChainApi, token: string, owner: string, spender: string): Promise<bigint> {
  const out = await api.call({ to: token, data: ERC20.encodeFunctionData('allowance', [owner, spender]) });
  return ERC20.decodeFunctionResult('allowance', out)[0] as bigint;
}

export async function tokenDecimals(api: EthChainApi, token: string): Promise<number> {
  const out = await api.call({ to: token, data: ERC20.encodeFunctionData('decimals') });
  return Number(ERC20.decodeFunctionResult('decimals', out)[0] as bigint);
}

/** A 20-byte address as a 32-byte log topic. */
export const addressTopic = (address: string): string => zeroPadValue(address, 32).toLowerCase();

export interface TokenTransfer {
  from: string;
  to: string;
  value: bigint;
}

/** The Transfer a log records, if it is one of `token`'s. */
export function decodeTransfer(log: RpcLog, token: string): TokenTransfer | null {
  if (!sameAddress(log.address, token) || log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3) return null;
  const parsed = ERC20.parseLog({ topics: log.topics, data: log.data });
  if (!parsed) return null;
  return { from: parsed.args[0] as string, to: parsed.args[1] as string, value: parsed.args[2] as bigint };
}
