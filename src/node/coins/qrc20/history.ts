/**
 * The background token history of a QRC20 coin (`tx_history: true`), as KDF's `qrc20/history.rs`
 * builds it: the transactions with Transfer events naming the wallet
 * (`blockchain.contract.event.get_history`), and for each its receipts; every Transfer log of the
 * token's contract that involves the wallet becomes one entry, keyed by KDF's internal id
 * (tx hash, output index and log index, 8 bytes big-endian each). Fees are in QTUM: `miner_fee` is
 * the transaction's QTUM fee less the gas its receipts used, `total_gas_fee` the receipt's gas used
 * (counted in satoshis, as KDF counts it), `gas_limit`/`gas_price` those its output offered.
 * Entries are kept in IndexedDB and refetched when new or their height changed.
 */
import { address as btcAddress, Transaction } from 'bitcoinjs-lib';
import type { TxHistoryStore } from '../../storage';
import { bytesToHex, hexToBytes } from '../../crypto';
import type { TransactionDetails } from '../coin';
import { coinError } from '../coinErrors';
import { StoredTxHistory } from '../storedTxHistory';
import { txToRecord } from '../txHistoryRecord';
import { HISTORY_EVENT } from '../utxo/history';
import { satToDecimal } from '../utxo/tx';
import { TRANSFER_TOPIC } from './abi';
import { readContractCall } from './contractScript';
import type { TxReceipt } from './electrumQrc20';
import { swapCallName } from './swap/etomicSwap';
import type { Qrc20View } from './view';

/** KDF's `TxInternalId`: tx hash, output index and log index (u64 big-endian each), as hex. */
export function transferInternalId(txHash: string, outputIndex: number, logIndex: number): string {
  const u64 = (n: number) => n.toString(16).padStart(16, '0');
  return `${txHash}${u64(outputIndex)}${u64(logIndex)}`;
}

/** What the entries of one transaction need besides the token. */
export interface TransferTx {
  tx: Transaction;
  txHash: string;
  /** Inputs − outputs in QTUM satoshis (KDF's UTXO fee of the transaction). */
  qtumFee: bigint;
  /** Unix seconds of its block (now while in the mempool). */
  timestamp: number;
  receipts: TxReceipt[];
}

/**
 * The token's entries of one transaction (KDF `transfer_details_by_hash`). A receipt naming an
 * output the transaction lacks, or an output that is no contract call, is an error, as in KDF.
 */
export function transferDetails(coin: Qrc20View, t: TransferTx): TransactionDetails[] {
  const contract = bytesToHex(coin.contract);
  const me = bytesToHex(coin.myContractAddress);
  const qtum = (sat: bigint) => satToDecimal(sat, coin.platformDecimals);
  const tokens = (v: bigint) => satToDecimal(v, coin.decimals);
  const gasUsed = t.receipts.reduce((a, r) => a + r.gasUsed, 0n);
  const out: TransactionDetails[] = [];
  for (const receipt of t.receipts) {
    const output = t.tx.outs[receipt.outputIndex];
    if (!output) throw coinError.transport(`receipt of ${t.txHash} names output ${receipt.outputIndex}, the transaction has ${t.tx.outs.length}`);
    const call = readContractCall(new Uint8Array(output.script));
    if (!call) throw coinError.transport(`output ${receipt.outputIndex} of ${t.txHash} is no contract call`);
    // KDF's `MutContractCallType`: history shows the contract side of a swap call as a contract.
    const swapCall = swapCallName(call.callData);
    const fromContract = swapCall === 'receiverSpend' || swapCall === 'senderRefund';
    const toContract = swapCall === 'erc20Payment';
    receipt.log.forEach((log, logIndex) => {
      if (log.topics.length !== 3 || log.topics[0] !== TRANSFER_TOPIC || log.address !== contract) return;
      const from = log.topics[1]!.slice(24);
      const to = log.topics[2]!.slice(24);
      if (from !== me && to !== me) return;
      if (log.data.length > 64) throw coinError.transport(`a Transfer log of ${t.txHash} carries ${log.data.length / 2} bytes, not a U256`);
      const amount = BigInt(`0x${log.data === '' ? '0' : log.data}`);
      const spent = from === me ? amount : 0n;
      const received = to === me ? amount : 0n;
      out.push({
        txHex: t.tx.toHex(),
        txHash: t.txHash,
        from: [fromContract ? `0x${from}` : p2pkhAddress(coin, from)],
        to: [toContract ? `0x${to}` : p2pkhAddress(coin, to)],
        totalAmount: tokens(amount),
        spentByMe: tokens(spent),
        receivedByMe: tokens(received),
        myBalanceChange: tokens(received - spent),
        blockHeight: receipt.blockNumber,
        timestamp: t.timestamp,
        feeDetails: {
          type: 'Qrc20',
          coin: coin.platform,
          minerFee: qtum(t.qtumFee - gasUsed),
          gasLimit: Number(call.gasLimit),
          gasPrice: Number(call.gasPrice),
          totalGasFee: qtum(receipt.gasUsed),
        },
        coin: coin.ticker,
        internalId: transferInternalId(t.txHash, receipt.outputIndex, logIndex),
        transactionType: 'StandardTransfer',
        memo: null,
      });
    });
  }
  return out;
}

/** KDF's `utxo_addr_from_contract_addr`: the P2PKH address of a 20-byte hash on the token's chain. */
function p2pkhAddress(coin: Qrc20View, hash: string): string {
  return btcAddress.toBase58Check(hexToBytes(hash), coin.config.utxo?.pubtype ?? 0);
}

export class Qrc20History extends StoredTxHistory {
  constructor(
    private readonly coin: Qrc20View,
    store: TxHistoryStore<unknown>,
    emit: (event: string, data: unknown) => void,
    nowSec: () => number,
  ) {
    super(coin.ticker, store, emit, nowSec);
  }

  get currentBlock(): number {
    return this.coin.qtum.height;
  }

  protected async syncOnce(): Promise<void> {
    const { ticker, api, qtum } = this.coin;
    const events = await api.transferEvents(this.coin.myContractAddress, this.coin.contract);
    const read = await this.read();
    if (read.migrated.length > 0) await this.store.update(read.migrated, []);
    const storedHeight = new Map<string, number>();
    for (const { details } of read.entries.values()) storedHeight.set(details.txHash, details.blockHeight);
    const todo = events.filter((e) => e.height === 0 || storedHeight.get(e.txHash) !== e.height);
    const listed = new Set(events.map((e) => e.txHash));
    const redone = new Set(todo.map((e) => e.txHash));

    let left = todo.length;
    this.status = { state: 'InProgress', additional_info: { transactions_left: left } };
    const times = await qtum.api.blockTimes(todo.filter((e) => e.height > 0).map((e) => e.height));
    const records = [];
    for (const event of todo) {
      const [hex] = await qtum.api.rawTransactions([event.txHash]);
      const tx = Transaction.fromHex(hex ?? '');
      const prevHexes = await qtum.api.rawTransactions(tx.ins.map((i) => bytesToHex(Uint8Array.from(i.hash).reverse())));
      const inputSum = tx.ins.reduce((a, input, i) => a + (Transaction.fromHex(prevHexes[i] ?? '').outs[input.index]?.value ?? 0n), 0n);
      const outputSum = tx.outs.reduce((a, o) => a + o.value, 0n);
      const receipts = await api.receipts(event.txHash);
      const timestamp = times.get(event.height) ?? this.nowSec();
      for (const d of transferDetails(this.coin, { tx, txHash: event.txHash, qtumFee: inputSum - outputSum, timestamp, receipts })) {
        records.push({ coin: ticker, internal_id: d.internalId, block_height: d.blockHeight, details: txToRecord(d) });
      }
      this.status = { state: 'InProgress', additional_info: { transactions_left: --left } };
    }
    // Entries of transactions no longer listed, or refetched without them, go; puts precede deletes, so a kept id is not deleted.
    const kept = new Set(records.map((r) => r.internal_id));
    const gone = [...read.entries.values()]
      .filter(({ details }) => (!listed.has(details.txHash) || redone.has(details.txHash)) && !kept.has(details.internalId))
      .map(({ details }) => ({ coin: ticker, internal_id: details.internalId }));
    if (records.length > 0 || gone.length > 0) await this.store.update(records, gone);
    this.status = { state: 'Finished' };
    if (records.length > 0 || gone.length > 0) this.emit(HISTORY_EVENT, { coin: ticker });
  }
}
