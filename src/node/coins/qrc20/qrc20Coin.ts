/**
 * A QRC20 token activated with `electrum` (KDF `Qrc20Coin`): a token contract on a QTUM-type
 * chain, reached through its own Electrum connection and key, as KDF builds its own UTXO fields
 * for each token. Its balance is the contract's `balanceOf`, its fees are QTUM; the QTUM side
 * (unspent outputs, signing, broadcast) is a UtxoCoin whose own balance events are kept inside, so
 * the page only hears of the token's balance. That balance is asked again on every new block or
 * payment of the wallet's script, and a change is sent as a `coin_balance` event.
 */
import { MmNumber } from '../../../shared/number';
import type { CoinBalance, EnabledCoin, TransactionDetails, TxHistoryView, WithdrawHooks, WithdrawRequest } from '../coin';
import { coinError } from '../coinErrors';
import type { CoinConfig } from '../config';
import type { SwapOps } from '../swapOps';
import type { TradeFees } from '../tradeFee';
import { decodeAddress } from '../utxo/address';
import { satToDecimal } from '../utxo/tx';
import { BALANCE_EVENT, type UtxoCoin } from '../utxo/utxoCoin';
import { decodeUint256, encodeBalanceOf } from './abi';
import type { Qrc20ElectrumApi } from './electrumQrc20';
import { Qrc20SwapOps } from './swapOps';
import { Qrc20TradeFees, type Qrc20FeeView } from './tradeFee';
import { buildQrc20Withdraw } from './withdraw';

export interface Qrc20CoinInit {
  config: CoinConfig;
  platform: string;
  contract: Uint8Array;
  decimals: number;
  /** The swap contracts of the activation request, 20 bytes each. */
  swapContract: Uint8Array;
  fallbackSwapContract: Uint8Array | null;
  qtum: UtxoCoin;
  api: Qrc20ElectrumApi;
  emit(event: string, data: unknown): void;
  now(): number;
}

/** QTUM amounts always have 8 decimals, whatever the token's. */
export const QTUM_DECIMALS = 8;

export class Qrc20Coin implements EnabledCoin, Qrc20FeeView {
  readonly ticker: string;
  readonly config: CoinConfig;
  readonly decimals: number;
  readonly platform: string;
  readonly platformDecimals = QTUM_DECIMALS;
  readonly contract: Uint8Array;
  readonly swapContract: Uint8Array;
  readonly fallbackSwapContract: Uint8Array | null;
  readonly myContractAddress: Uint8Array;
  readonly qtum: UtxoCoin;
  readonly api: Qrc20ElectrumApi;
  readonly tradeFees: TradeFees;
  /** Swaps through the activation's EtomicSwap contract (swapOps.ts). */
  readonly swapOps: SwapOps;
  history: TxHistoryView | null = null;
  private lastBalance: bigint | null = null;

  constructor(private readonly init: Qrc20CoinInit) {
    this.ticker = init.config.ticker;
    this.config = init.config;
    this.decimals = init.decimals;
    this.platform = init.platform;
    this.contract = init.contract;
    this.swapContract = init.swapContract;
    this.fallbackSwapContract = init.fallbackSwapContract;
    this.qtum = init.qtum;
    this.api = init.api;
    this.myContractAddress = decodeAddress(init.config, init.qtum.address).hash;
    this.tradeFees = new Qrc20TradeFees(this);
    this.swapOps = new Qrc20SwapOps(this);
    init.qtum.onChange(() => void this.refreshBalance());
  }

  get address(): string {
    return this.qtum.address;
  }

  get requiredConfirmations(): number {
    return this.qtum.requiredConfirmations;
  }

  get requiresNotarization(): boolean {
    return this.qtum.requiresNotarization;
  }

  /** KDF reports the coins file's `mature_confirmations` for tokens too. */
  get matureConfirmations(): number {
    return this.qtum.matureConfirmations;
  }

  async tokenBalance(): Promise<bigint> {
    const output = await this.api.contractCall(this.contract, encodeBalanceOf(this.myContractAddress));
    const balance = decodeUint256(output);
    if (balance === null) throw coinError.transport(`Expected U256 as balanceOf result but got ${output.length} bytes`);
    return balance;
  }

  async balance(): Promise<CoinBalance> {
    return { spendable: await this.tokenBalance(), unspendable: 0n };
  }

  /** KDF's `base_coin_balance`: the QTUM the token's fees are paid from. */
  async qtumBalance(): Promise<MmNumber> {
    return MmNumber.fromBaseUnits((await this.qtum.balance()).spendable, QTUM_DECIMALS);
  }

  withdraw(req: WithdrawRequest, hooks: WithdrawHooks = {}): Promise<TransactionDetails> {
    return buildQrc20Withdraw(this, req, Math.floor(this.init.now() / 1000), hooks);
  }

  sendRawTransaction(txHex: string): Promise<string> {
    return this.qtum.sendRawTransaction(txHex);
  }

  shutdown(): Promise<void> {
    return this.qtum.shutdown();
  }

  private async refreshBalance(): Promise<void> {
    let balance: bigint;
    try {
      balance = await this.tokenBalance();
    } catch {
      return; // the next block or payment asks again
    }
    if (balance === this.lastBalance) return;
    this.lastBalance = balance;
    this.init.emit(BALANCE_EVENT, { coin: this.ticker, balance: satToDecimal(balance, this.decimals), unspendable_balance: '0' });
  }
}

/** The emit a token's QTUM side gets: everything but its QTUM balance, which is not the token's. */
export function withoutBalanceEvents(emit: (event: string, data: unknown) => void): (event: string, data: unknown) => void {
  return (event, data) => {
    if (event !== BALANCE_EVENT) emit(event, data);
  };
}
