/**
 * An activated EVM coin: the platform coin (ETH and its kin) or an ERC20 token on it. Both read
 * and sign through the platform's EthChain; a token differs only in where its balance lives
 * (`balanceOf`) and in paying its gas in the platform coin. Each new block refreshes the balance,
 * and a change is pushed as a `coin_balance` event, so the UI never polls. Swap fee estimates are
 * in tradeFee.ts.
 */
import { MmNumber } from '../../../shared/number';
import { bytesToHex, type KeyPair } from '../../crypto';
import type { AddressCheck, AddressFormats } from '../capabilities/addressFormats';
import type { ChainHeight } from '../capabilities/chainHeight';
import type { LegacyTradeFee } from '../capabilities/legacyTradeFee';
import type { MessageSigner } from '../capabilities/messageSigner';
import type { PolledBalance } from '../capabilities/polledBalance';
import { asTransport, rawTxError, readTxHash, type RawTransactions } from '../capabilities/rawTransactions';
import type { ShutdownHooks } from '../capabilities/shutdownHooks';
import type { TokenPlatform } from '../capabilities/tokenPlatform';
import type { WalletKey } from '../capabilities/walletKey';
import type { CoinBalance, EnabledCoin, TransactionDetails, TxHistoryView, WithdrawRequest } from '../coin';
import type { CoinConfig } from '../config';
import { coinError } from '../coinErrors';
import { ethMessageHash, recoverEthSigner, signEthMessage } from '../messageSigning';
import type { TradeFee, TradeFees } from '../tradeFee';
import { parseAddress } from './address';
import { convertEthAddress, validateEthAddress } from './addressFormats';
import type { CallRequest } from './chainApi';
import type { EthChain } from './ethChain';
import { tokenAllowance, tokenBalance } from './erc20';
import type { SwapOps } from '../swapOps';
import { EthSwapOps } from './swapOps';
import { ETH_MAX_TRADE_GAS, EthTradeFees, type EthFeeView } from './tradeFee';
import { encodeRpcTx } from './txCodec';
import { ETH_DECIMALS, formatUnits } from './units';
import { estimateFromHistory, FEE_HISTORY_BLOCKS, FEE_HISTORY_PERCENTILES, type FeePerGasEstimate } from './feeEstimator';
import { feeHistory, latestBaseFee } from './feeHistory';
import { buildEthWithdraw, type EthWithdrawView } from './withdraw';
import type { AmountUnit } from '../withdrawErrors';

export const BALANCE_EVENT = 'coin_balance';

export interface EthCoinInit {
  config: CoinConfig;
  chain: EthChain;
  /** The ERC20 contract (EIP-55); null for the platform coin. */
  contract: string | null;
  platformTicker: string;
  decimals: number;
  requiredConfirmations: number;
  /** EIP-55; the swaps' contract (`swapOps`). */
  swapContractAddress: string;
  fallbackSwapContract: string | null;
  /** The coins file's `max_eth_tx_type` (txType.ts), a token's else its platform's: 2 allows EIP-1559. */
  maxEthTxType: number;
  gasPrice(): Promise<bigint>;
  emit(event: string, data: unknown): void;
  now(): number;
}

/** KDF's `EthBalanceStreamingConfig` default interval (eth_balance_events.rs). */
const BALANCE_POLL_SECONDS = 10;

/** An EVM platform coin or token, with the capabilities of its family (capabilities/). */
export class EthCoin
  implements
    EnabledCoin,
    EthWithdrawView,
    EthFeeView,
    ChainHeight,
    RawTransactions,
    AddressFormats,
    WalletKey,
    MessageSigner,
    LegacyTradeFee,
    PolledBalance,
    TokenPlatform,
    ShutdownHooks
{
  readonly ticker: string;
  readonly config: CoinConfig;
  readonly decimals: number;
  readonly requiredConfirmations: number;
  readonly requiresNotarization = false;
  readonly matureConfirmations = undefined;
  readonly address: string;
  readonly platform: AmountUnit;
  readonly chainId: number;
  readonly contract: string | null;
  readonly swapContractAddress: string;
  readonly fallbackSwapContract: string | null;
  /** The coins file's `max_eth_tx_type` (txType.ts): 2 allows EIP-1559 withdraws. */
  readonly maxEthTxType: number;
  readonly balancePollSeconds = BALANCE_POLL_SECONDS;
  history: TxHistoryView | null = null;
  readonly tradeFees: TradeFees = new EthTradeFees(this);
  readonly swapOps: SwapOps = new EthSwapOps(this, () => this.init.now());
  private lastBalance: bigint | null = null;
  private readonly disposers: (() => void)[] = [];

  constructor(private readonly init: EthCoinInit) {
    this.ticker = init.config.ticker;
    this.config = init.config;
    this.decimals = init.decimals;
    this.requiredConfirmations = init.requiredConfirmations;
    this.address = init.chain.address;
    this.platform = { ticker: init.platformTicker, decimals: ETH_DECIMALS };
    this.chainId = init.chain.chainId;
    this.contract = init.contract;
    this.swapContractAddress = init.swapContractAddress;
    this.fallbackSwapContract = init.fallbackSwapContract;
    this.maxEthTxType = init.maxEthTxType;
  }

  get chain(): EthChain {
    return this.init.chain;
  }

  get privateKey(): Uint8Array {
    return this.init.chain.keyPair.privateKey;
  }

  /** True for the coin that owns the chain (and pays the gas of its tokens). */
  get isPlatform(): boolean {
    return this.contract === null;
  }

  /** The tip the chain's watcher last saw. */
  get height(): number {
    return this.chain.tip.height;
  }

  /** Refreshes the balance (and runs `onNewBlock`) on every new block. */
  follow(onNewBlock?: (height: number) => void): void {
    this.disposers.push(
      this.chain.tip.onBlock((height) => {
        onNewBlock?.(height);
        void this.refreshBalance();
      }),
    );
  }

  /** Something to stop with the coin (a history sync). */
  addDisposer(dispose: () => void): void {
    this.disposers.push(dispose);
  }

  async spendable(): Promise<bigint> {
    return this.contract === null
      ? this.chain.api.balance(this.address)
      : tokenBalance(this.chain.api, this.contract, this.address);
  }

  /** Tokens only: what `spender` may take of the wallet's tokens. */
  allowance(spender: string): Promise<bigint> {
    if (this.contract === null) throw coinError.internal(`${this.ticker} is not a token`);
    return tokenAllowance(this.chain.api, this.contract, this.address, spender);
  }

  gasBalance(): Promise<bigint> {
    return this.chain.api.balance(this.address);
  }

  async balance(): Promise<CoinBalance> {
    return { spendable: await this.spendable(), unspendable: 0n };
  }

  gasPrice(): Promise<bigint> {
    return this.init.gasPrice();
  }

  latestBaseFee(): Promise<bigint | null> {
    return latestBaseFee(this.chain.api);
  }

  async feeEstimate(): Promise<FeePerGasEstimate> {
    return estimateFromHistory(await feeHistory(this.chain.api, FEE_HISTORY_BLOCKS, FEE_HISTORY_PERCENTILES));
  }

  estimateGas(req: CallRequest): Promise<bigint> {
    return this.chain.api.estimateGas(req);
  }

  nextNonce(): Promise<number> {
    return this.chain.nonces.next();
  }

  withdraw(req: WithdrawRequest): Promise<TransactionDetails> {
    return buildEthWithdraw(this, req, Math.floor(this.init.now() / 1000));
  }

  sendRawTransaction(txHex: string): Promise<string> {
    return this.chain.broadcast(txHex);
  }

  /** Re-encoded from the node's description of the transaction; `0x` in front of the hash is optional. */
  async rawTransactionHex(txHash: string): Promise<string> {
    const hash = `0x${readTxHash(txHash.startsWith('0x') ? txHash.slice(2) : txHash)}`;
    const tx = await this.chain.api.transaction(hash).catch((e: unknown) => Promise.reject(asTransport(e)));
    if (!tx) throw rawTxError.hashNotExist(hash);
    return encodeRpcTx(tx).hex;
  }

  validateAddress(address: string): AddressCheck {
    return validateEthAddress(address);
  }

  convertAddress(from: string, rawFormat: unknown): string {
    return convertEthAddress(from, rawFormat);
  }

  /** The chain's key: this node signs EVM transactions with its own key only. */
  activatedKey(): KeyPair {
    return this.chain.keyPair;
  }

  privKeyText(key: KeyPair): string {
    return `0x${bytesToHex(key.privateKey)}`;
  }

  signMessagePrefix(configOf: (ticker: string) => CoinConfig | undefined): string | undefined {
    const own = this.config.signMessagePrefix;
    if (own !== undefined || this.isPlatform) return own;
    return configOf(this.platform.ticker)?.signMessagePrefix;
  }

  signMessage(prefix: string, message: string, privateKey: Uint8Array): string {
    return signEthMessage(ethMessageHash(prefix, message), privateKey);
  }

  verifyMessage(prefix: string, message: string, signature: string, address: string): boolean {
    const signer = recoverEthSigner(signature, ethMessageHash(prefix, message));
    return bytesToHex(signer) === parseAddress(address).slice(2).toLowerCase();
  }

  /** KDF's eth `get_trade_fee`: the gas price times `ETH_MAX_TRADE_GAS`, in the platform coin. */
  async legacyTradeFee(): Promise<TradeFee> {
    const wei = (await this.gasPrice()) * ETH_MAX_TRADE_GAS;
    return { coin: this.platform.ticker, amount: MmNumber.fromBaseUnits(wei, ETH_DECIMALS), paidFromTradingVol: false };
  }

  async shutdown(): Promise<void> {
    for (const dispose of this.disposers.splice(0)) dispose();
    if (this.isPlatform) this.chain.close();
  }

  private async refreshBalance(): Promise<void> {
    let balance: bigint;
    try {
      balance = await this.spendable();
    } catch {
      return; // the next block tries again
    }
    if (balance === this.lastBalance) return;
    this.lastBalance = balance;
    this.init.emit(BALANCE_EVENT, { coin: this.ticker, balance: formatUnits(balance, this.decimals), unspendable_balance: '0' });
  }
}
