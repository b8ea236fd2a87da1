/**
 * The handler table's type holds handlers to the RPC contract: the refusals below are checked by
 * the compiler (`tsc` fails if any of them compiles), the accepted table by running it.
 */
import { describe, expect, it } from 'vitest';
import type { NodeContext } from '../../../../src/node/core/context';
import type { HandlerTable } from '../../../../src/node/core/handler';
import { ParamReader } from '../../../../src/shared/params';

const ctx = {} as NodeContext;

describe('the handler table type', () => {
  it('takes a handler answering its method’s contract shape', async () => {
    const table: HandlerTable = {
      stop: { legacy: async () => ({ result: 'success' }) },
      get_public_key_hash: { mmrpc: async () => ({ public_key_hash: '00'.repeat(20) }) },
    };
    const stop = table.stop?.legacy;
    const hash = table.get_public_key_hash?.mmrpc;
    if (typeof stop !== 'function' || typeof hash !== 'function') throw new Error('the table lost its handlers');
    expect(await stop(ctx, new ParamReader({}))).toEqual({ result: 'success' });
    expect(await hash(ctx, new ParamReader({}))).toEqual({ public_key_hash: '00'.repeat(20) });
  });

  it('refuses, at compile time, an unknown method, a format without an answer, and a wrong or missing field', () => {
    const refused: HandlerTable[] = [
      // @ts-expect-error `stopp` is no method of the contract.
      { stopp: { legacy: async () => ({ result: 'success' }) } },
      // @ts-expect-error The contract gives `version` no mmrpc answer (KDF answers NoSuchMethod).
      { version: { mmrpc: async () => ({ result: '1', datetime: '' }) } },
      // @ts-expect-error `public_key` is a string.
      { get_public_key: { mmrpc: async () => ({ public_key: 1 }) } },
      // @ts-expect-error `version` answers `datetime` too.
      { version: { legacy: async () => ({ result: '1' }) } },
      // @ts-expect-error `stop` answers the literal "success".
      { stop: { legacy: async () => ({ result: 'done' }) } },
    ];
    expect(refused).toHaveLength(5);
  });
});
