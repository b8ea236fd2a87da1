/**
 * The capability guards on a coin of each family, built from the shipped coins file and never
 * connected (the guards read what a coin offers, not its chain). What each family should offer is
 * KDF's behaviour for it: balance streams by script notifications for UTXO and by polling for EVM
 * (utxo_balance_events.rs, eth_balance_events.rs), the tx history stream for UTXO only
 * (tx_history_events.rs), HD accounts beside the enabled address for UTXO coins only here, and a
 * QRC20 token's addresses, raw transactions, header times, chain height, key and message signatures
 * served by its UTXO fields (KDF's `Qrc20Coin` calls `utxo_common` for them; `current_block`
 * at qrc20.rs:1133).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasAddressFormats } from '../../../../../src/node/coins/capabilities/addressFormats';
import { hasChainHeight } from '../../../../../src/node/coins/capabilities/chainHeight';
import { hasChangeSignal } from '../../../../../src/node/coins/capabilities/changeSignal';
import { hasHdAccounts } from '../../../../../src/node/coins/capabilities/hdAccounts';
import { hasLegacyTradeFee } from '../../../../../src/node/coins/capabilities/legacyTradeFee';
import { hasMedianTimePast } from '../../../../../src/node/coins/capabilities/medianTimePast';
import { hasMessageSigner } from '../../../../../src/node/coins/capabilities/messageSigner';
import { hasPolledBalance } from '../../../../../src/node/coins/capabilities/polledBalance';
import { hasRawTransactions } from '../../../../../src/node/coins/capabilities/rawTransactions';
import { hasShutdownHooks } from '../../../../../src/node/coins/capabilities/shutdownHooks';
import { isSyncedHistory } from '../../../../../src/node/coins/capabilities/syncedHistory';
import { isTokenPlatform } from '../../../../../src/node/coins/capabilities/tokenPlatform';
import { hasWalletKey } from '../../../../../src/node/coins/capabilities/walletKey';
import type { EnabledCoin, TxHistoryView } from '../../../../../src/node/coins/coin';
import { parseCoinsConfig, type CoinConfig } from '../../../../../src/node/coins/config';
import { EthChain } from '../../../../../src/node/coins/eth/ethChain';
import { EthCoin } from '../../../../../src/node/coins/eth/ethCoin';
import { Qrc20ElectrumApi } from '../../../../../src/node/coins/qrc20/electrumQrc20';
import { Qrc20Coin } from '../../../../../src/node/coins/qrc20/qrc20Coin';
import { ElectrumClient } from '../../../../../src/node/coins/utxo/electrum';
import { softwareSigner } from '../../../../../src/node/coins/utxo/signer';
import { UtxoCoin } from '../../../../../src/node/coins/utxo/utxoCoin';
import { hexToBytes, keyPairFromPrivkey } from '../../../../../src/node/crypto';

const { coins } = parseCoinsConfig(JSON.parse(readFileSync(new URL('../../../../../public/coins.json', import.meta.url), 'utf8')));
const config = (ticker: string): CoinConfig => {
  const c = coins.get(ticker);
  if (!c) throw new Error(`${ticker} is not in public/coins.json`);
  return c;
};
const KEY = keyPairFromPrivkey(Uint8Array.from({ length: 32 }, (_, i) => i + 1));
const noop = (): void => undefined;

/** An Electrum client that is never connected: a socket asked for fails the test. */
function idleElectrum(): ElectrumClient {
  return new ElectrumClient({
    servers: [{ url: '127.0.0.1:1', protocol: 'WS' }],
    clientName: 'capabilities test',
    socketFactory: () => {
      throw new Error('the guards must not connect');
    },
  });
}

function utxoCoin(ticker: string): UtxoCoin {
  return new UtxoCoin({
    config: config(ticker),
    signer: softwareSigner(KEY),
    electrum: idleElectrum(),
    requiredConfirmations: 1,
    requiresNotarization: false,
    emit: noop,
    now: Date.now,
  });
}

const ethChain = new EthChain({ urls: [], chainId: 1, keyPair: KEY, pollMs: 60_000, log: noop });

function ethCoin(ticker: string, contract: string | null): EthCoin {
  return new EthCoin({
    config: config(ticker),
    chain: ethChain,
    contract,
    platformTicker: 'ETH',
    decimals: 18,
    requiredConfirmations: 1,
    swapContractAddress: '0x0000000000000000000000000000000000000001',
    fallbackSwapContract: null,
    maxEthTxType: 0,
    gasPrice: async () => 1n,
    emit: noop,
    now: Date.now,
  });
}

function qrc20Coin(): Qrc20Coin {
  const token = config('QC-QRC20');
  if (token.protocol.type !== 'QRC20') throw new Error('QC-QRC20 is not a QRC20 token');
  const qtum = new UtxoCoin({
    config: token,
    signer: softwareSigner(KEY),
    electrum: idleElectrum(),
    requiredConfirmations: 1,
    requiresNotarization: false,
    emit: noop,
    now: Date.now,
  });
  return new Qrc20Coin({
    config: token,
    platform: token.protocol.platform,
    contract: hexToBytes(token.protocol.contractAddress.slice(2)),
    decimals: 8,
    swapContract: new Uint8Array(20),
    fallbackSwapContract: null,
    qtum,
    api: new Qrc20ElectrumApi(qtum.electrum),
    emit: noop,
    now: Date.now,
  });
}

/** Every guard, by the capability it checks. */
const GUARDS = {
  chainHeight: hasChainHeight,
  medianTimePast: hasMedianTimePast,
  rawTransactions: hasRawTransactions,
  addressFormats: hasAddressFormats,
  walletKey: hasWalletKey,
  messageSigner: hasMessageSigner,
  legacyTradeFee: hasLegacyTradeFee,
  hdAccounts: hasHdAccounts,
  changeSignal: hasChangeSignal,
  shutdownHooks: hasShutdownHooks,
  polledBalance: hasPolledBalance,
  tokenPlatform: isTokenPlatform,
} satisfies Record<string, (coin: EnabledCoin) => boolean>;

type Capability = keyof typeof GUARDS;

const capabilitiesOf = (coin: EnabledCoin): Capability[] =>
  (Object.keys(GUARDS) as Capability[]).filter((name) => GUARDS[name](coin)).sort();

/** What every coin that has a chain, an address and a key of the node offers the wallet RPCs. */
const WALLET: Capability[] = ['addressFormats', 'legacyTradeFee', 'messageSigner', 'rawTransactions', 'walletKey'];

describe('coin capabilities by family', () => {
  it('a UTXO coin: header times, HD accounts, balance and history streams on its change signal', () => {
    expect(capabilitiesOf(utxoCoin('RLTC1'))).toEqual(
      [...WALLET, 'chainHeight', 'medianTimePast', 'hdAccounts', 'changeSignal', 'shutdownHooks'].sort(),
    );
  });

  it('an EVM platform: a polled balance with its tokens, no header times, no HD accounts, no change signal', () => {
    expect(capabilitiesOf(ethCoin('ETH', null))).toEqual([...WALLET, 'chainHeight', 'polledBalance', 'shutdownHooks', 'tokenPlatform'].sort());
  });

  it('an ERC20 token: as its platform, but no platform of tokens itself', () => {
    const contract = config('USDC-ERC20').protocol;
    if (contract.type !== 'ERC20') throw new Error('USDC-ERC20 is not an ERC20 token');
    expect(capabilitiesOf(ethCoin('USDC-ERC20', contract.contractAddress))).toEqual([...WALLET, 'chainHeight', 'polledBalance', 'shutdownHooks'].sort());
  });

  it("a QRC20 token: its QTUM side's chain capabilities, and no stream, HD account or platform of its own", () => {
    expect(capabilitiesOf(qrc20Coin())).toEqual([...WALLET, 'chainHeight', 'medianTimePast'].sort());
  });

  it('a coin that declares nothing has no capability', () => {
    const bare: EnabledCoin = {
      ticker: 'BARE',
      config: config('RLTC1'),
      decimals: 8,
      requiredConfirmations: 1,
      requiresNotarization: false,
      matureConfirmations: undefined,
      address: 'bare',
      balance: async () => ({ spendable: 0n, unspendable: 0n }),
      withdraw: async () => {
        throw new Error('no withdraw');
      },
      sendRawTransaction: async () => '',
      history: null,
      shutdown: async () => undefined,
    };
    expect(capabilitiesOf(bare)).toEqual([]);
  });

  it('a history that syncs on request is a synced history; none, or one that only reads, is not', () => {
    const view: TxHistoryView = { syncStatus: { state: 'NotStarted' }, currentBlock: 0, transactions: async () => [], unreadableRecords: 0 };
    expect(isSyncedHistory(null)).toBe(false);
    expect(isSyncedHistory(view)).toBe(false);
    const syncing: TxHistoryView & { sync(): Promise<void> } = { ...view, sync: async () => undefined };
    expect(isSyncedHistory(syncing)).toBe(true);
  });
});

describe('capabilities a token takes from elsewhere', () => {
  it("an ERC20 token without a sign_message_prefix signs with its platform's, a UTXO coin with its own only", () => {
    const contract = config('USDC-ERC20').protocol;
    if (contract.type !== 'ERC20') throw new Error('USDC-ERC20 is not an ERC20 token');
    const token = ethCoin('USDC-ERC20', contract.contractAddress);
    const configOf = (ticker: string) => coins.get(ticker);
    expect(config('USDC-ERC20').signMessagePrefix).toBeUndefined();
    expect(token.signMessagePrefix(configOf)).toBe(config('ETH').signMessagePrefix);
    expect(token.signMessagePrefix(configOf)).toBe('Ethereum Signed Message:\n');
    expect(utxoCoin('RLTC1').signMessagePrefix()).toBe(config('RLTC1').signMessagePrefix);
  });

  it("a QRC20 token's addresses are its QTUM side's", () => {
    const token = qrc20Coin();
    expect(token.validateAddress(token.qtum.address)).toEqual({ isValid: true });
    expect(token.validateAddress('0x0000000000000000000000000000000000000001').isValid).toBe(false);
  });
});
