/**
 * The page's EVM platform activation through `task::enable_eth`: every setting `enable` took is
 * sent, both answer forms are read, and a failure's `error_data.nodes` is explained in words,
 * whatever a hostile node or proxy put there.
 */
import { describe, expect, it } from 'vitest';
import type { RpcClient } from '../../../src/client/RpcClient';
import { describeActivationFailure, explainActivationFailure, nodeProblems, toCoinFailure } from '../../../src/ui/lib/coinErrors';
import { activateEvmPlatform, enableEthParams, readEthActivation } from '../../../src/ui/lib/evmActivation';

const evm = {
  urls: ['http://127.0.0.1:8545', 'https://rpc.example.com'],
  swapContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  fallbackSwapContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  gasStation: { url: 'https://gas.example.com/api', decimals: 9, policy: 'Average' as const },
};

function creationError(nodes: unknown): ReturnType<typeof toCoinFailure> {
  return toCoinFailure({
    errorType: 'PlatformCoinCreationError',
    message: 'Error on platform coin ETHDEV creation: Failed to connect to the nodes of ETHDEV: Transport error: eth_chainId: no node answered',
    errorData: { ticker: 'ETHDEV', error: 'Failed to connect to the nodes of ETHDEV', nodes },
  });
}

describe('task::enable_eth params and answers', () => {
  it('sends the nodes, contracts, gas station, confirmations and history setting', () => {
    expect(enableEthParams({ ticker: 'ETHDEV', evm, txHistory: true, requiredConfirmations: 3 })).toEqual({
      ticker: 'ETHDEV',
      nodes: [{ url: 'http://127.0.0.1:8545' }, { url: 'https://rpc.example.com' }],
      swap_contract_address: evm.swapContract,
      fallback_swap_contract: evm.fallbackSwapContract,
      gas_station_url: 'https://gas.example.com/api',
      gas_station_decimals: 9,
      gas_station_policy: { policy: 'Average' },
      required_confirmations: 3,
      tx_history: true,
      erc20_tokens_requests: [],
    });
    const bare = enableEthParams({ ticker: 'ETHDEV', evm: { ...evm, fallbackSwapContract: null, gasStation: null }, txHistory: false });
    expect(Object.keys(bare).sort()).toEqual(['erc20_tokens_requests', 'nodes', 'swap_contract_address', 'ticker', 'tx_history']);
  });

  it('reads the address and balance from the iguana and the HD answer', () => {
    const address = '0x1111111111111111111111111111111111111111';
    const pubkey = '02' + '11'.repeat(32);
    const iguana = {
      current_block: 10,
      eth_addresses_infos: { [address]: { derivation_method: { type: 'Iguana' as const }, pubkey, balances: { spendable: '2.5', unspendable: '0' } } },
      erc20_addresses_infos: {},
      nfts_infos: {},
    };
    expect(readEthActivation(iguana, 'ETHDEV')).toEqual({
      address,
      balance: '2.5',
      unspendable: '0',
    });
    const balance = { ETHDEV: { spendable: '1', unspendable: '0.5' } };
    const account = { account_index: 0, derivation_path: "m/44'/60'/0'", total_balance: balance };
    const hdAddress = { address, derivation_path: "m/44'/60'/0'/0/0", chain: 'External' as const, balance };
    const hdAnswer = (accounts: (typeof account & { addresses: (typeof hdAddress)[] })[]) => ({
      current_block: 10,
      ticker: 'ETHDEV',
      wallet_balance: { wallet_type: 'HD' as const, accounts },
      nfts_infos: {},
    });
    expect(readEthActivation(hdAnswer([{ ...account, addresses: [hdAddress] }]), 'ETHDEV')).toEqual({ address, balance: '1', unspendable: '0.5' });
    expect(() => readEthActivation(hdAnswer([]), 'ETHDEV')).toThrow(/activated without an address/);
  });

  it('follows the task and rejects with its typed error', async () => {
    const calls: string[] = [];
    const details = { error: 'x', error_type: 'PlatformCoinCreationError', error_data: { ticker: 'ETHDEV', error: 'x', nodes: [] } };
    const answer = (method: string): unknown => {
      calls.push(method);
      return method.endsWith('::init') ? { task_id: 7 } : { status: 'Error', details };
    };
    const client = {
      call: (method: string) => Promise.resolve(answer(method)),
      callReporting: (method: string) => Promise.resolve({ result: answer(method), error: undefined }),
    } as unknown as RpcClient;
    await expect(activateEvmPlatform(client, { ticker: 'ETHDEV', evm, txHistory: false })).rejects.toMatchObject({
      errorType: 'PlatformCoinCreationError',
      errorData: details.error_data,
    });
    expect(calls).toEqual(['task::enable_eth::init', 'task::enable_eth::status']);
  });
});

describe('EVM activation failures: which node failed and why, from typed data', () => {
  it('lists every node with its reason in words', () => {
    const f = creationError([
      { url: 'http://127.0.0.1:1', reason: 'unreachable', error: 'connect ECONNREFUSED 127.0.0.1:1' },
      { url: 'http://127.0.0.1:2', reason: 'http_status', error: 'HTTP 404 Not Found' },
      { url: 'http://127.0.0.1:3', reason: 'not_evm_node', error: 'response body is not valid JSON' },
      { url: 'http://127.0.0.1:4', reason: 'timeout', error: 'request timeout' },
      { url: 'http://127.0.0.1:5', reason: 'wrong_chain', error: 'serve chain id 1, but the coins config says 31337' },
    ]);
    const p = explainActivationFailure(f, 'ETHDEV');
    expect(p.message).toBe('ETHDEV could not be activated. None of its 5 RPC nodes could be used:');
    expect(p.servers).toEqual([]);
    expect(p.nodes.map((n) => [n.url, n.reason])).toEqual([
      ['http://127.0.0.1:1', 'unreachable'],
      ['http://127.0.0.1:2', 'http_status'],
      ['http://127.0.0.1:3', 'not_evm_node'],
      ['http://127.0.0.1:4', 'timeout'],
      ['http://127.0.0.1:5', 'wrong_chain'],
    ]);
    expect(p.nodes.map((n) => n.text)).toEqual([
      expect.stringMatching(/^could not be reached: the connection was refused/),
      'answered with an HTTP error',
      'answered, but not as an Ethereum JSON-RPC node',
      'did not answer in time',
      'is a node of another chain than this coin’s',
    ]);
    expect(p.nodes[1]?.detail).toBe('HTTP 404 Not Found');
    expect(describeActivationFailure(f, 'ETHDEV')).toContain('http://127.0.0.1:2 answered with an HTTP error (HTTP 404 Not Found)');
  });

  it('says so first when the browser is offline', () => {
    const f = creationError([{ url: 'https://rpc.example.com', reason: 'unreachable', error: 'Failed to fetch' }]);
    expect(explainActivationFailure(f, 'ETHDEV', false).message).toBe(
      'Your browser is offline: check the network connection. ETHDEV could not be activated. Its RPC node could not be used:',
    );
    expect(describeActivationFailure(f, 'ETHDEV', false)).toMatch(/^Your browser is offline.*https:\/\/rpc\.example\.com could not be reached/);
  });

  it('ignores what a hostile or garbled error_data carries instead of a node list', () => {
    const hostile = [
      null,
      42,
      'http://127.0.0.1:1',
      { url: 'http://x', reason: 'toString' },
      { url: 'http://x', reason: '__proto__' },
      { url: 'http://x', reason: 'constructor', error: 'e' },
      { url: '', reason: 'timeout' },
      { url: { toString: 'x' }, reason: 'timeout' },
      { url: 'http://ok', reason: 'timeout', error: { html: '<script>' } },
      { url: 'http://long', reason: 'not_evm_node', error: 'x'.repeat(10_000) },
    ];
    const nodes = nodeProblems({ nodes: hostile });
    expect(nodes.map((n) => [n.url, n.reason, n.detail.length])).toEqual([
      ['http://ok', 'timeout', 0],
      ['http://long', 'not_evm_node', 200],
    ]);
    for (const data of [undefined, null, 'text', { nodes: 'x' }, { nodes: { 0: {} } }, [{ url: 'http://x', reason: 'timeout' }]]) {
      expect(nodeProblems(data)).toEqual([]);
      const p = explainActivationFailure(toCoinFailure({ errorType: 'PlatformCoinCreationError', message: 'Error on platform coin ETHDEV creation: boom', errorData: data }), 'ETHDEV');
      expect(p.nodes).toEqual([]);
      expect(p.message).toMatch(/^ETHDEV could not be activated: /);
    }
  });

  it('explains the other task::enable_eth refusals by type', () => {
    const already = toCoinFailure({ errorType: 'PlatformIsAlreadyActivated', message: 'ETHDEV', errorData: 'ETHDEV' });
    expect(explainActivationFailure(already, 'ETHDEV').message).toBe('ETHDEV is already active.');
    const transport = toCoinFailure({ errorType: 'Transport', message: 'eth_getBalance: no node answered', errorData: 'eth_getBalance: no node answered' });
    expect(explainActivationFailure(transport, 'ETHDEV').message).toBe('ETHDEV could not be activated: its RPC nodes could not be reached (eth_getBalance: no node answered).');
  });
});
