/**
 * The taker fee on an EVM chain (KDF `send_taker_fee` / `validate_fee`): a plain value transfer
 * to the dex fee address for ETH, `transfer(dex, amount)` on the token for ERC20. The maker's
 * checks are KDF's: sent by the taker, to the dex address (through the token for ERC20), at least
 * the fee, mined after the swap's start block (or not mined yet); a mined transaction must also
 * have succeeded.
 */
import { earlyFeeError, SwapValidationError } from '../../swapOps';
import { sameAddress } from '../address';
import { decodeTransferCall, encodeTransfer } from '../erc20';
import { DEX_FEE_ADDRESS } from '../tradeFee';
import type { SwapCallTx } from './send';
import { requireNotReverted, type ChainTx } from './txRead';

/** The fee transfer of `amount` base units; gas is estimated, as KDF does. */
export function takerFeeCall(token: string | null, amount: bigint): SwapCallTx {
  return token ? { to: token, value: 0n, data: encodeTransfer(DEX_FEE_ADDRESS, amount) } : { to: DEX_FEE_ADDRESS, value: amount, data: '0x' };
}

export interface TakerFeeTerms {
  /** The taker's address (from its pubkey). */
  sender: string;
  /** The ERC20 contract; null for ETH. */
  token: string | null;
  /** The least the dex address must get, base units. */
  amount: bigint;
}

/** KDF's `min_block_number`: a fee mined at or before the swap's start block was paid before the swap existed. */
export function checkFeeMinedAfter({ tx }: ChainTx, minBlock: number): void {
  if (tx.blockNumber !== null && tx.blockNumber <= minBlock) throw earlyFeeError(tx.hash, tx.blockNumber, minBlock);
}

export function checkTakerFee(fee: ChainTx, terms: TakerFeeTerms): void {
  const { tx } = fee;
  if (!sameAddress(tx.from, terms.sender)) {
    throw new SwapValidationError(`Fee tx ${tx.hash} was sent from wrong address ${tx.from}, expected ${terms.sender}`);
  }
  requireNotReverted(fee);
  if (terms.token === null) {
    if (!sameAddress(tx.to, DEX_FEE_ADDRESS)) throw new SwapValidationError(`Fee tx ${tx.hash} was sent to wrong address ${tx.to}, expected ${DEX_FEE_ADDRESS}`);
    if (tx.value < terms.amount) throw new SwapValidationError(`Fee tx ${tx.hash} value ${tx.value} is less than expected ${terms.amount}`);
    return;
  }
  if (!sameAddress(tx.to, terms.token)) throw new SwapValidationError(`ERC20 Fee tx ${tx.hash} called wrong smart contract ${tx.to}, expected ${terms.token}`);
  const transfer = decodeTransferCall(tx.input);
  if (!transfer) throw new SwapValidationError(`ERC20 Fee tx ${tx.hash} is not a transfer`);
  if (!sameAddress(transfer.to, DEX_FEE_ADDRESS)) throw new SwapValidationError(`ERC20 Fee tx was sent to wrong address ${transfer.to}, expected ${DEX_FEE_ADDRESS}`);
  if (transfer.amount < terms.amount) throw new SwapValidationError(`ERC20 Fee tx value ${transfer.amount} is less than expected ${terms.amount}`);
}
