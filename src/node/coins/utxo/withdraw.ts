/**
 * `withdraw` for a UTXO coin (KDF's utxo_withdraw): fee policy to a fee rate, the plan over the
 * spendable outputs (ascending, change back to our own script; KMD's interest claimed into the
 * change, kmd/claim.ts), signing, and the TransactionDetails KDF reports. Nothing is broadcast here.
 */
import type { MmNumber } from '../../../shared/number';
import { ParamError } from '../../../shared/params';
import type { TransactionDetails, WithdrawFee, WithdrawHooks, WithdrawRequest } from '../coin';
import { coinError } from '../coinErrors';
import { decodeAddress } from './address';
import { coinFeeRate } from './feeRate';
import { planWalletTx } from './kmd/claim';
import { supportsInterest } from './kmd/interest';
import { layoutBytes, satToDecimal, type FeeRate, type Unspent } from './tx';
import type { UtxoCoinView } from './utxoCoinView';

async function feeRateFor(coin: UtxoCoinView, fee: WithdrawFee | null): Promise<FeeRate> {
  if (fee === null) return coinFeeRate(coin.utxo, coin.decimals, coin.api);
  if (fee.type === 'UtxoFixed') return { kind: 'fixedPerKb', satPerKb: toSat(coin, fee.amount, 'fee.amount') };
  if (fee.type === 'UtxoPerKbyte') return { kind: 'dynamic', satPerKb: toSat(coin, fee.amount, 'fee.amount') };
  throw coinError.invalidFeePolicy(`Expected 'UtxoFixed' or 'UtxoPerKbyte' fee types, found ${fee.type}`);
}

function toSat(coin: UtxoCoinView, amount: MmNumber, field: string): bigint {
  try {
    return amount.toBaseUnits(coin.decimals);
  } catch {
    throw new ParamError(field, `\`${field}\` ${amount.toDecimalString()} has more than ${coin.decimals} decimal places`);
  }
}

export async function buildWithdraw(
  coin: UtxoCoinView,
  req: WithdrawRequest,
  unspents: Unspent[],
  hooks: WithdrawHooks = {},
): Promise<TransactionDetails> {
  const to = decodeAddress(coin.config, req.to);
  const feeRate = await feeRateFor(coin, req.fee);
  const available = unspents.reduce((a, u) => a + u.value, 0n);
  // The request reader guarantees an amount unless `max` is set. With `max` the planner lowers the
  // output to what the largest outputs fitting a standard-size transaction carry.
  const value = req.max || !req.amount ? available : toSat(coin, req.amount, 'amount');

  const plan = await planWalletTx(coin, {
    unspents,
    outputs: [{ script: to.script, value }],
    changeScript: coin.script,
    inputKind: coin.inputKind,
    feeRate,
    feePolicy: req.max ? { kind: 'deductFromOutput', index: 0 } : { kind: 'sendExact' },
    dust: coin.utxo.dust,
    layoutBytes: layoutBytes(coin.txFormat),
    ticker: coin.ticker,
    decimals: coin.decimals,
  });
  const signed = await coin.sign(plan, hooks);

  const mine = (script: Uint8Array) => bytesEqual(script, coin.script);
  const receivedByMe = plan.outputs.filter((o) => mine(o.script)).reduce((a, o) => a + o.value, 0n);
  const fmt = (sat: bigint) => satToDecimal(sat, coin.decimals);
  return {
    txHex: signed.hex,
    txHash: signed.txid,
    from: [coin.address],
    to: [req.to],
    totalAmount: fmt(plan.spent),
    spentByMe: fmt(plan.spent),
    receivedByMe: fmt(receivedByMe),
    myBalanceChange: fmt(receivedByMe - plan.spent),
    blockHeight: 0,
    timestamp: coin.nowSec(),
    feeDetails: { type: 'Utxo', coin: coin.ticker, amount: fmt(plan.fee) },
    coin: coin.ticker,
    internalId: '',
    transactionType: 'StandardTransfer',
    memo: null,
    // KDF reports KMD's rewards on every KMD withdraw, 0 when nothing is claimed.
    ...(supportsInterest(coin.ticker) ? { kmdRewards: { amount: fmt(plan.interest ?? 0n), claimedByMe: true } } : {}),
  };
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
