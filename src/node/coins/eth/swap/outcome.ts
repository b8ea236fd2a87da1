/**
 * Finding a payment's transactions by the contract's logs (KDF `check_if_my_payment_sent`,
 * `search_for_swap_tx_spend`): `payments(id).state` says whether the payment was opened, spent or
 * refunded, and the `PaymentSent` / `ReceiverSpent` / `SenderRefunded` log of that id names the
 * transaction, scanned from a given block to the tip in bounded ranges. A spend's secret is read
 * from the spend's input, checked against the secret hash and the log's copy.
 */
import { hexlify } from 'ethers';
import { SwapValidationError, type HtlcOutcome, type SwapTx } from '../../swapOps';
import type { EthChainApi, RpcTransaction } from '../chainApi';
import type { SwapContract, SwapEvent } from '../swapContract';
import { encodeRpcTx } from '../txCodec';
import { secretFromSpendInput } from './secret';

/** Blocks per `eth_getLogs` request: public nodes refuse far larger ranges. */
export const LOG_SCAN_BLOCKS = 1000;

export interface EventTx {
  event: SwapEvent;
  rpcTx: RpcTransaction;
  tx: SwapTx;
}

/** The transaction of the `kind` log of payment `id` since `fromBlock`; the state said there is one, so none is an error. */
export async function findEventTx(
  api: EthChainApi,
  contract: SwapContract,
  id: Uint8Array,
  fromBlock: number,
  kind: SwapEvent['event'],
): Promise<EventTx> {
  const idHex = hexlify(id);
  const tip = await api.blockNumber();
  for (let from = fromBlock; from <= tip; from += LOG_SCAN_BLOCKS) {
    const events = await contract.events(from, Math.min(tip, from + LOG_SCAN_BLOCKS - 1), kind);
    const event = events.find((e) => e.id.toLowerCase() === idHex);
    if (!event) continue;
    const rpcTx = await api.transaction(event.txHash);
    if (!rpcTx) throw new SwapValidationError(`The node has the ${kind} log of tx ${event.txHash} but not the tx`);
    const { hex, hash } = encodeRpcTx(rpcTx);
    return { event, rpcTx, tx: { txHex: hex, txHash: hash } };
  }
  throw new SwapValidationError(`Payment ${idHex} is past ${kind} but no ${kind} log was found since block ${fromBlock}`);
}

export interface OutcomeQuery {
  id: Uint8Array;
  secretHash: Uint8Array;
  /** The block the payment was mined in: no exit can come earlier. */
  fromBlock: number;
}

export async function findOutcome(api: EthChainApi, contract: SwapContract, q: OutcomeQuery): Promise<HtlcOutcome | null> {
  const { state } = await contract.payment(q.id);
  if (state !== 'ReceiverSpent' && state !== 'SenderRefunded') return null;
  const { event, rpcTx, tx } = await findEventTx(api, contract, q.id, q.fromBlock, state);
  if (event.event !== 'ReceiverSpent') return { type: 'Refunded', tx };
  const secret = secretFromSpendInput(rpcTx.input, q.secretHash);
  if (hexlify(secret) !== event.secret.toLowerCase()) throw new SwapValidationError(`Spend tx ${event.txHash} input and log carry different secrets`);
  return { type: 'Spent', tx, secret };
}
