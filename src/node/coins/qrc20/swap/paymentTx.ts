/**
 * An `erc20Payment` as the chain shows it (KDF `erc20_payment_details_from_tx`): the transaction's
 * receipts name its contract-call outputs; the one calling `erc20Payment` must have completed and
 * its receipt must log exactly one token `Transfer`, of the token, of the call's amount, into the
 * contract the output called. The payer is that Transfer's sender: a QTUM transaction has no
 * "from", and the contract takes the tokens from whoever called it.
 */
import type { Transaction } from 'bitcoinjs-lib';
import { bytesToHex, hexToBytes } from '../../../crypto';
import { SwapValidationError } from '../../swapOps';
import { TRANSFER_TOPIC } from '../abi';
import { readContractCall } from '../contractScript';
import type { EventLog, TxReceipt } from '../electrumQrc20';
import { decodeErc20Payment, swapCallName, type Erc20PaymentCall } from './etomicSwap';

export interface Erc20PaymentDetails {
  outputIndex: number;
  call: Erc20PaymentCall;
  /** The call data exactly as the output carries it. */
  callData: Uint8Array;
  /** The contract the output called. */
  swapContract: Uint8Array;
  /** Who paid: the sender of the Transfer into the contract. */
  sender: Uint8Array;
}

export interface TransferEvent {
  contract: Uint8Array;
  sender: Uint8Array;
  receiver: Uint8Array;
  amount: bigint;
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** KDF's `check_if_contract_call_completed`: "None" (any case) or no `excepted` means it did. */
export function checkCallCompleted(receipt: TxReceipt): void {
  const ex = receipt.excepted;
  if (ex === null || ex === 'None' || ex === 'none') return;
  const message = receipt.exceptedMessage ? `: ${receipt.exceptedMessage}` : '';
  throw new SwapValidationError(`Contract call failed with an error: ${ex}${message}`);
}

/**
 * KDF's `wait_for_confirmations_and_check_result`: whether every EtomicSwap call of a mined
 * transaction completed (a reverted `approve` beside a completed payment does not count). A
 * receipt naming an output the transaction lacks is an error.
 */
export function swapCallsCompleted(tx: Transaction, txHash: string, receipts: TxReceipt[]): boolean {
  return receipts.every((receipt) => {
    const output = tx.outs[receipt.outputIndex];
    if (!output) throw new SwapValidationError(`TxReceipt::output_index ${receipt.outputIndex} out of bounds: tx ${txHash} has ${tx.outs.length} outputs`);
    const call = readContractCall(new Uint8Array(output.script));
    if (!call || swapCallName(call.callData) === null) return true;
    const ex = receipt.excepted;
    return ex === null || ex === 'None' || ex === 'none';
  });
}

/** An address topic: 12 zero bytes, then the 20-byte address (the server's topics are 32 bytes). */
function topicAddress(topic: string): Uint8Array {
  if (!/^0{24}[0-9a-f]{40}$/.test(topic)) throw new SwapValidationError(`Topic ${topic} is not an address`);
  return hexToBytes(topic.slice(24));
}

/** KDF's `transfer_event_from_log`: three topics, the amount a U256 in the data. */
function transferEvent(log: EventLog): TransferEvent {
  if (log.topics.length !== 3) throw new SwapValidationError(`'Transfer' event must have 3 topics, found ${log.topics.length}`);
  if (log.data.length === 0 || log.data.length > 64) throw new SwapValidationError(`'Transfer' event data of ${log.data.length / 2} bytes is not a U256`);
  return { contract: hexToBytes(log.address), sender: topicAddress(log.topics[1]!), receiver: topicAddress(log.topics[2]!), amount: BigInt(`0x${log.data}`) };
}

/** The receipt's `Transfer` events (first topic the Transfer topic, at least three topics). */
export function transferEvents(receipt: TxReceipt): TransferEvent[] {
  return receipt.log.filter((l) => l.topics.length >= 3 && l.topics[0] === TRANSFER_TOPIC).map(transferEvent);
}

/** The transaction's `erc20Payment` of `token`, checked against its receipt; an error when it has none. */
export function erc20PaymentDetails(tx: Transaction, txHash: string, receipts: TxReceipt[], token: Uint8Array): Erc20PaymentDetails {
  for (const receipt of receipts) {
    const output = tx.outs[receipt.outputIndex];
    if (!output) throw new SwapValidationError(`TxReceipt::output_index ${receipt.outputIndex} out of bounds: tx ${txHash} has ${tx.outs.length} outputs`);
    const contractCall = readContractCall(new Uint8Array(output.script));
    if (!contractCall || swapCallName(contractCall.callData) !== 'erc20Payment') continue;
    checkCallCompleted(receipt);
    const call = decodeErc20Payment(contractCall.callData);
    if (!call) throw new SwapValidationError(`Output ${receipt.outputIndex} of ${txHash} is not a well-formed erc20Payment call`);
    const events = transferEvents(receipt);
    if (events.length === 0) throw new SwapValidationError("Couldn't find 'Transfer' event from logs");
    if (events.length > 1) throw new SwapValidationError("'erc20Payment' should emit only one 'Transfer' event");
    const event = events[0]!;
    if (!sameBytes(event.contract, token)) {
      throw new SwapValidationError(`Unexpected token address 0x${bytesToHex(event.contract)} in 'Transfer' event, expected 0x${bytesToHex(token)}`);
    }
    if (event.amount !== call.amount) throw new SwapValidationError(`Unexpected amount ${event.amount} in 'Transfer' event, expected ${call.amount}`);
    if (!sameBytes(event.receiver, contractCall.contract)) {
      throw new SwapValidationError(
        `Contract address 0x${bytesToHex(contractCall.contract)} from script pubkey and receiver 0x${bytesToHex(event.receiver)} in 'Transfer' event are different`,
      );
    }
    return { outputIndex: receipt.outputIndex, call, callData: contractCall.callData, swapContract: contractCall.contract, sender: event.sender };
  }
  throw new SwapValidationError(`Couldn't find erc20Payment contract call in ${txHash} tx`);
}
