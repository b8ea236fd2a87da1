/**
 * A cheating counterparty: a real node whose swap coin lies. Its activated coin's `SwapOps` is
 * wrapped so that the node's own, unmodified swap engine sends its dex fee or HTLC payment with
 * altered terms (or a payment the chain holds in its mempool but never mines), while everything
 * else goes to the honest implementation. The honest side sees exactly what a modified KDF would
 * send it, on the real chains.
 */
import { randomBytes } from 'node:crypto';
import { Transaction } from 'bitcoinjs-lib';
import type { EnabledCoin } from '../../../src/node/coins/coin';
import type { HtlcTerms, SwapOps, SwapTx } from '../../../src/node/coins/swapOps';
import type { DexFeePayment } from '../../../src/node/coins/tradeFee';
import { MmNumber } from '../../../src/shared/number';
import { daemon } from '../devnet/daemon';
import { chainOf, isEvm, type Json, type SwapNode } from './swapNode';

export type Cheat =
  /** The dex fee one base unit (1 sat / 1 wei) short. */
  | 'dexFeeShort'
  /** The dex fee amount paid to the cheater's own address instead of the dex fee address. */
  | 'dexFeeToSelf'
  /** The HTLC payment one base unit short. */
  | 'paymentShort'
  /** The HTLC payment locked 60 s less than agreed. */
  | 'paymentLockShort'
  /** The HTLC payment behind a secret hash only the cheater knows. */
  | 'paymentOtherSecretHash'
  /** The HTLC payment spendable by the cheater's own key, not the receiver's. */
  | 'paymentToSelf'
  /** The agreed HTLC payment, in the mempool but never mined (UTXO coins only). */
  | 'paymentNeverConfirms';

/** Fee delta the miner sees on a held-back payment: no block template takes a negative fee. */
const HOLD_BACK_SAT = -100_000_000;

/** What the cheater did: the terms of each HTLC payment it actually sent. */
export interface CheatRecord {
  paid: HtlcTerms[];
}

/** Replaces the `swapOps` of `node`'s coin `ticker` with one that cheats as `cheat` says. */
export function installCheat(node: SwapNode, ticker: string, cheat: Cheat): CheatRecord {
  const coin = node.enabledCoin(ticker);
  const honest = coin.swapOps;
  if (!honest) throw new Error(`${ticker} cannot swap`);
  const record: CheatRecord = { paid: [] };
  const lies = lyingCalls(node, coin, honest, cheat, record);
  const lying = new Proxy(honest, {
    get(target, prop) {
      if (Object.hasOwn(lies, prop)) return lies[prop as keyof SwapOps];
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  // The engine looks the coin's swapOps up at every step, so the next step already lies.
  Object.defineProperty(coin, 'swapOps', { value: lying, configurable: true });
  return record;
}

function lyingCalls(node: SwapNode, coin: EnabledCoin, honest: SwapOps, cheat: Cheat, record: CheatRecord): Partial<SwapOps> {
  const oneUnit = MmNumber.fromBaseUnits(1n, coin.decimals);
  const payWith = (alter: (t: HtlcTerms) => HtlcTerms): Partial<SwapOps> => ({
    sendPayment: (terms) => {
      const altered = alter(terms);
      record.paid.push(altered);
      return honest.sendPayment(altered);
    },
  });
  switch (cheat) {
    case 'dexFeeShort':
      return { sendTakerFee: (fee: DexFeePayment, uuid: string) => honest.sendTakerFee({ ...fee, fee: fee.fee.sub(oneUnit) }, uuid) };
    case 'dexFeeToSelf':
      return { sendTakerFee: (fee: DexFeePayment) => payToSelf(node, coin.ticker, fee.fee.add(fee.burn)) };
    case 'paymentShort':
      return payWith((t) => ({ ...t, amount: t.amount.sub(oneUnit) }));
    case 'paymentLockShort':
      return payWith((t) => ({ ...t, timeLock: t.timeLock - 60 }));
    case 'paymentOtherSecretHash':
      return payWith((t) => ({ ...t, secretHash: new Uint8Array(randomBytes(20)) }));
    case 'paymentToSelf':
      return payWith((t) => ({ ...t, receiverPubkey: honest.htlcPubkey }));
    case 'paymentNeverConfirms':
      if (isEvm(coin.ticker)) throw new Error('a payment held back from blocks needs a UTXO chain');
      return {
        sendPayment: (terms) => {
          record.paid.push(terms);
          return heldBackFromBlocks(coin, () => honest.sendPayment(terms));
        },
      };
  }
}

/** A withdraw of `amount` to the wallet's own address, broadcast: a "fee" signed by the taker's key that pays nobody. */
async function payToSelf(node: SwapNode, ticker: string, amount: MmNumber): Promise<SwapTx> {
  const built = await node.legacy('withdraw', { coin: ticker, to: node.addresses[ticker], amount: amount.toDecimalString() });
  if (built.status !== 200) throw new Error(`withdraw: ${JSON.stringify(built.body)}`);
  const txHex = built.body.tx_hex as string;
  const sent = await node.legacy('send_raw_transaction', { coin: ticker, tx_hex: txHex });
  if (sent.status !== 200) throw new Error(`send_raw_transaction: ${JSON.stringify(sent.body)}`);
  return { txHex, txHash: (sent.body as Json).tx_hash as string };
}

/**
 * Runs `send` with the coin's broadcast going straight to the daemon, which takes the transaction
 * into its mempool and, in the same JSON-RPC batch, gives it a negative fee delta for block
 * templates (`prioritisetransaction`): the mempool and the Electrum servers hold it, no block ever
 * will. The delta cannot be set first, as the mempool checks the relay fee against it.
 */
async function heldBackFromBlocks(coin: EnabledCoin, send: () => Promise<SwapTx>): Promise<SwapTx> {
  const chain = chainOf(coin.ticker);
  const broadcast = async (txHex: string): Promise<string> => {
    const txid = Transaction.fromHex(txHex).getId();
    const [accepted] = await daemon(chain).batch([
      ['sendrawtransaction', [txHex]],
      ['prioritisetransaction', [txid, 0, HOLD_BACK_SAT]],
    ]);
    return accepted as string;
  };
  const own = Object.getOwnPropertyDescriptor(coin, 'sendRawTransaction');
  Object.defineProperty(coin, 'sendRawTransaction', { value: broadcast, configurable: true });
  try {
    return await send();
  } finally {
    if (own) Object.defineProperty(coin, 'sendRawTransaction', own);
    else delete (coin as { sendRawTransaction?: unknown }).sendRawTransaction;
  }
}
