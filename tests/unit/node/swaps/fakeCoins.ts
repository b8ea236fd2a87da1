/**
 * A node context with fake activated coins whose balances and fee estimates come from a fixture
 * (tests/fixtures/swaps/coins.json), and a dispatcher over the real handler table, so the swaps
 * RPCs run exactly as in the node with the chains left out. Every estimate asked is recorded.
 */
import { MmNumber } from '../../../../src/shared/number';
import { coinError } from '../../../../src/node/coins/coinErrors';
import type { EnabledCoin } from '../../../../src/node/coins/coin';
import type { CoinConfig } from '../../../../src/node/coins/config';
import { EnabledCoins } from '../../../../src/node/coins/registry';
import {
  AmountIsTooSmallError,
  NotSufficientBalanceError,
  type DexFeePayment,
  type FeeApproxStage,
  type TradeFee,
  type TradeFees,
  type TradeValue,
} from '../../../../src/node/coins/tradeFee';
import type { NodeContext } from '../../../../src/node/core/context';
import { Authenticator } from '../../../../src/node/rpc/auth';
import { Dispatcher, type Reply } from '../../../../src/node/rpc/dispatcher';
import { allHandlers } from '../../../../src/node/rpc/handlers';

export const RPC_PASSWORD = 'swaps-unit-Pw1!';

interface FeeSpec {
  coin: string;
  amount: string;
  paidFromTradingVol?: boolean;
}

/** What an estimate throws instead of answering. */
type Failure =
  | { type: 'NotSufficientBalance'; coin: string; available: string; required: string }
  | { type: 'AmountIsTooSmall'; amount: string; threshold: string }
  | { type: 'Transport'; reason: string }
  | { type: 'Error'; message: string };

export interface FakeCoinSpec {
  decimals: number;
  balance: string;
  /** The balance of the coin paying the fees; the coin's own balance when absent. */
  baseBalance?: string;
  /** The most one payment can spend (a UTXO wallet of many small outputs); the balance when absent. */
  maxPaymentSpend?: string;
  minTxAmount: string;
  minTradingVol: string;
  sender: FeeSpec | Failure;
  receiver: FeeSpec | Failure;
  feeToSend: FeeSpec | Failure;
}

export interface FakeCoinsFixture {
  /** Tickers the coins file marks `wallet_only` (activated or not). */
  walletOnly: string[];
  coins: Record<string, FakeCoinSpec>;
}

export interface EstimateCall {
  coin: string;
  method: 'sender' | 'receiver' | 'feeToSend';
  stage: FeeApproxStage;
  value?: { exact: string } | { upperBound: string };
  dexFee?: { fee: string; burn: string };
}

function answer(spec: FeeSpec | Failure): TradeFee {
  if (!('type' in spec)) {
    return { coin: spec.coin, amount: MmNumber.parse(spec.amount), paidFromTradingVol: spec.paidFromTradingVol ?? false };
  }
  switch (spec.type) {
    case 'NotSufficientBalance':
      throw new NotSufficientBalanceError(spec.coin, MmNumber.parse(spec.available), MmNumber.parse(spec.required));
    case 'AmountIsTooSmall':
      throw new AmountIsTooSmallError(MmNumber.parse(spec.amount), MmNumber.parse(spec.threshold));
    case 'Transport':
      throw coinError.transport(spec.reason);
    case 'Error':
      throw new Error(spec.message);
  }
}

function fakeCoin(ticker: string, spec: FakeCoinSpec, calls: EstimateCall[]): EnabledCoin {
  const fees: TradeFees = {
    minTxAmount: MmNumber.parse(spec.minTxAmount),
    minTradingVol: MmNumber.parse(spec.minTradingVol),
    senderTradeFee: async (value: TradeValue, stage) => {
      const recorded = 'exact' in value ? { exact: value.exact.toDecimalString() } : { upperBound: value.upperBound.toDecimalString() };
      calls.push({ coin: ticker, method: 'sender', stage, value: recorded });
      return answer(spec.sender);
    },
    receiverTradeFee: async (stage) => {
      calls.push({ coin: ticker, method: 'receiver', stage });
      return answer(spec.receiver);
    },
    feeToSendTakerFee: async (dexFee: DexFeePayment, stage) => {
      calls.push({ coin: ticker, method: 'feeToSend', stage, dexFee: { fee: dexFee.fee.toDecimalString(), burn: dexFee.burn.toDecimalString() } });
      return answer(spec.feeToSend);
    },
    baseCoinBalance: async () => MmNumber.parse(spec.baseBalance ?? spec.balance),
    maxPaymentSpend: async () => MmNumber.parse(spec.maxPaymentSpend ?? spec.balance),
  };
  const unused = (): never => {
    throw new Error(`not used by the swaps tests (${ticker})`);
  };
  return {
    ticker,
    config: { ticker, protocol: { type: 'UTXO' }, walletOnly: false } as CoinConfig,
    decimals: spec.decimals,
    requiredConfirmations: 1,
    requiresNotarization: false,
    matureConfirmations: undefined,
    address: `${ticker}-address`,
    history: null,
    tradeFees: fees,
    balance: async () => ({ spendable: MmNumber.parse(spec.balance).toBaseUnits(spec.decimals), unspendable: 0n }),
    withdraw: unused,
    sendRawTransaction: unused,
    shutdown: async () => undefined,
  };
}

export interface SwapsTestNode {
  ctx: NodeContext;
  calls: EstimateCall[];
  mmrpc(method: string, params: Record<string, unknown>): Promise<Reply>;
  legacy(method: string, args: Record<string, unknown>): Promise<Reply>;
}

/** A context holding the fixture's coins as activated ones (wallet-only coins stay in the config only). */
export function swapsTestNode(fixture: FakeCoinsFixture): SwapsTestNode {
  const calls: EstimateCall[] = [];
  const enabledCoins = new EnabledCoins();
  const coinsConfig = new Map<string, CoinConfig>();
  for (const [ticker, spec] of Object.entries(fixture.coins)) {
    enabledCoins.settle(ticker, fakeCoin(ticker, spec, calls));
    coinsConfig.set(ticker, { ticker, protocol: { type: 'UTXO' }, walletOnly: false } as CoinConfig);
  }
  for (const ticker of fixture.walletOnly) {
    coinsConfig.set(ticker, { ticker, protocol: { type: 'UTXO' }, walletOnly: true } as CoinConfig);
  }
  const ctx = { coinsConfig, enabledCoins, log: () => undefined } as unknown as NodeContext;
  const dispatcher = new Dispatcher(ctx, new Authenticator(RPC_PASSWORD, Date.now), allHandlers);
  return {
    ctx,
    calls,
    mmrpc: (method, params) => dispatcher.dispatch({ mmrpc: '2.0', userpass: RPC_PASSWORD, method, params, id: 7 }),
    legacy: (method, args) => dispatcher.dispatch({ userpass: RPC_PASSWORD, method, ...args }),
  };
}
