/**
 * A QRC20 token activated with `electrum` (KDF `Qrc20Coin`): a token contract on a QTUM-type
 * chain, reached through its own Electrum connection and key, as KDF builds its own UTXO fields
 * for each token. Its balance is the contract's `balanceOf`, its fees are QTUM; the QTUM side
 * (unspent outputs, signing, broadcast) is a UtxoCoin whose own balance events are kept inside, so
 * the page only hears of the token's balance. That balance is asked again on every new block or
 * payment of the wallet's script, and a change is sent as a `coin_balance` event.
 */
import { MmNumber } from '../../../shared/number';
import type { KeyPair, NodeKeys } from '../../crypto';
import type { AddressCheck, AddressFormats } from '../capabilities/addressFormats';
import type { ChainHeight } from '../capabilities/chainHeight';
import type { LegacyTradeFee } from '../capabilities/legacyTradeFee';
import type { MedianTimePast } from '../capabilities/medianTimePast';
import type { MessageSigner } from '../capabilities/messageSigner';
import type { RawTransactions } from '../capabilities/rawTransactions';
import type { WalletKey } from '../capabilities/walletKey';
import type { CoinBalance, EnabledCoin, TransactionDetails, TxHistoryView, WithdrawHooks, WithdrawRequest } from '../coin';
import { coinError } from '../coinErrors';
import type { CoinConfig } from '../config';
import type { SwapOps } from '../swapOps';
import type { TradeFee, TradeFees } from '../tradeFee';
import { coinFeeRate } from '../utxo/feeRate';
import { decodeAddress } from '../utxo/address';
import { satToDecimal } from '../utxo/tx';
import { BALANCE_EVENT, type UtxoCoin } from '../utxo/utxoCoin';
import { decodeUint256, encodeBalanceOf } from './abi';
import type { Qrc20ElectrumApi } from './electrumQrc20';
import { QRC20_GAS_LIMIT_DEFAULT, QRC20_GAS_PRICE_DEFAULT, QRC20_PAYMENT_GAS_LIMIT } from './gas';
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

/**
 * A QRC20 token. Its chain capabilities (addresses, raw transactions, header times, the key and
 * message signatures, the chain height) are its QTUM side's, as KDF's `Qrc20Coin` serves them from its UTXO fields.
 */
export class Qrc20Coin
  implements EnabledCoin, ChainHeight, Qrc20FeeView, MedianTimePast, RawTransactions, AddressFormats, WalletKey, MessageSigner, LegacyTradeFee
{
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

  /** The QTUM tip the platform's header subscription follows: `current_block` when history is off. */
  get height(): number {
    return this.qtum.height;
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

  mtpHeaderTimes(): Promise<number[]> {
    return this.qtum.mtpHeaderTimes();
  }

  rawTransactionHex(txHash: string): Promise<string> {
    return this.qtum.rawTransactionHex(txHash);
  }

  validateAddress(address: string): AddressCheck {
    return this.qtum.validateAddress(address);
  }

  convertAddress(from: string, rawFormat: unknown): string {
    return this.qtum.convertAddress(from, rawFormat);
  }

  activatedKey(keys: NodeKeys | null): KeyPair | null {
    return this.qtum.activatedKey(keys);
  }

  privKeyText(key: KeyPair): string {
    return this.qtum.privKeyText(key);
  }

  signMessagePrefix(): string | undefined {
    return this.qtum.signMessagePrefix();
  }

  signMessage(prefix: string, message: string, privateKey: Uint8Array): string {
    return this.qtum.signMessage(prefix, message, privateKey);
  }

  verifyMessage(prefix: string, message: string, signature: string, address: string): boolean {
    return this.qtum.verifyMessage(prefix, message, signature, address);
  }

  /** KDF's qrc20 `get_trade_fee`: the QTUM fee rate per kB plus the gas of the worst swap payment (two `approve` and one `erc20Payment`). */
  async legacyTradeFee(): Promise<TradeFee> {
    const rate = await coinFeeRate(this.qtum.utxo, QTUM_DECIMALS, this.qtum.api);
    const gas = (2n * QRC20_GAS_LIMIT_DEFAULT + QRC20_PAYMENT_GAS_LIMIT) * QRC20_GAS_PRICE_DEFAULT;
    return { coin: this.platform, amount: MmNumber.fromBaseUnits(rate.satPerKb + gas, QTUM_DECIMALS), paidFromTradingVol: false };
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
