import { describe, expect, it } from 'vitest';
import { isLoopbackHost, parseCoinsFile, suggestedProtocol } from '../../../src/ui/lib/coinsConfig';
import { enableUtxoParams, readActivation } from '../../../src/ui/lib/utxoActivation';

const SWAP = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('coins file: swap contracts', () => {
  it('reads a platform’s contracts and gives them to its tokens', () => {
    const [eth, token, own, utxo] = parseCoinsFile([
      { coin: 'ETHDEV', protocol: { type: 'ETH' }, swap_contract_address: SWAP, fallback_swap_contract: SWAP },
      { coin: 'DEVT6-ERC20', protocol: { type: 'ERC20', protocol_data: { platform: 'ETHDEV' } } },
      { coin: 'OWN-ERC20', protocol: { type: 'ERC20', protocol_data: { platform: 'ETHDEV' } }, swap_contract_address: '0x8500AFc0bc5214728082163326C2FF0C73f4a871' },
      { coin: 'RLTC1' },
    ]);
    expect(eth).toMatchObject({ swapContract: SWAP, fallbackSwapContract: SWAP });
    expect(token).toMatchObject({ swapContract: SWAP, fallbackSwapContract: SWAP });
    expect(own).toMatchObject({ swapContract: '0x8500AFc0bc5214728082163326C2FF0C73f4a871', fallbackSwapContract: null });
    expect(utxo).toMatchObject({ swapContract: null, fallbackSwapContract: null });
  });

  it('drops contract fields that are not contract addresses', () => {
    const [a] = parseCoinsFile([{ coin: 'X', protocol: { type: 'ETH' }, swap_contract_address: `0x${'0'.repeat(40)}`, fallback_swap_contract: 12 }]);
    expect(a).toMatchObject({ swapContract: null, fallbackSwapContract: null });
  });
});

describe('servers typed as the devnet README says: 127.0.0.1:<port>', () => {
  it('suggests WS for servers on this computer only', () => {
    for (const local of ['127.0.0.1:50001', 'localhost:1', 'ws://127.0.0.1:5', '[::1]:50001', '127.9.8.7:2']) {
      expect(isLoopbackHost(local)).toBe(true);
      expect(suggestedProtocol(local)).toBe('WS');
    }
    for (const remote of ['electrum.example.com:50002', '127.0.0.1.example.com:1', '10.0.0.1:50001', '']) {
      expect(suggestedProtocol(remote)).toBeNull();
    }
  });
});

describe('task::enable_utxo from the page', () => {
  it('sends KDF’s request shape, with the Trezor policy and confirmations only when asked', () => {
    expect(enableUtxoParams({ ticker: 'RLTC1', servers: [{ url: '127.0.0.1:1', protocol: 'WS' }], txHistory: true })).toEqual({
      ticker: 'RLTC1',
      activation_params: { mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: '127.0.0.1:1', protocol: 'WS' }] } }, tx_history: true },
    });
    const p = enableUtxoParams({ ticker: 'RLTC1', servers: [], txHistory: false, requiredConfirmations: 2, trezor: true });
    expect(p.activation_params).toMatchObject({ required_confirmations: 2, priv_key_policy: 'Trezor' });
  });

  it('reads the address and balance from an iguana and an HD report', () => {
    const balance = { RLTC1: { spendable: '1.5', unspendable: '0.25' } };
    expect(readActivation({ ticker: 'RLTC1', current_block: 10, wallet_balance: { wallet_type: 'Iguana', address: 'addr1', balance } }, 'RLTC1')).toEqual({
      ticker: 'RLTC1',
      address: 'addr1',
      balance: '1.5',
      unspendable: '0.25',
    });
    const hd = {
      wallet_type: 'HD' as const,
      accounts: [
        {
          account_index: 0,
          derivation_path: "m/44'/2'/0'",
          total_balance: balance,
          addresses: [{ address: 'addr2', derivation_path: "m/44'/2'/0'/0/0", chain: 'External' as const, balance }],
        },
      ],
    };
    expect(readActivation({ ticker: 'RLTC1', current_block: 10, wallet_balance: hd }, 'RLTC1').address).toBe('addr2');
    expect(() => readActivation({ ticker: 'RLTC1', current_block: 10, wallet_balance: { wallet_type: 'HD', accounts: [] } }, 'RLTC1')).toThrow(/without an address/);
  });
});
