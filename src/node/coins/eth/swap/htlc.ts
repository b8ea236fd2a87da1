/**
 * One EtomicSwap payment of a swap, as both sides see it: the calls that open, spend and refund
 * it, and the receiver's checks of the sender's payment (KDF `validate_payment`). The payment
 * lives under `paymentId(lockTime, secretHash)`; the contract binds receiver, sender, secret
 * hash, token and amount into its payment hash, so a payment whose stored hash and lock time are
 * the agreed ones can only be spent by us with the secret.
 */
import { hexlify } from 'ethers';
import { SwapValidationError } from '../../swapOps';
import { sameAddress } from '../address';
import { decodeSwapCall, ETH_TOKEN, paymentHash, swapCallData, type Payment } from '../swapContract';
import { SWAP_GAS } from '../tradeFee';
import type { SwapCallTx } from './send';
import { requireNotReverted, type ChainTx } from './txRead';

export interface PaymentTerms {
  /** The swap contract both sides agreed on. */
  contract: string;
  /** paymentId(lockTime, secretHash). */
  id: Uint8Array;
  sender: string;
  receiver: string;
  /** The ERC20 contract; null for ETH. */
  token: string | null;
  /** Base units. */
  amount: bigint;
  /** 20 bytes. */
  secretHash: Uint8Array;
  lockTime: number;
}

const tokenArg = (t: PaymentTerms): string => t.token ?? ETH_TOKEN;
const sameHex = (a: string, b: Uint8Array): boolean => a.toLowerCase() === hexlify(b);

/** `ethPayment` carrying the amount, or `erc20Payment` (after an approve), at KDF's gas limits. */
export function paymentCall(t: PaymentTerms): SwapCallTx {
  const common = { id: t.id, receiver: t.receiver, secretHash: t.secretHash, lockTime: t.lockTime };
  if (t.token === null) return { to: t.contract, value: t.amount, data: swapCallData.ethPayment({ ...common, amount: t.amount }), gas: SWAP_GAS.ethPayment };
  return { to: t.contract, value: 0n, data: swapCallData.erc20Payment({ ...common, amount: t.amount, token: t.token }), gas: SWAP_GAS.erc20Payment };
}

/** The receiver takes the payment with the secret. */
export function spendCall(t: PaymentTerms, secret: Uint8Array): SwapCallTx {
  const data = swapCallData.receiverSpend({ id: t.id, amount: t.amount, secret, token: tokenArg(t), sender: t.sender });
  return { to: t.contract, value: 0n, data, gas: t.token === null ? SWAP_GAS.ethReceiverSpend : SWAP_GAS.erc20ReceiverSpend };
}

/** The sender takes the payment back (the contract allows it from the lock time on). */
export function refundCall(t: PaymentTerms): SwapCallTx {
  const data = swapCallData.senderRefund({ id: t.id, amount: t.amount, paymentHash: t.secretHash, token: tokenArg(t), receiver: t.receiver });
  return { to: t.contract, value: 0n, data, gas: t.token === null ? SWAP_GAS.ethSenderRefund : SWAP_GAS.erc20SenderRefund };
}

/** The payment transaction opens exactly the agreed payment. */
export function checkPaymentTx(payment: ChainTx, t: PaymentTerms): void {
  const { tx } = payment;
  const wrong = (what: string) => new SwapValidationError(`Payment tx ${tx.hash} ${what}`);
  if (!sameAddress(tx.from, t.sender)) throw wrong(`was sent from wrong address ${tx.from}, expected ${t.sender}`);
  if (!sameAddress(tx.to, t.contract)) throw wrong(`was sent to wrong address ${tx.to}, expected ${t.contract}`);
  requireNotReverted(payment);
  const call = decodeSwapCall(tx.input);
  const expectedFn = t.token === null ? 'ethPayment' : 'erc20Payment';
  if (call?.fn !== expectedFn) throw wrong(`does not call ${expectedFn}`);
  if (!sameHex(call.id, t.id)) throw wrong(`has invalid 'swap_id' ${call.id}, expected ${hexlify(t.id)}`);
  if (!sameAddress(call.receiver, t.receiver)) throw wrong(`receiver arg ${call.receiver} is invalid, expected ${t.receiver}`);
  if (!sameHex(call.secretHash, t.secretHash)) throw wrong(`secret_hash arg ${call.secretHash} is invalid, expected ${hexlify(t.secretHash)}`);
  if (call.lockTime !== BigInt(t.lockTime)) throw wrong(`time_lock arg ${call.lockTime} is invalid, expected ${t.lockTime}`);
  if (call.fn === 'ethPayment') {
    if (tx.value !== t.amount) throw wrong(`value ${tx.value} is invalid, expected ${t.amount}`);
    return;
  }
  if (!sameAddress(call.token, t.token)) throw wrong(`token address arg ${call.token} is invalid, expected ${t.token}`);
  if (call.amount !== t.amount) throw wrong(`amount arg ${call.amount} is invalid, expected ${t.amount}`);
  if (tx.value !== 0n) throw wrong(`sends ${tx.value} wei with a token payment`);
}

/** The contract holds the agreed payment, still unspent. */
export function checkPaymentState(state: Payment, t: PaymentTerms): void {
  if (state.state !== 'PaymentSent') throw new SwapValidationError(`Payment state is not PaymentSent, got ${state.state}`);
  const expected = paymentHash(t.receiver, t.sender, t.secretHash, tokenArg(t), t.amount);
  if (hexlify(state.paymentHash) !== hexlify(expected)) {
    throw new SwapValidationError(`Payment hash ${hexlify(state.paymentHash)} on chain is not the agreed ${hexlify(expected)}`);
  }
  if (state.lockTime !== t.lockTime) throw new SwapValidationError(`Payment lock time ${state.lockTime} on chain is not the agreed ${t.lockTime}`);
}
