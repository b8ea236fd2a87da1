/**
 * QRC20 tokens in the page: the coins file puts QC-QRC20 under QTUM (its platform, whose swap
 * contracts it takes), both are activated with the flat `electrum` (QC-QRC20 with the swap
 * contracts KDF requires), and a saved token keeps its contracts for the next unlock.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RpcClient } from '../../../src/client/RpcClient';
import { parseCoinsFile, parseElectrumDefaults } from '../../../src/ui/lib/coinsConfig';
import { loadSavedCoins, rememberCoin } from '../../../src/ui/lib/savedCoins';
import { activateQtum, electrumArgs } from '../../../src/ui/lib/utxoActivation';
import { installLocalStorage, type MapStorage } from './mapStorage';

const read = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../public/${name}`, import.meta.url), 'utf8'));
const OPTIONS = parseCoinsFile(read('coins.json'));
const option = (ticker: string) => OPTIONS.find((o) => o.ticker === ticker)!;
/** The QTUM/QRC20 swap contract of COINS utils/coins_config.json (kdf-facts §6). */
const SWAP = '0x2f754733acd6d753731c00fee32cb484551cc15d';

describe('QRC20 in the coins file', () => {
  it('offers QC-QRC20 as a token on QTUM, activated with Electrum servers and QTUM’s swap contracts', () => {
    expect(option('QC-QRC20')).toMatchObject({ protocol: 'QRC20', family: 'utxo', electrum: true, qtum: true, platform: 'QTUM', swapContract: SWAP, fallbackSwapContract: SWAP });
    expect(option('QTUM')).toMatchObject({ protocol: 'QTUM', electrum: true, qtum: true, platform: null });
    expect(option('DOC')).toMatchObject({ qtum: false, platform: null });
  });

  it('has default servers for the token: its platform’s', () => {
    const servers = parseElectrumDefaults(read('electrums.json'));
    expect(servers['QC-QRC20']).toEqual(servers['QTUM']);
    expect(servers['QC-QRC20']!.length).toBeGreaterThan(0);
  });
});

describe('the flat electrum of QTUM and QRC20', () => {
  const req = {
    ticker: 'QC-QRC20',
    servers: [{ url: 'qtum.electrum1.cipig.net:30050', protocol: 'WSS' as const }],
    txHistory: false,
    requiredConfirmations: 2,
    qtum: { swapContract: SWAP, fallbackSwapContract: null },
  };

  it('sends the swap contract, and the fallback only when there is one', () => {
    expect(electrumArgs(req)).toEqual({ coin: 'QC-QRC20', servers: req.servers, tx_history: false, required_confirmations: 2, swap_contract_address: SWAP });
    expect(electrumArgs({ ...req, qtum: { swapContract: null, fallbackSwapContract: null } })).not.toHaveProperty('swap_contract_address');
  });

  it('reads the address and balance of the answer', async () => {
    const calls: [string, unknown][] = [];
    const client = {
      legacy: async (method: string, args: unknown) => {
        calls.push([method, args]);
        return { result: 'success', coin: 'QC-QRC20', address: 'the-wallet-address', balance: '12.5', unspendable_balance: '0' };
      },
    } as unknown as RpcClient;
    expect(await activateQtum(client, req)).toEqual({ ticker: 'QC-QRC20', address: 'the-wallet-address', balance: '12.5', unspendable: '0' });
    expect(calls).toEqual([['electrum', electrumArgs(req)]]);
  });
});

describe('a saved QRC20 token', () => {
  let storage: MapStorage;
  beforeEach(() => {
    storage = installLocalStorage();
  });

  it('keeps its contracts, and drops contracts that are not addresses', () => {
    const servers = [{ url: 'qtum.electrum1.cipig.net:30050', protocol: 'WSS' as const }];
    rememberCoin('w', { kind: 'electrum', ticker: 'QC-QRC20', servers, txHistory: false, qtum: { swapContract: SWAP, fallbackSwapContract: null } });
    expect(loadSavedCoins('w')).toEqual([{ kind: 'electrum', ticker: 'QC-QRC20', servers, txHistory: false, qtum: { swapContract: SWAP, fallbackSwapContract: null } }]);
    const key = [...storage.items.keys()][0]!;
    storage.setItem(key, JSON.stringify([{ kind: 'electrum', ticker: 'QC-QRC20', servers, txHistory: false, qtum: { swapContract: '0x12', fallbackSwapContract: null } }]));
    expect(loadSavedCoins('w')).toEqual([{ kind: 'electrum', ticker: 'QC-QRC20', servers, txHistory: false }]);
  });
});
