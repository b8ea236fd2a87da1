/**
 * Messages of Trezor's `messages-bitcoin.proto` for public keys, addresses and UTXO signing. SignTx
 * is answered with the legacy `TxAck{tx: TransactionType}`: every specialised TxAck* message of
 * newer firmware is a wire alias of it (same type id 22, same field numbers), so one schema serves
 * all requests. Multisig, Decred, CoinJoin and payment-request fields are left out (skipped).
 */
import { defineMessage } from './codec';
import { HDNodeType } from './common';

/** The `InputScriptType` and `OutputScriptType` values for P2PKH and P2WPKH, the kinds signed here. */
export const InputScriptType = { SPENDADDRESS: 0, SPENDWITNESS: 3 } as const;
export const OutputScriptType = { PAYTOADDRESS: 0, PAYTOWITNESS: 4 } as const;

/** `TxRequest.RequestType`. */
export const RequestType = { TXINPUT: 0, TXOUTPUT: 1, TXMETA: 2, TXFINISHED: 3, TXEXTRADATA: 4 } as const;

export interface GetPublicKey {
  address_n?: number[];
  ecdsa_curve_name?: string;
  show_display?: boolean;
  /** Default "Bitcoin". */
  coin_name?: string;
  script_type?: number;
  ignore_xpub_magic?: boolean;
}
export const GetPublicKey = defineMessage<GetPublicKey>('GetPublicKey', [
  { name: 'address_n', id: 1, kind: 'uint32', repeated: true },
  { name: 'ecdsa_curve_name', id: 2, kind: 'string' },
  { name: 'show_display', id: 3, kind: 'bool' },
  { name: 'coin_name', id: 4, kind: 'string' },
  { name: 'script_type', id: 5, kind: 'enum' },
  { name: 'ignore_xpub_magic', id: 6, kind: 'bool' },
]);

export interface PublicKey {
  node: HDNodeType;
  xpub: string;
  root_fingerprint?: number;
}
export const PublicKey = defineMessage<PublicKey>('PublicKey', [
  { name: 'node', id: 1, kind: HDNodeType, required: true },
  { name: 'xpub', id: 2, kind: 'string', required: true },
  { name: 'root_fingerprint', id: 3, kind: 'uint32' },
]);

export interface GetAddress {
  address_n?: number[];
  /** Default "Bitcoin". */
  coin_name?: string;
  show_display?: boolean;
  script_type?: number;
  ignore_xpub_magic?: boolean;
}
export const GetAddress = defineMessage<GetAddress>('GetAddress', [
  { name: 'address_n', id: 1, kind: 'uint32', repeated: true },
  { name: 'coin_name', id: 2, kind: 'string' },
  { name: 'show_display', id: 3, kind: 'bool' },
  { name: 'script_type', id: 5, kind: 'enum' },
  { name: 'ignore_xpub_magic', id: 6, kind: 'bool' },
]);

export interface Address {
  address: string;
}
export const Address = defineMessage<Address>('Address', [{ name: 'address', id: 1, kind: 'string', required: true }]);

export interface SignTx {
  outputs_count: number;
  inputs_count: number;
  /** Default "Bitcoin". */
  coin_name?: string;
  /** Default 1. */
  version?: number;
  /** Default 0. */
  lock_time?: number;
  expiry?: number;
  version_group_id?: number;
  timestamp?: number;
  branch_id?: number;
}
export const SignTx = defineMessage<SignTx>('SignTx', [
  { name: 'outputs_count', id: 1, kind: 'uint32', required: true },
  { name: 'inputs_count', id: 2, kind: 'uint32', required: true },
  { name: 'coin_name', id: 3, kind: 'string' },
  { name: 'version', id: 4, kind: 'uint32' },
  { name: 'lock_time', id: 5, kind: 'uint32' },
  { name: 'expiry', id: 6, kind: 'uint32' },
  { name: 'version_group_id', id: 8, kind: 'uint32' },
  { name: 'timestamp', id: 9, kind: 'uint32' },
  { name: 'branch_id', id: 10, kind: 'uint32' },
]);

export interface TxRequestDetailsType {
  request_index?: number;
  /** Set when the request is about a previous transaction: its txid in display (big-endian) order. */
  tx_hash?: Uint8Array;
  extra_data_len?: number;
  extra_data_offset?: number;
}
export const TxRequestDetailsType = defineMessage<TxRequestDetailsType>('TxRequestDetailsType', [
  { name: 'request_index', id: 1, kind: 'uint32' },
  { name: 'tx_hash', id: 2, kind: 'bytes' },
  { name: 'extra_data_len', id: 3, kind: 'uint32' },
  { name: 'extra_data_offset', id: 4, kind: 'uint32' },
]);

export interface TxRequestSerializedType {
  signature_index?: number;
  /** DER, without the sighash byte. */
  signature?: Uint8Array;
  /** The next piece of the signed transaction; the pieces concatenate to the whole of it. */
  serialized_tx?: Uint8Array;
}
export const TxRequestSerializedType = defineMessage<TxRequestSerializedType>('TxRequestSerializedType', [
  { name: 'signature_index', id: 1, kind: 'uint32' },
  { name: 'signature', id: 2, kind: 'bytes' },
  { name: 'serialized_tx', id: 3, kind: 'bytes' },
]);

export interface TxRequest {
  request_type?: number;
  details?: TxRequestDetailsType;
  serialized?: TxRequestSerializedType;
}
export const TxRequest = defineMessage<TxRequest>('TxRequest', [
  { name: 'request_type', id: 1, kind: 'enum' },
  { name: 'details', id: 2, kind: TxRequestDetailsType },
  { name: 'serialized', id: 3, kind: TxRequestSerializedType },
]);

export interface TxInputType {
  address_n?: number[];
  /** Display (big-endian) order, as a txid is written. */
  prev_hash: Uint8Array;
  prev_index: number;
  script_sig?: Uint8Array;
  /** Default 0xffffffff. */
  sequence?: number;
  /** Default SPENDADDRESS. */
  script_type?: number;
  amount?: bigint;
}
export const TxInputType = defineMessage<TxInputType>('TxInputType', [
  { name: 'address_n', id: 1, kind: 'uint32', repeated: true },
  { name: 'prev_hash', id: 2, kind: 'bytes', required: true },
  { name: 'prev_index', id: 3, kind: 'uint32', required: true },
  { name: 'script_sig', id: 4, kind: 'bytes' },
  { name: 'sequence', id: 5, kind: 'uint32' },
  { name: 'script_type', id: 6, kind: 'enum' },
  { name: 'amount', id: 8, kind: 'uint64' },
]);

export interface TxOutputBinType {
  amount: bigint;
  script_pubkey: Uint8Array;
}
export const TxOutputBinType = defineMessage<TxOutputBinType>('TxOutputBinType', [
  { name: 'amount', id: 1, kind: 'uint64', required: true },
  { name: 'script_pubkey', id: 2, kind: 'bytes', required: true },
]);

export interface TxOutputType {
  address?: string;
  /** Change: the device derives the script itself and does not ask the user to confirm it. */
  address_n?: number[];
  amount: bigint;
  /** Default PAYTOADDRESS. */
  script_type?: number;
  op_return_data?: Uint8Array;
}
export const TxOutputType = defineMessage<TxOutputType>('TxOutputType', [
  { name: 'address', id: 1, kind: 'string' },
  { name: 'address_n', id: 2, kind: 'uint32', repeated: true },
  { name: 'amount', id: 3, kind: 'uint64', required: true },
  { name: 'script_type', id: 4, kind: 'enum' },
  { name: 'op_return_data', id: 6, kind: 'bytes' },
]);

export interface TransactionType {
  version?: number;
  inputs?: TxInputType[];
  bin_outputs?: TxOutputBinType[];
  lock_time?: number;
  outputs?: TxOutputType[];
  inputs_cnt?: number;
  outputs_cnt?: number;
  extra_data?: Uint8Array;
  extra_data_len?: number;
  expiry?: number;
  overwintered?: boolean;
  version_group_id?: number;
  timestamp?: number;
  branch_id?: number;
}
export const TransactionType = defineMessage<TransactionType>('TransactionType', [
  { name: 'version', id: 1, kind: 'uint32' },
  { name: 'inputs', id: 2, kind: TxInputType, repeated: true },
  { name: 'bin_outputs', id: 3, kind: TxOutputBinType, repeated: true },
  { name: 'lock_time', id: 4, kind: 'uint32' },
  { name: 'outputs', id: 5, kind: TxOutputType, repeated: true },
  { name: 'inputs_cnt', id: 6, kind: 'uint32' },
  { name: 'outputs_cnt', id: 7, kind: 'uint32' },
  { name: 'extra_data', id: 8, kind: 'bytes' },
  { name: 'extra_data_len', id: 9, kind: 'uint32' },
  { name: 'expiry', id: 10, kind: 'uint32' },
  { name: 'overwintered', id: 11, kind: 'bool' },
  { name: 'version_group_id', id: 12, kind: 'uint32' },
  { name: 'timestamp', id: 13, kind: 'uint32' },
  { name: 'branch_id', id: 14, kind: 'uint32' },
]);

export interface TxAck {
  tx?: TransactionType;
}
export const TxAck = defineMessage<TxAck>('TxAck', [{ name: 'tx', id: 1, kind: TransactionType }]);
