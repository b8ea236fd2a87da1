/**
 * The v2 EVM activation request takes the legacy `enable`'s gas station keys (beyond KDF's
 * request), read and checked as `enable` reads them, so a client moving to the task keeps them.
 */
import { describe, expect, it } from 'vitest';
import { ParamReader } from '../../../../../src/shared/params';
import { readEthWithTokensRequest } from '../../../../../src/node/coins/activation/requests';

const request = (extra: Record<string, unknown>) =>
  new ParamReader(
    { ticker: 'ETHDEV', nodes: [{ url: 'http://127.0.0.1:8545' }], swap_contract_address: '0x5fbdb2315678afecb367f032d93f642f64180aa3', erc20_tokens_requests: [], ...extra },
    'params',
  );

describe('task::enable_eth: gas station keys', () => {
  it('is null without gas_station_url and read with it', () => {
    expect(readEthWithTokensRequest(request({})).gasStation).toBeNull();
    const r = readEthWithTokensRequest(request({ gas_station_url: 'https://gas.example.com', gas_station_decimals: 9, gas_station_policy: { policy: 'Average' } }));
    expect(r.gasStation).toEqual({ url: 'https://gas.example.com', decimals: 9, policy: 'Average' });
  });

  it('refuses what enable refuses', () => {
    expect(() => readEthWithTokensRequest(request({ gas_station_url: 'ftp://gas.example.com' }))).toThrow(/Only http\(s\) nodes/);
    expect(() => readEthWithTokensRequest(request({ gas_station_url: 'https://gas.example.com', gas_station_decimals: 300 }))).toThrow(/at most 255/);
    expect(() => readEthWithTokensRequest(request({ gas_station_url: 'https://gas.example.com', gas_station_policy: { policy: 'Cheapest' } }))).toThrow(/policy/);
  });
});
