/** The params of the node's lifecycle methods. */
import type { NoParams } from './common';

export interface LifecycleParams {
  /** mm2_main/src/rpc/lp_commands/legacy.rs `version`: reads nothing. */
  version: { legacy: NoParams };
  /** mm2_main/src/rpc/lp_commands/legacy.rs `stop`: reads nothing. */
  stop: { legacy: NoParams };
  /** Ours, not KDF's (src/node/lifecycle/rpc.ts): reads nothing. */
  get_storage_status: { mmrpc: NoParams };
}
