import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchStationGasPrice, gasPriceFromStation, type GasStationPolicy } from '../../../../../src/node/coins/eth/gasStation';
import cases from '../../../../fixtures/eth/gas-station.json';

interface Case {
  description: string;
  params: { body: unknown; decimals: number; policy: GasStationPolicy };
  expected?: string;
  error?: string;
}

describe('gasPriceFromStation', () => {
  it.each(cases as Case[])('$description', (c) => {
    const run = () => gasPriceFromStation(c.params.body, c.params.decimals, c.params.policy);
    if (c.expected !== undefined) expect(run().toString()).toBe(c.expected);
    else expect(run).toThrow(c.error);
  });
});

describe('fetchStationGasPrice', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/ok') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ average: 860, fast: 1000 }));
      } else {
        res.statusCode = 503;
        res.end('busy');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('reads the station over HTTP with the policy and decimals', async () => {
    expect(await fetchStationGasPrice({ url: `${base}/ok`, decimals: 8, policy: 'Average' })).toBe(86_000_000_000n);
    expect(await fetchStationGasPrice({ url: `${base}/ok`, decimals: 9, policy: 'MeanAverageFast' })).toBe(930_000_000_000n);
  });

  it('reports an HTTP error with KDF text', async () => {
    await expect(fetchStationGasPrice({ url: `${base}/down`, decimals: 8, policy: 'Average' })).rejects.toThrow(
      'Gas price request failed with status code 503',
    );
  });
});
