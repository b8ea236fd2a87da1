import { readFileSync } from 'node:fs';
import { MaxUint256 } from 'ethers';
import { describe, expect, it } from 'vitest';
import { MmNumber } from '../../../../../src/shared/number';
import type { CallRequest } from '../../../../../src/node/coins/eth/chainApi';
import { encodeApprove, encodeTransfer } from '../../../../../src/node/coins/eth/erc20';
import { NodeRpcError } from '../../../../../src/node/coins/eth/provider';
import { DEX_FEE_ADDRESS, EthTradeFees, raiseGasPrice, type EthFeeView } from '../../../../../src/node/coins/eth/tradeFee';
import { parseCoinsConfig, type CoinConfig } from '../../../../../src/node/coins/config';
import { NotSufficientBalanceError, type FeeApproxStage, type TradeFee } from '../../../../../src/node/coins/tradeFee';

const { coins } = parseCoinsConfig(JSON.parse(readFileSync(new URL('../../../../../public/coins.json', import.meta.url), 'utf8')));
const ME = '0xf5c3bf03cBA4E343484588932e423A7C8BFf102d';
const SWAP = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TOKEN = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const GWEI = 1_000_000_000n;

interface State {
  balance: bigint;
  gasBalance?: bigint;
  allowance?: bigint;
  estimate?: bigint | Error;
}

function fake(token: boolean, s: State) {
  const estimates: CallRequest[] = [];
  const view: EthFeeView = {
    ticker: token ? 'DEVT6-ERC20' : 'ETHDEV',
    config: coins.get(token ? 'DEVT6-ERC20' : 'ETHDEV') as CoinConfig,
    decimals: token ? 6 : 18,
    address: ME,
    platform: { ticker: 'ETHDEV', decimals: 18 },
    contract: token ? TOKEN : null,
    swapContractAddress: SWAP,
    spendable: async () => s.balance,
    gasBalance: async () => s.gasBalance ?? s.balance,
    gasPrice: async () => 20n * GWEI,
    estimateGas: async (req) => {
      estimates.push(req);
      if (s.estimate instanceof Error) throw s.estimate;
      return s.estimate ?? 0n;
    },
    allowance: async () => s.allowance ?? 0n,
  };
  return { fees: new EthTradeFees(view), estimates };
}

const plain = (f: TradeFee) => ({ coin: f.coin, amount: f.amount.toDecimalString(), paidFromTradingVol: f.paidFromTradingVol });
const eth = (amount: string) => ({ coin: 'ETHDEV', amount, paidFromTradingVol: false });
const stage: FeeApproxStage = 'TradePreimage';

describe('raiseGasPrice (KDF increase_gas_price_by_stage, at least 1 gwei)', () => {
  it.each([
    [20n * GWEI, 'TradePreimage', 21_400_000_000n],
    [20n * GWEI, 'OrderIssue', 21n * GWEI],
    [20n * GWEI, 'StartSwap', 21n * GWEI],
    [100n * GWEI, 'StartSwap', 103n * GWEI],
    [GWEI, 'TradePreimage', 2n * GWEI],
    [199n, 'TradePreimage', 199n + GWEI],
    [20n * GWEI, 'WithoutApprox', 20n * GWEI],
  ] as [bigint, FeeApproxStage, bigint][])('%s wei at %s → %s', (price, s, expected) => {
    expect(raiseGasPrice(price, s)).toBe(expected);
  });
});

describe('EthTradeFees (KDF eth.rs trade fees)', () => {
  it('ETH payment: ETH_PAYMENT gas 65000 × 21.4 gwei, in the platform coin', async () => {
    const { fees } = fake(false, { balance: 10n ** 18n });
    expect(plain(await fees.senderTradeFee({ exact: MmNumber.ONE }, stage))).toEqual(eth('0.001391'));
  });

  it('token payment with enough allowance: ERC20_PAYMENT gas 150000 only', async () => {
    const { fees, estimates } = fake(true, { balance: 10n ** 8n, allowance: 10n ** 6n });
    expect(plain(await fees.senderTradeFee({ exact: MmNumber.ONE }, stage))).toEqual(eth('0.00321'));
    expect(estimates).toEqual([]);
  });

  it('token payment short of allowance: adds the estimated approve(swap contract, max)', async () => {
    const { fees, estimates } = fake(true, { balance: 10n ** 8n, allowance: 999_999n, estimate: 46_123n });
    expect(plain(await fees.senderTradeFee({ upperBound: MmNumber.ONE }, stage))).toEqual(eth('0.0041970322'));
    expect(estimates).toEqual([{ from: ME, to: TOKEN, value: 0n, data: encodeApprove(SWAP, MaxUint256) }]);
  });

  it('receiving: ETH_RECEIVER_SPEND 65000 / ERC20_RECEIVER_SPEND 150000, never out of the volume', async () => {
    expect(plain(await fake(false, { balance: 0n }).fees.receiverTradeFee(stage))).toEqual(eth('0.001391'));
    expect(plain(await fake(true, { balance: 0n }).fees.receiverTradeFee(stage))).toEqual(eth('0.00321'));
  });

  it('taker fee in ETH: the estimated transfer of the dex fee to the dex address, without a gas price', async () => {
    const { fees, estimates } = fake(false, { balance: 10n ** 18n, estimate: 21_000n });
    const fee = await fees.feeToSendTakerFee({ fee: MmNumber.parse('0.01'), burn: MmNumber.ZERO }, stage);
    expect(plain(fee)).toEqual(eth('0.0004494'));
    expect(estimates).toEqual([{ from: ME, to: DEX_FEE_ADDRESS, value: 10n ** 16n, data: '0x' }]);
  });

  it('taker fee in a token: the estimated transfer(dex address, fee) on the token', async () => {
    const { fees, estimates } = fake(true, { balance: 10n ** 8n, estimate: 51_000n });
    const fee = await fees.feeToSendTakerFee({ fee: MmNumber.parse('0.01'), burn: MmNumber.ZERO }, stage);
    expect(plain(fee)).toEqual(eth('0.0010914'));
    expect(estimates).toEqual([{ from: ME, to: TOKEN, value: 0n, data: encodeTransfer(DEX_FEE_ADDRESS, 10_000n) }]);
  });

  it('a transfer that fails to estimate because the balance is short is NotSufficientBalance of the coin', async () => {
    const rejected = new NodeRpcError('eth_estimateGas', { code: -32000, message: 'execution reverted' }, null);
    const { fees } = fake(true, { balance: 9_999n, estimate: rejected });
    const e = await fees.feeToSendTakerFee({ fee: MmNumber.parse('0.01'), burn: MmNumber.ZERO }, stage).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(NotSufficientBalanceError);
    expect((e as NotSufficientBalanceError).errorData).toEqual({ coin: 'DEVT6-ERC20', available: '0.009999', required: '0.01' });
  });

  it('any other estimate failure is passed on', async () => {
    const rejected = new NodeRpcError('eth_estimateGas', { code: -32000, message: 'node is syncing' }, null);
    const { fees } = fake(false, { balance: 10n ** 18n, estimate: rejected });
    await expect(fees.feeToSendTakerFee({ fee: MmNumber.parse('0.01'), burn: MmNumber.ZERO }, stage)).rejects.toBe(rejected);
  });

  it('has no dust; min_trading_vol is one base unit; the base coin balance is the platform balance', async () => {
    const { fees } = fake(true, { balance: 5n, gasBalance: 10n ** 17n });
    expect(fees.minTxAmount.isZero()).toBe(true);
    expect(fees.minTradingVol.toDecimalString()).toBe('0.000001');
    expect((await fees.baseCoinBalance()).toDecimalString()).toBe('0.1');
    expect(fake(false, { balance: 0n }).fees.minTradingVol.eq(MmNumber.of(1n, 10n ** 18n))).toBe(true);
  });

  it("sends the dex fee to 0xD8997941Dd1346e9231118D5685d866294f59e5b, KDF's dex fee key on EVM chains", () => {
    expect(DEX_FEE_ADDRESS).toBe('0xD8997941Dd1346e9231118D5685d866294f59e5b');
  });
});
