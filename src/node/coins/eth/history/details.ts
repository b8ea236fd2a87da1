/**
 * One history entry of an EVM coin from a mined transaction, in KDF's TransactionDetails form: all
 * movements of the coin in the transaction are summed (a swap may both pay and refund), a reverted
 * transaction or inner call moves nothing, and the fee (gas used × effective price, in the
 * platform coin) counts as spent only in the platform coin's history of the sender.
 */
import { toChecksumAddress } from '../../../crypto';
import type { TransactionDetails } from '../../coin';
import { sameAddress } from '../address';
import type { RpcReceipt, RpcTransaction } from '../chainApi';
import { ethFeeDetails } from '../fee';
import { encodeRpcTx } from '../txCodec';
import { formatUnits } from '../units';
import type { Transfer } from './sources';

export interface HistoryCoin {
  readonly ticker: string;
  readonly decimals: number;
  readonly address: string;
  readonly platform: { ticker: string };
  /** Null for the platform coin. */
  readonly contract: string | null;
}

export function historyDetails(
  coin: HistoryCoin,
  transfers: readonly Transfer[],
  tx: RpcTransaction,
  receipt: RpcReceipt,
  timestamp: number,
): TransactionDetails {
  const mine = (a: string) => sameAddress(a, coin.address);
  const moved = transfers.filter((t) => receipt.status === 1 && !t.failed);
  const sum = (list: readonly Transfer[]) => list.reduce((a, t) => a + t.value, 0n);
  const fee = receipt.gasUsed * receipt.effectiveGasPrice;
  const paysFee = coin.contract === null && mine(tx.from);
  const spent = sum(moved.filter((t) => mine(t.from))) + (paysFee ? fee : 0n);
  const received = sum(moved.filter((t) => mine(t.to)));
  const hash = tx.hash.slice(2).toLowerCase();
  const fmt = (v: bigint) => formatUnits(v, coin.decimals);
  return {
    txHex: rawHex(tx),
    txHash: hash,
    from: unique(transfers.map((t) => t.from)),
    to: unique(transfers.map((t) => t.to)),
    totalAmount: fmt(sum(transfers)),
    spentByMe: fmt(spent),
    receivedByMe: fmt(received),
    myBalanceChange: fmt(received - spent),
    blockHeight: receipt.blockNumber,
    timestamp,
    feeDetails: ethFeeDetails(receipt.gasUsed, { type: 'legacy', gasPrice: receipt.effectiveGasPrice }, coin.platform.ticker),
    coin: coin.ticker,
    internalId: hash,
    transactionType: 'StandardTransfer',
    memo: null,
  };
}

const unique = (addresses: string[]): string[] => [...new Set(addresses.map((a) => toChecksumAddress(a)))];

/** Transaction types ethers cannot encode (blobs, set-code) keep an empty `tx_hex`. */
function rawHex(tx: RpcTransaction): string {
  try {
    return encodeRpcTx(tx).hex;
  } catch {
    return '';
  }
}
