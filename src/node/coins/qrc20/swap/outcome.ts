/**
 * Finding a payment's swap transactions by the token history of an address (KDF
 * `transactions_emitted_swap_event`, `search_for_swap_tx_spend`, `check_if_my_payment_sent_impl`):
 * every swap call moves tokens, so the transaction that opened, spent or refunded a payment is among
 * the Transfer events naming its caller (`blockchain.contract.event.get_history`). Of those since a
 * block, the ones whose receipts log the swap event (its single topic, logged by the swap
 * contract) are fetched and their outputs searched for the call with the payment's id. Lists from
 * the server are bounded before any of this work.
 */
import type { Transaction } from 'bitcoinjs-lib';
import { bytesToHex, hash160 } from '../../../crypto';
import { SwapValidationError } from '../../swapOps';
import { decodeSwapTx } from '../../utxo/swap/txBytes';
import type { UtxoCoin } from '../../utxo/utxoCoin';
import { readContractCall } from '../contractScript';
import type { Qrc20ElectrumApi } from '../electrumQrc20';
import { decodeReceiverSpend, swapCallName, swapIdOfCall, type SwapCallName } from './etomicSwap';

/** Transactions of one address's token history looked through for a swap event; a longer list is refused. */
export const MAX_SWAP_SCAN_TXS = 1000;

export interface SwapSearch {
  api: Qrc20ElectrumApi;
  qtum: UtxoCoin;
  token: Uint8Array;
  swapContract: Uint8Array;
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** The transactions since `fromBlock` naming `caller` in a token Transfer whose receipts log `topic` from the swap contract. */
export async function txsWithSwapEvent(s: SwapSearch, caller: Uint8Array, fromBlock: number, topic: string): Promise<Transaction[]> {
  const events = (await s.api.transferEvents(caller, s.token)).filter((e) => e.height >= fromBlock);
  if (events.length > MAX_SWAP_SCAN_TXS) throw new SwapValidationError(`0x${bytesToHex(caller)} has ${events.length} token transfers since block ${fromBlock}, more than ${MAX_SWAP_SCAN_TXS}`);
  const contract = bytesToHex(s.swapContract);
  const txs: Transaction[] = [];
  for (const { txHash } of events) {
    const receipts = await s.api.receipts(txHash);
    const logged = receipts.some((r) => r.log.some((l) => l.address === contract && l.topics.length === 1 && l.topics[0] === topic));
    if (!logged) continue;
    const [hex] = await s.qtum.api.rawTransactions([txHash]);
    txs.push(decodeSwapTx({ txHex: hex ?? '', txHash }, s.qtum.txFormat));
  }
  return txs;
}

/** The index of the output calling `name` on the swap contract for payment `id`, or -1 (KDF `find_swap_contract_call_with_swap_id`). */
export function swapCallOutput(tx: Transaction, name: SwapCallName, id: Uint8Array, swapContract: Uint8Array): number {
  return tx.outs.findIndex((out) => {
    const call = readContractCall(new Uint8Array(out.script));
    if (!call || !sameBytes(call.contract, swapContract) || swapCallName(call.callData) !== name) return false;
    const callId = swapIdOfCall(call.callData);
    return callId !== null && sameBytes(callId, id);
  });
}

/**
 * The secret of the `receiverSpend` output of payment `id` whose secret hashes to `secretHash`
 * (KDF `find_receiver_spend_with_swap_id_and_secret_hash`, `extract_secret_impl`); outputs with
 * another secret are passed over, as a malicious spend may carry a wrong one first. Null: none.
 */
export function spendSecret(tx: Transaction, secretHash: Uint8Array, id: Uint8Array | null, swapContract: Uint8Array | null): Uint8Array | null {
  for (const out of tx.outs) {
    const call = readContractCall(new Uint8Array(out.script));
    if (!call || (swapContract && !sameBytes(call.contract, swapContract))) continue;
    const spend = decodeReceiverSpend(call.callData);
    if (!spend || (id && !sameBytes(spend.id, id))) continue;
    if (sameBytes(hash160(spend.secret), secretHash)) return spend.secret;
  }
  return null;
}
