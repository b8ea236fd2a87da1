/** The `electrum` request's arguments (spec §4.3, kdf-facts §1.1), read and checked. */
import { items, ParamError, type ParamReader } from '../../../shared/params';
import type { Platform } from '../../core/context';
import { TCP_IN_BROWSER, type ElectrumProtocol, type ElectrumServer } from './electrum';

export interface UtxoMergeParams {
  mergeAt: number;
  /** Seconds. */
  checkEvery: number;
  maxMergeAtOnce: number;
}

export interface ElectrumActivationParams {
  servers: ElectrumServer[];
  minConnected: number | undefined;
  maxConnected: number | undefined;
  mm2: number | undefined;
  txHistory: boolean;
  requiredConfirmations: number | undefined;
  requiresNotarization: boolean | undefined;
  utxoMergeParams: UtxoMergeParams | undefined;
  checkUtxoMaturity: boolean;
  /** KDF's `priv_key_policy`: the node's key, or the connected Trezor. */
  privKeyPolicy: 'ContextPrivKey' | 'Trezor';
}

/** KDF's defaults for `utxo_merge_params` (utxo_arc_builder.rs). */
export const MERGE_DEFAULTS = { checkEvery: 10, maxMergeAtOnce: 100 };

/**
 * Where the node runs, for its Electrum servers: a page opens WebSockets only (KDF's wasm build:
 * default WSS, TCP and SSL refused, certificates always checked); the host opens TCP and SSL too
 * (KDF's native build: default TCP).
 */
export type ElectrumRuntime = 'page' | 'host';

/** The host is the runtime that can open TCP sockets. */
export function electrumRuntime(platform: Pick<Platform, 'tcpSocket'>): ElectrumRuntime {
  return platform.tcpSocket ? 'host' : 'page';
}

/** KDF's default `protocol` (`ElectrumProtocol`'s `#[default]` per build target). */
export const DEFAULT_PROTOCOL: Record<ElectrumRuntime, ElectrumProtocol> = { page: 'WSS', host: 'TCP' };

export function readElectrumParams(args: ParamReader, runtime: ElectrumRuntime = 'page'): ElectrumActivationParams {
  return { ...readElectrumConnection(args, runtime), ...readUtxoOptions(args) };
}

export type ElectrumConnectionParams = Pick<ElectrumActivationParams, 'servers' | 'minConnected' | 'maxConnected'>;

/** `servers`, `min_connected`, `max_connected`: flat in `electrum`, under `mode.rpc_data` in `task::enable_utxo`. */
export function readElectrumConnection(args: ParamReader, runtime: ElectrumRuntime = 'page'): ElectrumConnectionParams {
  const servers = args.arr('servers', (v, path) => readServer(items.obj(v, path), runtime));
  if (servers.length === 0) throw new ParamError(args.field('servers'), '`servers` must list at least one server');
  const minConnected = args.optUint('min_connected');
  const maxConnected = args.optUint('max_connected');
  if (minConnected !== undefined && (minConnected < 1 || minConnected > servers.length)) {
    throw new ParamError(args.field('min_connected'), `\`min_connected\` must be between 1 and the number of servers (${servers.length})`);
  }
  if (maxConnected !== undefined && maxConnected < (minConnected ?? 1)) {
    throw new ParamError(args.field('max_connected'), '`max_connected` must not be below `min_connected`');
  }
  return { servers, minConnected, maxConnected };
}

/** The options beside the servers, named alike in `electrum` and in `task::enable_utxo`'s `activation_params`. */
export function readUtxoOptions(args: ParamReader): Omit<ElectrumActivationParams, keyof ElectrumConnectionParams> {
  const mm2 = args.optUint('mm2');
  if (mm2 !== undefined && mm2 > 1) throw new ParamError(args.field('mm2'), '`mm2` must be 0 or 1');
  const merge = args.optObj('utxo_merge_params');
  let utxoMergeParams: UtxoMergeParams | undefined;
  if (merge) {
    utxoMergeParams = {
      mergeAt: merge.uint('merge_at'),
      checkEvery: merge.optUint('check_every') ?? MERGE_DEFAULTS.checkEvery,
      maxMergeAtOnce: merge.optUint('max_merge_at_once') ?? MERGE_DEFAULTS.maxMergeAtOnce,
    };
    if (utxoMergeParams.mergeAt < 2) throw new ParamError(args.field('utxo_merge_params.merge_at'), '`utxo_merge_params.merge_at` must be at least 2');
    if (utxoMergeParams.maxMergeAtOnce < 2) {
      throw new ParamError(args.field('utxo_merge_params.max_merge_at_once'), '`utxo_merge_params.max_merge_at_once` must be at least 2');
    }
    if (utxoMergeParams.checkEvery < 1) throw new ParamError(args.field('utxo_merge_params.check_every'), '`utxo_merge_params.check_every` must be at least 1');
  }
  return {
    mm2,
    txHistory: args.optBool('tx_history', false),
    requiredConfirmations: args.optUint('required_confirmations'),
    requiresNotarization: args.has('requires_notarization') ? args.bool('requires_notarization') : undefined,
    utxoMergeParams,
    checkUtxoMaturity: args.optBool('check_utxo_maturity', false),
    privKeyPolicy: readPrivKeyPolicy(args),
  };
}

/** A string (`"Trezor"`) or KDF v2's tagged form (`{"type": "Trezor"}`). */
function readPrivKeyPolicy(args: ParamReader): 'ContextPrivKey' | 'Trezor' {
  const values = ['ContextPrivKey', 'Trezor'] as const;
  if (!args.has('priv_key_policy')) return 'ContextPrivKey';
  return typeof args.raw('priv_key_policy') === 'string'
    ? args.oneOf('priv_key_policy', values)
    : args.obj_('priv_key_policy').oneOf('type', values);
}

function readServer(s: ParamReader, runtime: ElectrumRuntime): ElectrumServer {
  const url = s.str('url');
  const protocol = s.has('protocol') ? s.oneOf('protocol', ['WS', 'WSS', 'TCP', 'SSL'] as const) : DEFAULT_PROTOCOL[runtime];
  if (runtime === 'page' && (protocol === 'TCP' || protocol === 'SSL')) throw new ParamError(s.field('protocol'), TCP_IN_BROWSER);
  const disableCertVerification = s.optBool('disable_cert_verification', false);
  if (runtime === 'page' && disableCertVerification && protocol === 'WSS') {
    throw new ParamError(
      s.field('disable_cert_verification'),
      'disable_cert_verification cannot be honoured in a browser, which always checks a WSS server\'s certificate: use the headless host (npm run node) for such a server',
    );
  }
  const server: ElectrumServer = { url, protocol, disableCertVerification };
  const timeoutSec = s.optUint('timeout_sec');
  if (timeoutSec !== undefined) server.timeoutSec = timeoutSec;
  return server;
}
