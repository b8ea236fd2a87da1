/**
 * The v2 activation requests read as KDF's serde reads them: the SDK's shapes, wrong types named by
 * their full path, and hostile sizes bounded before anything is built.
 */
import { describe, expect, it } from 'vitest';
import { ParamError, ParamReader } from '../../../../../src/shared/params';
import { MmError } from '../../../../../src/node/core/errors';
import {
  MAX_ELECTRUM_SERVERS,
  MAX_ETH_NODES,
  MAX_TOKEN_REQUESTS,
  readEnableErc20Request,
  readEnableUtxoRequest,
  readEthWithTokensRequest,
} from '../../../../../src/node/coins/activation/requests';

const params = (v: unknown): ParamReader => new ParamReader(v, 'params');
const SWAP = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

const eth = (extra: Record<string, unknown> = {}) => ({
  ticker: 'ETH',
  nodes: [{ url: 'https://node.example' }],
  swap_contract_address: SWAP,
  erc20_tokens_requests: [],
  ...extra,
});

describe('task::enable_utxo request', () => {
  const utxo = (activation: Record<string, unknown>) => ({ ticker: 'KMD', activation_params: activation });
  const servers = [{ url: 'electrum1.example:20001', protocol: 'WSS' }];

  it("reads the SDK's request: Electrum mode, priv_key_policy as a string, tx_history", () => {
    const r = readEnableUtxoRequest(params(utxo({ mode: { rpc: 'Electrum', rpc_data: { servers, min_connected: 1 } }, tx_history: true, priv_key_policy: 'Trezor', scan_policy: 'scan_if_new_wallet' })));
    expect(r).toMatchObject({ ticker: 'KMD', mode: 'Electrum', pathToAddress: { accountId: 0, chain: 'External', addressId: 0 } });
    if (r.mode !== 'Electrum') throw new Error('mode');
    expect(r.params).toMatchObject({ servers: [{ url: 'electrum1.example:20001', protocol: 'WSS' }], minConnected: 1, txHistory: true, privKeyPolicy: 'Trezor' });
  });

  it('reads Native mode without rpc_data', () => {
    expect(readEnableUtxoRequest(params(utxo({ mode: { rpc: 'Native' } })))).toMatchObject({ mode: 'Native' });
  });

  it('names wrong fields by their full path', () => {
    const e = thrown(() => readEnableUtxoRequest(params(utxo({ mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: 5 }] } } })))) as ParamError;
    expect(e).toBeInstanceOf(ParamError);
    expect(e.message).toBe('invalid type for `params.activation_params.mode.rpc_data.servers[0].url`: integer, expected a string');
    expect((thrown(() => readEnableUtxoRequest(params({ ticker: 'KMD' }))) as Error).message).toBe('missing field `params.activation_params`');
    expect((thrown(() => readEnableUtxoRequest(params(utxo({ mode: { rpc: 'Tcp' } })))) as Error).message).toContain('unknown variant `Tcp`');
    expect((thrown(() => readEnableUtxoRequest(params(utxo({ mode: { rpc: 'Electrum', rpc_data: { servers } }, tx_history: 'yes' })))) as Error).message).toBe(
      'invalid type for `params.activation_params.tx_history`: string, expected a boolean',
    );
    const tcp = thrown(() => readEnableUtxoRequest(params(utxo({ mode: { rpc: 'Electrum', rpc_data: { servers: [{ url: 'a:1', protocol: 'TCP' }] } } })))) as ParamError;
    expect(tcp.field).toBe('params.activation_params.mode.rpc_data.servers[0].protocol');
    const min = thrown(() => readEnableUtxoRequest(params(utxo({ mode: { rpc: 'Electrum', rpc_data: { servers, min_connected: 2 } } })))) as ParamError;
    expect(min.field).toBe('params.activation_params.mode.rpc_data.min_connected');
  });

  it("reads KDF's HD scan options with their defaults (scan_if_new_wallet, gap limit 20) and bounds them", () => {
    const electrum = { mode: { rpc: 'Electrum', rpc_data: { servers } } };
    expect(readEnableUtxoRequest(params(utxo(electrum))).hdScan).toEqual({ scanPolicy: 'scan_if_new_wallet', minAddressesNumber: undefined, gapLimit: 20 });
    expect(readEnableUtxoRequest(params(utxo({ ...electrum, scan_policy: 'scan', gap_limit: 1000, min_addresses_number: 3 }))).hdScan).toEqual({
      scanPolicy: 'scan',
      minAddressesNumber: 3,
      gapLimit: 1000,
    });
    expect((thrown(() => readEnableUtxoRequest(params(utxo({ ...electrum, gap_limit: 1001 })))) as ParamError).field).toBe('params.activation_params.gap_limit');
    expect((thrown(() => readEnableUtxoRequest(params(utxo({ ...electrum, min_addresses_number: 1001 })))) as ParamError).message).toContain('at most 1000');
    expect((thrown(() => readEnableUtxoRequest(params(utxo({ ...electrum, scan_policy: 'always' })))) as Error).message).toContain('unknown variant `always`');
  });

  it('bounds the server list', () => {
    const many = Array.from({ length: MAX_ELECTRUM_SERVERS + 1 }, (_, i) => ({ url: `s${i}:1`, protocol: 'WS' }));
    const e = thrown(() => readEnableUtxoRequest(params(utxo({ mode: { rpc: 'Electrum', rpc_data: { servers: many } } })))) as ParamError;
    expect(e.message).toContain(`at most ${MAX_ELECTRUM_SERVERS}`);
  });
});

describe('enable_eth_with_tokens request', () => {
  it("reads KDF's shape: nodes, the object priv_key_policy, get_balances, tokens once each", () => {
    const r = readEthWithTokensRequest(
      params(eth({ erc20_tokens_requests: [{ ticker: 'USDT-ERC20' }, { ticker: 'DAI-ERC20', required_confirmations: 3 }, { ticker: 'USDT-ERC20' }], priv_key_policy: { type: 'ContextPrivKey' }, get_balances: false, tx_history: true })),
    );
    expect(r).toMatchObject({
      ticker: 'ETH',
      nodes: ['https://node.example'],
      swapContractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      fallbackSwapContract: null,
      privKeyPolicy: 'ContextPrivKey',
      getBalances: false,
      txHistory: true,
      tokens: [
        { ticker: 'USDT-ERC20', protocol: undefined, requiredConfirmations: undefined },
        { ticker: 'DAI-ERC20', protocol: undefined, requiredConfirmations: 3 },
      ],
    });
    expect(readEthWithTokensRequest(params(eth())).getBalances).toBe(true);
    expect(readEthWithTokensRequest(params(eth({ priv_key_policy: 'Trezor' }))).privKeyPolicy).toBe('Trezor');
  });

  it('a request without nodes reads; the activation answers AtLeastOneNodeRequired', () => {
    expect(readEthWithTokensRequest(params(eth({ nodes: undefined }))).nodes).toEqual([]);
  });

  it("refuses zero contracts and non-http nodes with KDF's InvalidPayload", () => {
    const zero = thrown(() => readEthWithTokensRequest(params(eth({ swap_contract_address: `0x${'0'.repeat(40)}` })))) as MmError;
    expect(zero).toBeInstanceOf(MmError);
    expect(zero).toMatchObject({ errorType: 'InvalidPayload', message: "swap_contract_address can't be zero address", httpStatus: 400 });
    const ws = thrown(() => readEthWithTokensRequest(params(eth({ nodes: [{ url: 'wss://node.example' }] })))) as MmError;
    expect(ws).toMatchObject({ errorType: 'InvalidPayload' });
    expect(ws.message).toContain("Invalid node address 'wss://node.example'");
  });

  it('bounds token and node lists, and names wrong types', () => {
    const tokens = Array.from({ length: MAX_TOKEN_REQUESTS + 1 }, (_, i) => ({ ticker: `T${i}` }));
    expect((thrown(() => readEthWithTokensRequest(params(eth({ erc20_tokens_requests: tokens })))) as ParamError).message).toBe(
      `\`params.erc20_tokens_requests\` lists ${MAX_TOKEN_REQUESTS + 1} items, at most ${MAX_TOKEN_REQUESTS} are allowed`,
    );
    const nodes = Array.from({ length: MAX_ETH_NODES + 1 }, () => ({ url: 'https://n.example' }));
    expect((thrown(() => readEthWithTokensRequest(params(eth({ nodes })))) as ParamError).field).toBe('params.nodes');
    expect((thrown(() => readEthWithTokensRequest(params(eth({ erc20_tokens_requests: [{ ticker: 7 }] })))) as Error).message).toBe(
      'invalid type for `params.erc20_tokens_requests[0].ticker`: integer, expected a string',
    );
    expect((thrown(() => readEthWithTokensRequest(params(eth({ erc20_tokens_requests: 'USDT' })))) as Error).message).toContain('expected an array');
    expect((thrown(() => readEthWithTokensRequest(params({ ticker: 'ETH', swap_contract_address: SWAP }))) as Error).message).toBe('missing field `params.erc20_tokens_requests`');
    expect((thrown(() => readEthWithTokensRequest(params(eth({ priv_key_policy: { type: 'Metamask' } })))) as Error).message).toContain('unknown variant `Metamask`');
    expect((thrown(() => readEthWithTokensRequest(params(eth({ swap_contract_address: '0x12' })))) as ParamError).field).toBe('params.swap_contract_address');
    expect((thrown(() => readEthWithTokensRequest(params(eth({ get_balances: 1 })))) as Error).message).toContain('expected a boolean');
  });
});

describe('enable_erc20 request', () => {
  it('reads the token, a custom protocol and required_confirmations', () => {
    expect(readEnableErc20Request(params({ ticker: 'USDT-ERC20', activation_params: { required_confirmations: 2 } }))).toEqual({
      ticker: 'USDT-ERC20',
      protocol: undefined,
      requiredConfirmations: 2,
      nft: false,
    });
    const custom = readEnableErc20Request(params({ ticker: 'X', protocol: { type: 'ERC20', protocol_data: {} }, activation_params: {} }));
    expect(custom.protocol).toEqual({ type: 'ERC20', protocol_data: {} });
    expect(readEnableErc20Request(params({ ticker: 'NFT_ETH', activation_params: { provider: { type: 'Moralis' } } })).nft).toBe(true);
  });

  it('requires activation_params and checks types', () => {
    expect((thrown(() => readEnableErc20Request(params({ ticker: 'USDT-ERC20' }))) as Error).message).toBe('missing field `params.activation_params`');
    expect((thrown(() => readEnableErc20Request(params({ ticker: 'USDT-ERC20', activation_params: { required_confirmations: -1 } }))) as Error).message).toContain(
      'expected a non-negative integer',
    );
  });
});
