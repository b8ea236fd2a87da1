/**
 * The QTUM ElectrumX contract call a QRC20 token's balance, allowance and decimals come from (KDF
 * `qrc20/rpc_clients.rs` `blockchain_contract_call`): `blockchain.contract.call(contract, data,
 * sender="")`, the contract and data as plain hex, as KDF's `H160Json` and `BytesJson` write them.
 * The answer is checked and bounded before use: a wrong shape or an over-long output is a
 * Transport error, never a wrong balance.
 */
import { bytesToHex, hexToBytes } from '../../crypto';
import { coinError } from '../coinErrors';
import type { ElectrumClient } from '../utxo/electrum';

export const CONTRACT_CALL = 'blockchain.contract.call';
/** Output bytes read of a call (a `balanceOf`, `allowance` or `decimals` answer is 32). */
export const MAX_CALL_OUTPUT_BYTES = 4096;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const HEX = /^([0-9a-f]{2})*$/i;

function malformed(what: string): never {
  throw coinError.transport(`malformed answer to ${CONTRACT_CALL}: ${what}`);
}

export class Qrc20ElectrumApi {
  constructor(private readonly client: ElectrumClient) {}

  /** The call's `executionResult.output` (KDF's `ContractCallResult`). */
  async contractCall(contract: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
    const r = await this.client.request<unknown>(CONTRACT_CALL, [bytesToHex(contract), bytesToHex(data), '']);
    if (!isObj(r) || !isObj(r.executionResult)) malformed('no executionResult');
    const output = r.executionResult.output;
    if (typeof output !== 'string') malformed('executionResult.output is not a string');
    const hex = output.replace(/^0x/i, '');
    if (hex.length > 2 * MAX_CALL_OUTPUT_BYTES) malformed(`executionResult.output is longer than ${MAX_CALL_OUTPUT_BYTES} bytes`);
    if (!HEX.test(hex)) malformed('executionResult.output is not hex');
    return hexToBytes(hex);
  }
}
