/**
 * A QRC20 token with KDF's maker or taker test key over the fake QTUM Electrum server, and the
 * swap fixtures (tests/fixtures/qrc20/swap.json) as terms, chain entries and tampered copies.
 */
import { Transaction } from 'bitcoinjs-lib';
import { MmNumber } from '../../../../../src/shared/number';
import { hexToBytes } from '../../../../../src/node/crypto';
import { contractCallScript, readContractCall } from '../../../../../src/node/coins/qrc20/contractScript';
import type { HtlcTerms, SwapTx } from '../../../../../src/node/coins/swapOps';
import { tokenOnFakeServer, type QtumChainState } from './fakeQtumElectrum';
import { fixture, TEST_COINS } from './fixtures';
import type { SwapFixture } from './swapFixture';

export const F = fixture<SwapFixture>('swap.json');

/** A confirmed-looking QTUM output of the wallet to pay fees and gas from. */
const UNSPENT = { tx_hash: `${'0'.repeat(63)}1`, tx_pos: 0, height: 0, value: 1_000_000_000 };

export async function swapToken(role: 'maker' | 'taker', state: Partial<QtumChainState> = {}) {
  const key = role === 'maker' ? F.makerPrivKey : F.takerPrivKey;
  const t = await tokenOnFakeServer(TEST_COINS.token, Uint8Array.from(key), F.swapContract, { listed: [UNSPENT], ...state });
  return { ...t, ops: t.coin.swapOps };
}

export const swapTx = (txHex: string): SwapTx => ({ txHex, txHash: Transaction.fromHex(txHex).getId() });

/** The terms of a fixture payment from the maker to the taker. */
export function paymentTerms(p: { timeLock: number; secretHash: string; amount: string }, over: Partial<HtlcTerms> = {}): HtlcTerms {
  return {
    timeLock: p.timeLock,
    senderPubkey: hexToBytes(F.makerPubkey),
    receiverPubkey: hexToBytes(F.takerPubkey),
    secretHash: hexToBytes(p.secretHash),
    amount: MmNumber.parse(p.amount),
    swapContract: `0x${F.swapContract}`,
    ...over,
  };
}

/** Puts a transaction on the fake chain with its receipts. */
export function onChain(state: QtumChainState, txHex: string, receipts: unknown[], confirmations = 1): SwapTx {
  const tx = swapTx(txHex);
  state.txs.set(tx.txHash, { hex: txHex, confirmations });
  state.receipts.set(tx.txHash, receipts);
  return tx;
}

/** A copy of `txHex` whose output `index` calls `contract` (default: the same) with `mutate(callData)`. */
export function tampered(txHex: string, index: number, mutate: (callData: Uint8Array) => void, contract?: string): string {
  const tx = Transaction.fromHex(txHex);
  const call = readContractCall(new Uint8Array(tx.outs[index]!.script))!;
  const data = call.callData.slice();
  mutate(data);
  tx.outs[index]!.script = contractCallScript(data, call.gasLimit, call.gasPrice, contract ? hexToBytes(contract) : call.contract);
  return tx.toHex();
}

/** The n-th transaction the fake server was asked to broadcast. */
export function broadcast(state: QtumChainState, n = 0): Transaction {
  const hex = state.broadcasts[n];
  if (!hex) throw new Error(`no broadcast ${n}`);
  return Transaction.fromHex(hex);
}

/** The contract calls of a transaction's outputs, in order (null for outputs that are none). */
export function callsOf(tx: Transaction) {
  return tx.outs.map((o) => readContractCall(new Uint8Array(o.script)));
}
