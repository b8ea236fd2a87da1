/**
 * QTUM's contract-call output script (KDF `qrc20/script_pubkey.rs`, kdf-facts §7):
 * `OP_4 <gas_limit> <gas_price> <call data> <contract address> OP_CALL`, the two gas figures in
 * KDF's `encode_contract_number` form (little-endian, minimal, a sign byte when the top bit is set).
 */
import { MmError } from '../../errors';

const OP_4 = 0x54;
const OP_CALL = 0xc2;
const OP_PUSHDATA1 = 0x4c;
const OP_PUSHDATA2 = 0x4d;

/** KDF's `encode_contract_number` for a non-negative number. */
export function encodeContractNumber(n: bigint): Uint8Array {
  if (n < 0n) throw new RangeError('contract numbers written here are never negative');
  const out: number[] = [];
  for (let rest = n; rest > 0n; rest >>= 8n) out.push(Number(rest & 0xffn));
  if (out.length > 0 && (out[out.length - 1]! & 0x80) !== 0) out.push(0);
  return Uint8Array.from(out);
}

/** A script data push, the opcode chosen by length as KDF's `Builder::push_data` (call data stays far below 64 kB). */
function pushData(data: Uint8Array): number[] {
  const n = data.length;
  if (n > 0xffff) throw abiError(`a contract call of ${n} bytes is too long`);
  const head = n < OP_PUSHDATA1 ? [n] : n <= 0xff ? [OP_PUSHDATA1, n] : [OP_PUSHDATA2, n & 0xff, n >> 8];
  return [...head, ...data];
}

/**
 * KDF's `generate_contract_call_script_pubkey`. Zero gas figures are refused as KDF refuses them
 * (they would encode to an empty push), with its text, as an InternalError; so is a contract
 * address that is not 20 bytes.
 */
export function contractCallScript(callData: Uint8Array, gasLimit: bigint, gasPrice: bigint, contract: Uint8Array): Uint8Array {
  if (gasLimit === 0n || gasPrice === 0n) throw abiError('gas_limit and gas_price cannot be zero');
  if (contract.length !== 20) throw abiError(`a contract address has 20 bytes, got ${contract.length}`);
  return Uint8Array.from([
    OP_4,
    ...pushData(encodeContractNumber(gasLimit)),
    ...pushData(encodeContractNumber(gasPrice)),
    ...pushData(callData),
    ...pushData(contract),
    OP_CALL,
  ]);
}

/** KDF's `Qrc20AbiError::InvalidParams`, always internal. */
export function abiError(reason: string): MmError {
  const text = `Invalid QRC20 ABI params: ${reason}`;
  return new MmError({ errorType: 'InternalError', message: `Internal error: ${text}`, errorData: text, httpStatus: 500 });
}
