import { describe, expect, it } from 'vitest';
import { METHOD_TABLE } from '../../../../src/shared/methods';
import type { DispatchTable } from '../../../../src/node/core/handler';
import { lifecycleHandlers } from '../../../../src/node/lifecycle/rpc';
import { domainHandlers } from '../../../../src/node/rpc/domainHandlers';
import { allHandlers } from '../../../../src/node/rpc/handlers';

/** Each method's formats, sorted: what the dispatcher sees before it calls anything. */
function formatsOf(table: DispatchTable): Record<string, string[]> {
  return Object.fromEntries(Object.entries(table).map(([name, h]) => [name, Object.keys(h).filter((f) => h[f as keyof typeof h]).sort()]));
}

describe('the handler table', () => {
  it('answers every method of the method table in exactly its formats', () => {
    expect(formatsOf(allHandlers)).toEqual(Object.fromEntries(METHOD_TABLE.map((s) => [s.name, [...s.formats].sort()])));
  });

  it('defers exactly the methods the domains answer, in the formats they answer them', () => {
    const deferred = Object.fromEntries(Object.entries(allHandlers).filter(([name]) => !(name in lifecycleHandlers)));
    expect(formatsOf(deferred)).toEqual(formatsOf(domainHandlers));
    for (const name of Object.keys(lifecycleHandlers)) expect(domainHandlers).not.toHaveProperty(name);
  });
});
