/**
 * The QTUM ElectrumX methods of a QRC20 token (KDF `qrc20/rpc_clients.rs`; the server's
 * `docs/qrc20-integration.md`): `blockchain.contract.call(contract, data, sender="")` for balance,
 * allowance and decimals, `blockchain.contract.event.get_history` for the Transfer events naming
 * the wallet, and the receipts of a transaction under the server's own spelling
 * `blochchain.transaction.get_receipt`. Hashes and data go as plain hex, as KDF's `H160Json` and
 * `BytesJson` write them. Every answer is checked and bounded before use: a wrong shape, an
 * over-long output or list is a Transport error, never a wrong balance or history.
 */
import { bytesToHex, hexToBytes } from '../../crypto';
import { coinError } from '../coinErrors';
import type { ElectrumClient } from '../utxo/electrum';
import { TRANSFER_TOPIC } from './abi';
import { isRecord } from '../../../shared/guards';

export const CONTRACT_CALL = 'blockchain.contract.call';
export const EVENT_HISTORY = 'blockchain.contract.event.get_history';
/** Misspelled by the server itself (qrc20-integration.md), and so by KDF. */
export const GET_RECEIPT = 'blochchain.transaction.get_receipt';
/** More Transfer events than a wallet's token history holds; a longer list is refused. */
export const MAX_TRANSFER_EVENTS = 10_000;
/** Receipts of one transaction: one per contract-call output. */
export const MAX_RECEIPTS_PER_TX = 64;
/** Event logs of one receipt. */
export const MAX_LOGS_PER_RECEIPT = 256;
/** A log's data (a Transfer's is one 32-byte word). */
const MAX_LOG_DATA_BYTES = 1024;
/** Characters kept of a receipt's `excepted` / `exceptedMessage`. */
const MAX_RECEIPT_TEXT = 256;
/** Output bytes read of a call (a `balanceOf`, `allowance` or `decimals` answer is 32). */
export const MAX_CALL_OUTPUT_BYTES = 4096;

const HEX = /^([0-9a-f]{2})*$/i;

function malformed(what: string, method = CONTRACT_CALL): never {
  throw coinError.transport(`malformed answer to ${method}: ${what}`);
}

const isUint = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Hex of exactly `bytes` bytes (or at most `max` bytes), 0x optional, lowercase without 0x. */
function hexOf(method: string, v: unknown, name: string, size: { bytes?: number; max?: number }): string {
  if (typeof v !== 'string') malformed(`${name} is not a string`, method);
  const hex = v.replace(/^0x/i, '').toLowerCase();
  const ok = HEX.test(hex) && (size.bytes === undefined || hex.length === 2 * size.bytes) && (size.max === undefined || hex.length <= 2 * size.max);
  if (!ok) malformed(`${name} is not ${size.bytes !== undefined ? `${size.bytes} bytes of ` : ''}hex`, method);
  return hex;
}

export interface TransferEvent {
  txHash: string;
  height: number;
}

export interface EventLog {
  /** 20-byte contract address, lowercase hex. */
  address: string;
  /** 32-byte topics, lowercase hex. */
  topics: string[];
  data: string;
}

/** The part of QTUM's `gettransactionreceipt` KDF reads. */
export interface TxReceipt {
  blockNumber: number;
  outputIndex: number;
  /** KDF counts it in satoshis of QTUM (`total_gas_fee`). */
  gasUsed: bigint;
  log: EventLog[];
  /** The EVM's exception ("None" when the call completed), KDF's `excepted`. */
  excepted: string | null;
  exceptedMessage: string | null;
}

function parseLog(v: unknown): EventLog {
  if (!isRecord(v)) malformed('a log is not an object', GET_RECEIPT);
  if (!Array.isArray(v.topics) || v.topics.length > 4) malformed('log topics are not a list of at most 4', GET_RECEIPT);
  return {
    address: hexOf(GET_RECEIPT, v.address, 'log address', { bytes: 20 }),
    topics: v.topics.map((t) => hexOf(GET_RECEIPT, t, 'topic', { bytes: 32 })),
    data: hexOf(GET_RECEIPT, v.data, 'log data', { max: MAX_LOG_DATA_BYTES }),
  };
}

/** An optional text of a receipt, cut to what a log line shows. */
function boundedText(v: unknown, name: string): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') malformed(`${name} is not a string`, GET_RECEIPT);
  return v.slice(0, MAX_RECEIPT_TEXT);
}

function parseReceipt(v: unknown): TxReceipt {
  if (!isRecord(v)) malformed('a receipt is not an object', GET_RECEIPT);
  const { blockNumber, outputIndex, gasUsed, log, excepted, exceptedMessage } = v;
  if (!isUint(blockNumber) || !isUint(outputIndex) || !isUint(gasUsed)) malformed('blockNumber, outputIndex or gasUsed is not a non-negative integer', GET_RECEIPT);
  if (!Array.isArray(log) || log.length > MAX_LOGS_PER_RECEIPT) malformed(`log is not a list of at most ${MAX_LOGS_PER_RECEIPT}`, GET_RECEIPT);
  return {
    blockNumber,
    outputIndex,
    gasUsed: BigInt(gasUsed),
    log: log.map(parseLog),
    excepted: boundedText(excepted, 'excepted'),
    exceptedMessage: boundedText(exceptedMessage, 'exceptedMessage'),
  };
}

export class Qrc20ElectrumApi {
  constructor(private readonly client: ElectrumClient) {}

  /** The call's `executionResult.output` (KDF's `ContractCallResult`). */
  async contractCall(contract: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
    const r = await this.client.request<unknown>(CONTRACT_CALL, [bytesToHex(contract), bytesToHex(data), '']);
    if (!isRecord(r) || !isRecord(r.executionResult)) malformed('no executionResult');
    const output = r.executionResult.output;
    if (typeof output !== 'string') malformed('executionResult.output is not a string');
    const hex = output.replace(/^0x/i, '');
    if (hex.length > 2 * MAX_CALL_OUTPUT_BYTES) malformed(`executionResult.output is longer than ${MAX_CALL_OUTPUT_BYTES} bytes`);
    if (!HEX.test(hex)) malformed('executionResult.output is not hex');
    return hexToBytes(hex);
  }

  /** The transactions with Transfer events naming `address` on `contract`, each once, with its height (0 in the mempool). */
  async transferEvents(address: Uint8Array, contract: Uint8Array): Promise<TransferEvent[]> {
    const r = await this.client.request<unknown>(EVENT_HISTORY, [bytesToHex(address), bytesToHex(contract), TRANSFER_TOPIC]);
    if (!Array.isArray(r)) malformed('not a list', EVENT_HISTORY);
    if (r.length > MAX_TRANSFER_EVENTS) malformed(`${r.length} events, more than the ${MAX_TRANSFER_EVENTS} a token history may hold`, EVENT_HISTORY);
    const heights = new Map<string, number>();
    for (const it of r) {
      if (!isRecord(it)) malformed('an item is not an object', EVENT_HISTORY);
      const txHash = hexOf(EVENT_HISTORY, it.tx_hash, 'tx_hash', { bytes: 32 });
      if (!isUint(it.height) || !isUint(it.log_index)) malformed('height or log_index is not a non-negative integer', EVENT_HISTORY);
      heights.set(txHash, it.height);
    }
    return [...heights].map(([txHash, height]) => ({ txHash, height }));
  }

  /** The receipts of a transaction's contract calls. */
  async receipts(txHash: string): Promise<TxReceipt[]> {
    const r = await this.client.request<unknown>(GET_RECEIPT, [txHash]);
    if (!Array.isArray(r) || r.length > MAX_RECEIPTS_PER_TX) malformed(`not a list of at most ${MAX_RECEIPTS_PER_TX}`, GET_RECEIPT);
    return r.map(parseReceipt);
  }
}
