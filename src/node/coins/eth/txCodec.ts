/**
 * Signed EVM transactions as bytes: signing a legacy (type 0, EIP-155) or an EIP-1559 (type 2)
 * transaction, reading back the nonce and sender of signed bytes, and re-encoding a transaction
 * the node returns so history entries carry its raw bytes as withdraw results do. Hex is KDF's: lowercase, no `0x`.
 */
import { Signature, SigningKey, Transaction } from 'ethers';
import { bytesToHex } from '../../crypto';
import { coinError } from '../coinErrors';
import type { RpcTransaction } from './chainApi';
import type { PayForGas } from './fee';

export interface LegacyTx {
  chainId: number;
  nonce: number;
  gasPrice: bigint;
  gas: bigint;
  to: string;
  value: bigint;
  /** 0x-prefixed call data; `0x` for a plain transfer. */
  data: string;
}

export interface SignedTx {
  hex: string;
  hash: string;
}

const strip0x = (h: string): string => (h.startsWith('0x') ? h.slice(2) : h).toLowerCase();

/** A legacy transaction: a gas price, and the chain id in `v` (EIP-155). */
export function signLegacyTx(tx: LegacyTx, privateKey: Uint8Array): SignedTx {
  const { gasPrice, ...rest } = tx;
  return signEvmTx(rest, { type: 'legacy', gasPrice }, privateKey);
}

/** A transaction without its gas pricing, which `PayForGas` gives. */
export type UnpricedTx = Omit<LegacyTx, 'gasPrice'>;

/**
 * Signs type 0 for a legacy price and type 2 (EIP-1559: chain id, max priority fee, max fee, an
 * empty access list) for max fees, as KDF's `tx_builder_with_pay_for_gas_option`.
 */
export function signEvmTx(tx: UnpricedTx, pay: PayForGas, privateKey: Uint8Array): SignedTx {
  const pricing =
    pay.type === 'legacy'
      ? { type: 0, gasPrice: pay.gasPrice }
      : { type: 2, maxFeePerGas: pay.maxFeePerGas, maxPriorityFeePerGas: pay.maxPriorityFeePerGas, accessList: [] };
  const unsigned = Transaction.from({
    ...pricing,
    chainId: tx.chainId,
    nonce: tx.nonce,
    gasLimit: tx.gas,
    to: tx.to,
    value: tx.value,
    data: tx.data,
  });
  unsigned.signature = new SigningKey(`0x${bytesToHex(privateKey)}`).sign(unsigned.unsignedHash);
  return { hex: strip0x(unsigned.serialized), hash: strip0x(unsigned.hash as string) };
}

/** Sender and nonce of signed bytes (0x-less hex); an unparseable input is an InternalError. */
export function decodeSignedTx(hex: string): { from: string; nonce: number } {
  let tx: Transaction;
  try {
    tx = Transaction.from(`0x${hex}`);
  } catch (e) {
    throw coinError.internal(`tx_hex is not a signed EVM transaction: ${(e as Error).message}`, e);
  }
  if (!tx.from) throw coinError.internal('tx_hex is not signed');
  return { from: tx.from, nonce: tx.nonce };
}

/** The raw bytes of a transaction as the node described it (types 0, 1 and 2). */
export function encodeRpcTx(tx: RpcTransaction): SignedTx {
  const signed = Transaction.from({
    type: tx.type,
    chainId: tx.chainId ?? undefined,
    nonce: tx.nonce,
    gasLimit: tx.gas,
    gasPrice: tx.type === 2 ? undefined : tx.gasPrice,
    maxFeePerGas: tx.maxFeePerGas,
    maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
    to: tx.to,
    value: tx.value,
    data: tx.input,
    accessList: tx.type === 0 ? undefined : (tx.accessList as never),
    signature: Signature.from({ r: tx.r, s: tx.s, v: tx.v }),
  });
  return { hex: strip0x(signed.serialized), hash: strip0x(signed.hash as string) };
}
