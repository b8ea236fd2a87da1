/**
 * `withdraw` for ETH and ERC20 coins (KDF `EthWithdraw::build`): checks, gas, a nonce, a signed
 * transaction, and the TransactionDetails KDF reports.
 *
 * The transaction type: `EthGas` signs legacy (type 0); `EthGasEip1559` signs type 2 on a coin
 * whose `max_eth_tx_type` is at least 2 and a chain whose blocks carry a base fee, and is refused
 * with KDF's TxTypeNotSupported elsewhere. Without a fee, such a coin and chain sign type 2 at the
 * simple estimator's `medium` level (feeEstimator.ts); KDF signs legacy there, but a type-2
 * transaction never pays more than the block's base fee plus its tip. Any other coin or chain signs
 * legacy at the default gas price. Swap payments stay legacy, as KDF's default swap fee policy
 * (`Internal`) signs them.
 *
 * Nothing is broadcast here and nothing is reserved: the nonce is the chain's pending count now, so a withdraw never broadcast leaves no
 * gap, and a second withdraw signed before the first is sent takes the same nonce (its broadcast is
 * then refused, EthChain.broadcast).
 *
 * ETH pays `amount` plus gas from one balance; `max` sends the balance less the fee. A token sends
 * `amount` (or, with `max`, its whole balance) and the gas comes from the platform coin, whose
 * shortfall is reported as NotSufficientBalance of the platform.
 */
import type { TransactionDetails, WithdrawRequest } from '../coin';
import type { CallRequest } from './chainApi';
import { parseAddress, sameAddress } from './address';
import { encodeTransfer } from './erc20';
import { ethFeeDetails, gasFromFee, maxPricePerGas, type PayForGas } from './fee';
import { signEvmTx } from './txCodec';
import type { FeePerGasEstimate } from './feeEstimator';
import { EIP1559_TX_TYPE } from './txType';
import { formatUnits, toBaseUnits } from './units';
import { amountTooLow, notSufficientBalance, txTypeNotSupported, zeroBalanceToWithdrawMax, type AmountUnit } from '../withdrawErrors';

/** Gas of a plain ETH transfer; KDF's `ETH_SEND_COINS`, used to leave room for the fee when estimating `max`. */
export const ETH_SEND_COINS_GAS = 21_000n;

/** What withdraw needs of an EVM coin; EthCoin implements it. */
export interface EthWithdrawView {
  readonly ticker: string;
  readonly decimals: number;
  /** EIP-55. */
  readonly address: string;
  /** The coin that pays gas: the coin itself for ETH. */
  readonly platform: AmountUnit;
  readonly chainId: number;
  /** The ERC20 contract; null for the platform coin. */
  readonly contract: string | null;
  readonly privateKey: Uint8Array;
  /** This coin's balance, base units. */
  spendable(): Promise<bigint>;
  /** The platform coin's balance, wei. */
  gasBalance(): Promise<bigint>;
  /** Wei per gas of a legacy transaction when the request names no fee. */
  gasPrice(): Promise<bigint>;
  /** The coins file's `max_eth_tx_type`. */
  readonly maxEthTxType: number;
  /** The latest block's base fee, wei; null on a chain without EIP-1559. */
  latestBaseFee(): Promise<bigint | null>;
  /** The EIP-1559 fee levels from the chain's recent blocks (feeEstimator.ts). */
  feeEstimate(): Promise<FeePerGasEstimate>;
  estimateGas(req: CallRequest): Promise<bigint>;
  /** The nonce a transaction signed now takes (the pending count); reserves nothing. */
  nextNonce(): Promise<number>;
}

/** Whether the coin may sign type 2 and its chain takes it (the latest block has a base fee). */
async function eip1559Allowed(coin: EthWithdrawView): Promise<boolean> {
  return coin.maxEthTxType >= EIP1559_TX_TYPE && (await coin.latestBaseFee()) !== null;
}

/** The pricing of a withdraw that names no fee: type 2 at the `medium` level where allowed, else legacy. */
async function defaultPay(coin: EthWithdrawView): Promise<PayForGas> {
  if (await eip1559Allowed(coin)) {
    const { medium } = await coin.feeEstimate();
    return { type: 'eip1559', maxFeePerGas: medium.maxFeePerGas, maxPriorityFeePerGas: medium.maxPriorityFeePerGas };
  }
  return { type: 'legacy', gasPrice: await coin.gasPrice() };
}

export async function buildEthWithdraw(coin: EthWithdrawView, req: WithdrawRequest, nowSec: number): Promise<TransactionDetails> {
  const to = parseAddress(req.to);
  const userGas = gasFromFee(req.fee);
  // Checked before anything is read or signed, so a refused type costs nothing.
  if (userGas?.pay.type === 'eip1559' && !(await eip1559Allowed(coin))) throw txTypeNotSupported();
  const unit: AmountUnit = { ticker: coin.ticker, decimals: coin.decimals };
  // The request reader guarantees an amount unless `max` is set.
  const amount = req.max || !req.amount ? null : toBaseUnits(req.amount, coin.decimals, 'amount');
  const balance = await coin.spendable();
  if (amount === null && balance === 0n) throw zeroBalanceToWithdrawMax();
  if (amount !== null && amount > balance) throw notSufficientBalance(unit, balance, amount);

  const token = coin.contract;
  const sent = amount ?? balance;
  const pay = userGas?.pay ?? (await defaultPay(coin));
  const pricePerGas = maxPricePerGas(pay);
  const call: CallRequest = token
    ? { from: coin.address, to: token, value: 0n, data: encodeTransfer(to, sent) }
    : { from: coin.address, to, value: sent, data: '0x' };
  if (!token && amount === null) {
    const room = ETH_SEND_COINS_GAS * pricePerGas;
    call.value = balance > room ? balance - room : 0n;
  }
  const gas = userGas?.gas ?? (await coin.estimateGas(call));
  const fee = gas * pricePerGas;

  let value = sent;
  if (!token) {
    if (amount === null) {
      if (balance < fee) throw amountTooLow(unit, balance, fee);
      value = balance - fee;
    } else if (amount + fee > balance) {
      throw notSufficientBalance(unit, balance, amount + fee);
    }
  } else {
    const gasBalance = await coin.gasBalance();
    if (gasBalance < fee) throw notSufficientBalance(coin.platform, gasBalance, fee);
  }

  const nonce = await coin.nextNonce();
  const signed = signEvmTx({ chainId: coin.chainId, nonce, gas, to: call.to, value: token ? 0n : value, data: call.data ?? '0x' }, pay, coin.privateKey);

  const spent = token ? value : value + fee;
  const received = sameAddress(to, coin.address) ? value : 0n;
  const fmt = (v: bigint) => formatUnits(v, coin.decimals);
  return {
    txHex: signed.hex,
    txHash: signed.hash,
    from: [coin.address],
    to: [to],
    totalAmount: fmt(value),
    spentByMe: fmt(spent),
    receivedByMe: fmt(received),
    myBalanceChange: fmt(received - spent),
    blockHeight: 0,
    timestamp: nowSec,
    feeDetails: ethFeeDetails(gas, pay, coin.platform.ticker),
    coin: coin.ticker,
    internalId: '',
    transactionType: 'StandardTransfer',
    memo: null,
  };
}
