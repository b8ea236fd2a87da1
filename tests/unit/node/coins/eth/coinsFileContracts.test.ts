import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SWAP_CONTRACT } from '../../../../../devnet/evm/deploy';
import { readEthActivationParams } from '../../../../../src/node/coins/eth/activationParams';
import { ParamError, ParamReader } from '../../../../../src/shared/params';

const URLS = { urls: ['http://127.0.0.1:8545'] };
const FILE = { swapContractAddress: '0x24abe4c71fc658c91313b6552cd40cd808b3ea80', fallbackSwapContract: '0x8500afc0bc5214728082163326c2ff0c73f4a871' };

describe('enable: swap contracts from the coins file', () => {
  it('takes both contracts from the coins file when the request names none (EIP-55)', () => {
    const p = readEthActivationParams(new ParamReader(URLS), FILE);
    expect(p.swapContractAddress).toBe('0x24ABE4c71FC658C91313b6552cd40cD808b3Ea80');
    expect(p.fallbackSwapContract).toBe('0x8500AFc0bc5214728082163326C2FF0C73f4a871');
  });

  it('keeps the contracts a request names, and checks them as KDF does', () => {
    const own = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    const p = readEthActivationParams(new ParamReader({ ...URLS, swap_contract_address: own }), FILE);
    expect(p.swapContractAddress).toBe(own);
    expect(p.fallbackSwapContract).toBeNull();
    expect(() => readEthActivationParams(new ParamReader({ ...URLS, swap_contract_address: '0x1234' }), FILE)).toThrow(ParamError);
  });

  it('still refuses a request without one when the coins file has none or a broken one', () => {
    for (const file of [{}, { swapContractAddress: '0x1234' }, { swapContractAddress: `0x${'0'.repeat(40)}` }, { swapContractAddress: 42 }]) {
      expect(() => readEthActivationParams(new ParamReader(URLS), file)).toThrow('missing field `swap_contract_address`');
    }
  });

  it('the devnet chain ETHDEV lists the devnet’s deterministic EtomicSwap address', () => {
    const coins = JSON.parse(readFileSync('public/coins.json', 'utf8')) as Record<string, unknown>[];
    const ethdev = coins.find((c) => c.coin === 'ETHDEV');
    expect(ethdev?.swap_contract_address).toBe(SWAP_CONTRACT);
  });
});
