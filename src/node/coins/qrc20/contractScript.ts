/**
 * QTUM's contract-call output script (KDF `qrc20/script_pubkey.rs`, kdf-facts §7):
 * `OP_4 <gas_limit> <gas_price> <call data> <contract address> OP_CALL`, the two gas figures in
 * KDF's `encode_contract_number` form (little-endian, minimal, a sign byte when the top bit is set).
 * History reads the gas a call offered back from its output.
 */
import { MmError } from '../../core/errors';

const OP_4 = 0x54;
const OP_CALL = 0xc2;
const OP_PUSHDATA1 = 0x4c;
const OP_PUSHDATA2 = 0x4d;
const OP_PUSHDATA4 = 0x4e;
const OP_1 = 0x51;
const OP_16 = 0x60;

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

/** A contract call read back from an output script. */
export interface ContractCall {
  gasLimit: bigint;
  gasPrice: bigint;
  callData: Uint8Array;
  contract: Uint8Array;
}

type Ins = { opcode: number; data: Uint8Array | null };

/** The script's pushes and opcodes in order; null when a push runs past the end. */
function instructions(script: Uint8Array): Ins[] | null {
  const out: Ins[] = [];
  for (let i = 0; i < script.length; ) {
    const opcode = script[i++]!;
    let len = -1;
    if (opcode >= 1 && opcode < OP_PUSHDATA1) len = opcode;
    else if (opcode === OP_PUSHDATA1) len = script[i++] ?? Infinity;
    else if (opcode === OP_PUSHDATA2) {
      len = i + 2 <= script.length ? script[i]! | (script[i + 1]! << 8) : Infinity;
      i += 2;
    } else if (opcode === OP_PUSHDATA4) return null; // never in a contract call: 4 GB pushes are not read
    if (len === -1) {
      out.push({ opcode, data: null });
      continue;
    }
    if (i + len > script.length) return null;
    out.push({ opcode, data: script.slice(i, i + len) });
    i += len;
  }
  return out;
}

/** A gas figure as KDF's `decode_contract_number` reads it, non-negative and within a u64; null otherwise. */
function gasNumber(bytes: Uint8Array): bigint | null {
  if (bytes.length === 0 || bytes.length > 8 || (bytes[bytes.length - 1]! & 0x80) !== 0) return null;
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]!);
  return n;
}

/**
 * The contract call an output script makes, as KDF's `extract_gas_from_script`,
 * `extract_contract_call_from_script` and `extract_contract_addr_from_script` read it: a version
 * opcode (OP_1…OP_16) first, the gas figures as direct pushes, the call data and a 20-byte
 * contract address, then OP_CALL. Null for any other script: outputs come from the network.
 */
export function readContractCall(script: Uint8Array): ContractCall | null {
  const ins = instructions(script);
  if (!ins || ins.length !== 6) return null;
  const [version, limit, price, call, contract, op] = ins as [Ins, Ins, Ins, Ins, Ins, Ins];
  if (version.opcode < OP_1 || version.opcode > OP_16 || op.opcode !== OP_CALL) return null;
  const direct = (x: Ins) => x.opcode >= 1 && x.opcode < 75 && x.data !== null;
  if (!direct(limit) || !direct(price) || !direct(contract) || call.data === null || contract.data!.length !== 20) return null;
  const gasLimit = gasNumber(limit.data!);
  const gasPrice = gasNumber(price.data!);
  if (gasLimit === null || gasPrice === null) return null;
  return { gasLimit, gasPrice, callData: call.data, contract: contract.data! };
}

/** KDF's `Qrc20AbiError::InvalidParams`, always internal. */
export function abiError(reason: string): MmError {
  const text = `Invalid QRC20 ABI params: ${reason}`;
  return new MmError({ errorType: 'InternalError', message: `Internal error: ${text}`, errorData: text, httpStatus: 500 });
}
