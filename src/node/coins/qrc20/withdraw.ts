/**
 * `withdraw` of a QRC20 token (KDF `qrc20_withdraw`): one `transfer(to, amount)` contract call in a
 * QTUM transaction whose inputs and miner fee are QTUM, gas `gas_limit × gas_price` paid on top.
 * Checks in KDF's order: a P2PKH destination, the token balance, the fee policy (`Qrc20Gas` or
 * KDF's defaults), then QTUM for fee and gas (NotSufficientBalance of the platform coin). Nothing
 * is broadcast here.
 */
import type { MmNumber } from '../../../shared/number';
import { ParamError } from '../../../shared/params';
import type { TransactionDetails, WithdrawFee, WithdrawHooks, WithdrawRequest } from '../coin';
import { coinError } from '../coinErrors';
import { decodeAddress } from '../utxo/address';
import { coinFeeRate } from '../utxo/feeRate';
import { planTx, satToDecimal } from '../utxo/tx';
import { notSufficientBalance, zeroBalanceToWithdrawMax } from '../withdrawErrors';
import { encodeTransfer } from './abi';
import { contractCallOutput, gasFeeOf, OUTPUT_QTUM_AMOUNT, QRC20_DUST, QRC20_GAS_LIMIT_DEFAULT, QRC20_GAS_PRICE_DEFAULT } from './gas';
import type { Qrc20View } from './view';

/** KDF keeps the gas fee in a u64 and reports it through an i64 (`big_decimal_from_sat`): a larger one is refused. */
export const MAX_GAS_FEE = (1n << 63n) - 1n;

/**
 * The request's `Qrc20Gas` (KDF's defaults without a fee). Zero gas figures go on to the script
 * builder, which refuses them with KDF's InternalError; a gas fee beyond KDF's integers is an
 * InvalidFeePolicy.
 */
export function gasOf(fee: WithdrawFee | null): { gasLimit: bigint; gasPrice: bigint } {
  if (fee === null) return { gasLimit: QRC20_GAS_LIMIT_DEFAULT, gasPrice: QRC20_GAS_PRICE_DEFAULT };
  if (fee.type !== 'Qrc20Gas') throw coinError.invalidFeePolicy(`Expected 'Qrc20Gas' fee type, found ${fee.type}`);
  const gasLimit = BigInt(fee.gasLimit);
  const gasPrice = BigInt(fee.gasPrice);
  if (gasLimit * gasPrice > MAX_GAS_FEE) throw coinError.invalidFeePolicy(`gas_limit × gas_price ${gasLimit * gasPrice} exceeds ${MAX_GAS_FEE}`);
  return { gasLimit, gasPrice };
}

function toBaseUnits(amount: MmNumber, decimals: number): bigint {
  try {
    return amount.toBaseUnits(decimals);
  } catch {
    throw new ParamError('amount', `\`amount\` ${amount.toDecimalString()} has more than ${decimals} decimal places`);
  }
}

export async function buildQrc20Withdraw(coin: Qrc20View, req: WithdrawRequest, nowSec: number, hooks: WithdrawHooks = {}): Promise<TransactionDetails> {
  const to = decodeAddress(coin.config, req.to);
  if (to.kind !== 'p2pkh') throw coinError.invalidAddress('QRC20 can be sent to P2PKH addresses only');
  const { qtum } = coin;
  const balance = await coin.tokenBalance();
  const tokenUnit = { ticker: coin.ticker, decimals: coin.decimals };
  let amount: bigint;
  if (req.max || !req.amount) {
    if (balance === 0n) throw zeroBalanceToWithdrawMax();
    amount = balance;
  } else {
    amount = toBaseUnits(req.amount, coin.decimals);
    if (amount > balance) throw notSufficientBalance(tokenUnit, balance, amount);
  }
  const { gasLimit, gasPrice } = gasOf(req.fee);
  const output = contractCallOutput(encodeTransfer(to.hash, amount), coin.contract, gasLimit, gasPrice);
  const gasFee = gasFeeOf([output]);

  const plan = planTx({
    unspents: await qtum.spendableUnspents(),
    outputs: [{ script: output.script, value: OUTPUT_QTUM_AMOUNT }],
    changeScript: qtum.script,
    inputKind: qtum.inputKind,
    feeRate: await coinFeeRate(qtum.utxo, coin.platformDecimals, qtum.api),
    feePolicy: { kind: 'sendExact' },
    dust: QRC20_DUST,
    gasFee,
    ticker: coin.platform,
    decimals: coin.platformDecimals,
  });
  const signed = await qtum.sign(plan, hooks);

  const receivedByMe = sameBytes(to.hash, coin.myContractAddress) ? amount : 0n;
  const fmt = (v: bigint) => satToDecimal(v, coin.decimals);
  const qtumFmt = (v: bigint) => satToDecimal(v, coin.platformDecimals);
  return {
    txHex: signed.hex,
    txHash: signed.txid,
    from: [coin.address],
    to: [req.to],
    totalAmount: fmt(amount),
    spentByMe: fmt(amount),
    receivedByMe: fmt(receivedByMe),
    myBalanceChange: fmt(receivedByMe - amount),
    blockHeight: 0,
    timestamp: nowSec,
    feeDetails: {
      type: 'Qrc20',
      coin: coin.platform,
      minerFee: qtumFmt(plan.fee),
      gasLimit: Number(gasLimit),
      gasPrice: Number(gasPrice),
      totalGasFee: qtumFmt(gasFee),
    },
    coin: coin.ticker,
    internalId: '',
    transactionType: 'StandardTransfer',
    memo: null,
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
