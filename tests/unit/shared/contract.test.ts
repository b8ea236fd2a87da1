/**
 * The RPC contract (src/shared/contract) against KDF's recorded answer shapes: every method the
 * node answers has its formats there exactly as tests/fixtures/kdf-shapes records them, and its
 * error types are ones the node's unions name.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderContract } from '../../../scripts/contractGen.mjs';
import { DEFS } from '../../../src/shared/contract/defs';
import { activationMethods } from '../../../src/shared/contract/methods/activation';
import { coinsMethods } from '../../../src/shared/contract/methods/coins';
import { hwMethods } from '../../../src/shared/contract/methods/hw';
import { lifecycleMethods } from '../../../src/shared/contract/methods/lifecycle';
import { mmbotMethods } from '../../../src/shared/contract/methods/mmbot';
import { ordersMethods } from '../../../src/shared/contract/methods/orders';
import { streamsMethods } from '../../../src/shared/contract/methods/streams';
import { swapsMethods } from '../../../src/shared/contract/methods/swaps';
import { walletMethods } from '../../../src/shared/contract/methods/wallet';
import type { Contract, MmRpcErrorType, MmRpcMethod } from '../../../src/shared/contract';
import type { ErrorType } from '../../../src/shared/contract/errors';
import { METHOD_TABLE } from '../../../src/shared/methods';
import { loadShapes } from '../../fixtures/kdf-shapes/shapes';

const domains = [lifecycleMethods, walletMethods, hwMethods, streamsMethods, ordersMethods, swapsMethods, activationMethods, coinsMethods, mmbotMethods];
const contract: Record<string, unknown> = Object.assign({}, ...domains) as Contract;

// Every mmrpc error type of the contract is one of the node's error types (a compile-time check).
type Unknown<M extends MmRpcMethod> = Exclude<MmRpcErrorType<M>, ErrorType>;
const noUnknownErrorTypes: [Unknown<MmRpcMethod>] extends [never] ? true : false = true;

describe('the RPC contract', () => {
  const { defs, methods } = loadShapes();

  it('has every method of the method table, each in one domain module only', () => {
    const names = domains.flatMap((d) => Object.keys(d));
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(names)).toEqual(new Set(METHOD_TABLE.map((s) => s.name)));
    expect(noUnknownErrorTypes).toBe(true);
  });

  it('gives each method every format the method table answers it in', () => {
    for (const spec of METHOD_TABLE) {
      const formats = Object.keys(contract[spec.name] as object);
      expect({ method: spec.name, formats }).toEqual({ method: spec.name, formats: expect.arrayContaining([...spec.formats]) });
    }
  });

  it('holds KDF’s recorded shapes exactly: success bodies, error variants and statuses', () => {
    for (const [name, recorded] of methods) expect({ name, formats: contract[name] }).toEqual({ name, formats: recorded.formats });
    expect(DEFS).toEqual(defs);
  });

  it('is the modules scripts/contractGen.mjs writes from the fixtures, unedited (`npm run contract:gen`)', () => {
    const rendered = renderContract();
    expect(rendered.size).toBe(1 + domains.length);
    for (const [path, text] of rendered) expect({ path, text: readFileSync(path, 'utf8') }).toEqual({ path, text });
  });
});
