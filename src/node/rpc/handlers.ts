/**
 * Every domain's handlers, wired into one table; the method table in shared decides who may call
 * them. Only the lifecycle's (`version`, `stop`) come with the worker's first chunk: every other
 * method is a deferred entry, in the formats the method table gives it, that imports the domains'
 * table on the first call of any of them. So a node starts and answers `version` without loading
 * coins, hardware wallets, orders or swaps.
 */
import type { MethodName } from '../../shared/contract';
import { METHOD_TABLE, type RpcFormat } from '../../shared/methods';
import { handlerOf, type AnyHandler, type AnyMethodHandlers, type DeferredHandler, type DispatchTable, type HandlerTable } from '../core/handler';
import { lifecycleHandlers } from '../lifecycle/rpc';

/** The domains' table once imported, and the import under way (none after one failed: it is tried again). */
let domains: HandlerTable | undefined;
let importing: Promise<HandlerTable> | null = null;

function importDomains(): Promise<HandlerTable> {
  importing ??= import('./domainHandlers').then(
    (m) => (domains = m.domainHandlers),
    (e: unknown) => {
      importing = null;
      throw e;
    },
  );
  return importing;
}

/** One format of one method, answered by the domains' table. */
class DeferredDomainHandler implements DeferredHandler {
  constructor(
    private readonly method: MethodName,
    private readonly format: RpcFormat,
  ) {}

  get loaded(): AnyHandler | undefined {
    const handler = domains && handlerOf(domains, this.method, this.format);
    return typeof handler === 'function' ? handler : undefined;
  }

  async load(): Promise<AnyHandler> {
    await importDomains();
    const handler = this.loaded;
    // A unit test keeps the domains' table and the method table in step.
    if (!handler) throw new Error(`${this.method} has no ${this.format} handler`);
    return handler;
  }
}

function deferredEntry(method: MethodName, formats: readonly RpcFormat[]): AnyMethodHandlers {
  return Object.fromEntries(formats.map((f) => [f, new DeferredDomainHandler(method, f)]));
}

/** Typed as the dispatcher sees it: the deferred entries answer what `domainHandlers` (a `HandlerTable`) answers. */
export const allHandlers: DispatchTable = {
  ...Object.fromEntries(METHOD_TABLE.filter((s) => !(s.name in lifecycleHandlers)).map((s) => [s.name, deferredEntry(s.name, s.formats)])),
  ...lifecycleHandlers,
};
