/**
 * Sending a token's swap transaction (KDF `send_contract_calls`): one QTUM transaction carrying the
 * contract-call outputs, its inputs and miner fee QTUM, the calls' gas paid on top, change kept
 * whatever its size (`QRC20_DUST`), signed and broadcast. KDF holds one lock over every QTUM-side
 * send; here the sends of one address run one at a time, so two swaps of tokens on the same wallet
 * never pick the same outputs.
 */
import { coinError } from '../../coinErrors';
import type { SwapTx } from '../../swapOps';
import { coinFeeRate } from '../../utxo/feeRate';
import { planTx } from '../../utxo/tx';
import type { UtxoCoin } from '../../utxo/utxoCoin';
import { gasFeeOf, QRC20_DUST, type ContractCallOutput } from '../gas';

/** The tail of the sends in flight, by QTUM address. */
const queues = new Map<string, Promise<unknown>>();

export interface ContractCallSender {
  readonly qtum: UtxoCoin;
  readonly platform: string;
  readonly platformDecimals: number;
}

export function sendContractCalls(coin: ContractCallSender, outputs: ContractCallOutput[]): Promise<SwapTx> {
  const { qtum } = coin;
  const run = async (): Promise<SwapTx> => {
    const plan = planTx({
      unspents: await qtum.spendableUnspents(),
      outputs: outputs.map((o) => ({ script: o.script, value: o.value })),
      changeScript: qtum.script,
      inputKind: qtum.inputKind,
      feeRate: await coinFeeRate(qtum.utxo, coin.platformDecimals, qtum.api),
      feePolicy: { kind: 'sendExact' },
      dust: QRC20_DUST,
      gasFee: gasFeeOf(outputs),
      ticker: coin.platform,
      decimals: coin.platformDecimals,
    });
    const signed = await qtum.sign(plan);
    const accepted = await qtum.sendRawTransaction(signed.hex);
    if (accepted !== signed.txid) throw coinError.transport(`the server accepted ${signed.txid} as ${accepted}`);
    return { txHex: signed.hex, txHash: signed.txid };
  };
  const key = qtum.address;
  const next = (queues.get(key) ?? Promise.resolve()).then(run);
  const tail = next.catch(() => undefined);
  queues.set(key, tail);
  // The map keeps no address once its last send has settled.
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return next;
}
