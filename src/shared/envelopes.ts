/** The spec's JSON envelopes (spec §7.1, §9; kdf-facts §1.0). */

export const MMRPC_VERSION = '2.0';

export interface MmRpcRequest {
  mmrpc: string;
  userpass?: string;
  method: string;
  params?: Record<string, unknown>;
  id?: number | null;
}

export interface MmRpcSuccess<T = unknown> {
  mmrpc: '2.0';
  result: T;
  id: number | null;
}

export interface MmRpcErrorBody {
  mmrpc: '2.0';
  error: string;
  error_path: string;
  error_trace: string;
  error_type: string;
  error_data?: unknown;
  id: number | null;
}

/** Flat (legacy) failure body. */
export interface LegacyErrorBody {
  error: string;
}

export function isMmRpcErrorBody(b: unknown): b is MmRpcErrorBody {
  return typeof b === 'object' && b !== null && 'mmrpc' in b && 'error_type' in b;
}

export function isLegacyErrorBody(b: unknown): b is LegacyErrorBody {
  return typeof b === 'object' && b !== null && typeof (b as { error?: unknown }).error === 'string' && !('mmrpc' in b);
}
