/**
 * The taker fee of a QRC20 token (KDF `send_taker_fee`, `validate_fee_impl`): one `transfer` of the
 * whole dex fee to the hash160 of KDF's dex fee key, called on the token (a QRC20 fee is never
 * burned: KDF's `should_burn_dex_fee` is false for it). The maker reads output 0 as KDF does: a
 * `transfer` call on this token, to the dex address, of at least the fee. Beyond KDF, a fee already
 * mined must show it worked: its receipt completed and logged that Transfer from the taker, since a
 * reverted transfer moved nothing.
 */
import type { Transaction } from 'bitcoinjs-lib';
import { bytesToHex, hash160, hexToBytes } from '../../../crypto';
import { SwapValidationError } from '../../swapOps';
import { DEX_FEE_ADDR_PUBKEY } from '../../tradeFee';
import { encodeTransfer } from '../abi';
import { readContractCall } from '../contractScript';
import type { TxReceipt } from '../electrumQrc20';
import { contractCallOutput, type ContractCallOutput } from '../gas';
import { checkCallCompleted, transferEvents } from './paymentTx';

/** KDF's `contract_address_from_raw_pubkey(dex_pubkey)`. */
export const DEX_FEE_CONTRACT_ADDRESS = hash160(hexToBytes(DEX_FEE_ADDR_PUBKEY));

const TRANSFER_SELECTOR = encodeTransfer(new Uint8Array(20), 0n).slice(0, 4);
/** `transfer(address,uint256)`: a selector and two words. */
const TRANSFER_CALL_BYTES = 4 + 64;

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

export function takerFeeOutput(token: Uint8Array, amount: bigint): ContractCallOutput {
  return contractCallOutput(encodeTransfer(DEX_FEE_CONTRACT_ADDRESS, amount), token);
}

export interface TakerFeeTerms {
  token: Uint8Array;
  /** Base units the dex address must get at least. */
  amount: bigint;
}

/** KDF's `transfer_call_details_from_script_pubkey`: receiver and amount of a `transfer` call, exactly that call. */
function transferCall(callData: Uint8Array): { receiver: Uint8Array; amount: bigint } | null {
  if (callData.length !== TRANSFER_CALL_BYTES || !sameBytes(callData.subarray(0, 4), TRANSFER_SELECTOR)) return null;
  if (!callData.subarray(4, 16).every((b) => b === 0)) return null;
  return { receiver: callData.slice(16, 36), amount: BigInt(`0x${bytesToHex(callData.subarray(36, 68))}`) };
}

/** Output 0 transfers at least the fee of the token to the dex address. */
export function checkTakerFeeOutput(tx: Transaction, terms: TakerFeeTerms): void {
  const output = tx.outs[0];
  if (!output) throw new SwapValidationError(`Provided dex fee tx ${tx.getId()} has no outputs`);
  const call = readContractCall(new Uint8Array(output.script));
  const transfer = call && transferCall(call.callData);
  if (!call || !transfer) throw new SwapValidationError(`Provided dex fee tx ${tx.getId()} is incorrect: Expected 'transfer' contract call`);
  if (!sameBytes(transfer.receiver, DEX_FEE_CONTRACT_ADDRESS)) {
    throw new SwapValidationError(`QRC20 Fee tx was sent to wrong address 0x${bytesToHex(transfer.receiver)}, expected 0x${bytesToHex(DEX_FEE_CONTRACT_ADDRESS)}`);
  }
  if (transfer.amount < terms.amount) throw new SwapValidationError(`QRC20 Fee tx value ${transfer.amount} is less than expected ${terms.amount}`);
  if (!sameBytes(call.contract, terms.token)) {
    throw new SwapValidationError(`QRC20 Fee tx ${tx.getId()} called wrong smart contract 0x${bytesToHex(call.contract)}, expected 0x${bytesToHex(terms.token)}`);
  }
}

/** A mined fee's receipt of output 0: completed, and a Transfer of the token from `sender` to the dex address of at least the fee. */
export function checkTakerFeeReceipt(receipts: TxReceipt[], terms: TakerFeeTerms, sender: Uint8Array): void {
  const receipt = receipts.find((r) => r.outputIndex === 0);
  if (!receipt) throw new SwapValidationError('The mined dex fee tx has no receipt of its transfer output');
  checkCallCompleted(receipt);
  const paid = transferEvents(receipt).some(
    (e) => sameBytes(e.contract, terms.token) && sameBytes(e.sender, sender) && sameBytes(e.receiver, DEX_FEE_CONTRACT_ADDRESS) && e.amount >= terms.amount,
  );
  if (!paid) throw new SwapValidationError(`The dex fee tx logged no Transfer of at least ${terms.amount} from 0x${bytesToHex(sender)} to the dex fee address`);
}
