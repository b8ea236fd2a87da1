/**
 * The ERC20 ABI calls a QRC20 token makes (KDF uses `eth::ERC20_CONTRACT`): `transfer`, `approve`,
 * `balanceOf`, `allowance`, `decimals`, and the decoding of a single `uint256` answer. Addresses in calls are
 * 20-byte hash160s (a QTUM P2PKH address's hash is its "contract address").
 */
import { concatBytes } from '@noble/hashes/utils.js';
import { bytesToHex, hexToBytes, keccak256 } from '../../crypto';

const selector = (signature: string): Uint8Array => keccak256(new TextEncoder().encode(signature)).slice(0, 4);

const TRANSFER_SELECTOR = selector('transfer(address,uint256)');
const BALANCE_OF_SELECTOR = selector('balanceOf(address)');
const DECIMALS_SELECTOR = selector('decimals()');
const ALLOWANCE_SELECTOR = selector('allowance(address,address)');
const APPROVE_SELECTOR = selector('approve(address,uint256)');

/** keccak256("Transfer(address,address,uint256)"): the topic QTUM Electrum indexes transfers by. */
export const TRANSFER_TOPIC = bytesToHex(keccak256(new TextEncoder().encode('Transfer(address,address,uint256)')));


const MAX_UINT256 = (1n << 256n) - 1n;

function word(value: bigint): Uint8Array {
  if (value < 0n || value > MAX_UINT256) throw new RangeError('a uint256 is 0 ≤ n < 2^256');
  return hexToBytes(value.toString(16).padStart(64, '0'));
}

function addressWord(address: Uint8Array): Uint8Array {
  if (address.length !== 20) throw new RangeError(`an address has 20 bytes, got ${address.length}`);
  const w = new Uint8Array(32);
  w.set(address, 12);
  return w;
}

export const encodeTransfer = (to: Uint8Array, amount: bigint): Uint8Array => concatBytes(TRANSFER_SELECTOR, addressWord(to), word(amount));
export const encodeBalanceOf = (owner: Uint8Array): Uint8Array => concatBytes(BALANCE_OF_SELECTOR, addressWord(owner));
export const encodeDecimals = (): Uint8Array => DECIMALS_SELECTOR.slice();
export const encodeAllowance = (owner: Uint8Array, spender: Uint8Array): Uint8Array => concatBytes(ALLOWANCE_SELECTOR, addressWord(owner), addressWord(spender));
export const encodeApprove = (spender: Uint8Array, amount: bigint): Uint8Array => concatBytes(APPROVE_SELECTOR, addressWord(spender), word(amount));

/**
 * A call of KDF's EtomicSwap contract (`erc20Payment`, `receiverSpend`, `senderRefund`) with
 * `words` static arguments: fee estimates only need its size, which zeros give exactly.
 */
export const encodeStaticCall = (signature: string, words: number): Uint8Array => concatBytes(selector(signature), new Uint8Array(32 * words));

/**
 * The first 32-byte word of a call's output as a uint256 (ethabi's `decode_output` for one
 * `uint256`); null when the output is shorter, e.g. the contract does not exist.
 */
export function decodeUint256(output: Uint8Array): bigint | null {
  if (output.length < 32) return null;
  return BigInt(`0x${bytesToHex(output.subarray(0, 32))}`);
}

