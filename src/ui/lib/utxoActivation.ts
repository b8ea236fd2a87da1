/**
 * A UTXO coin's activation through `task::enable_utxo` (as Komodo Wallet does it) rather than the
 * flat `electrum`: a task's failure is typed (`error_type`, `error_data` with the servers that
 * failed and why), where a flat error is a bare text the page must not parse. QTUM and its QRC20
 * tokens, which that task does not take (KDF has its own for QTUM), go through the flat `electrum`.
 */
import type { RpcClient } from '../../client/RpcClient';
import type { MmRpcResult } from '../../shared/contract';
import type { LegacyParams, MmRpcParams } from '../../shared/contract/params';
import type { ElectrumServer } from './coinsConfig';
import { followTask } from './tasks';
import type { TaskErrorDetails } from './trezor';

export const ENABLE_UTXO = 'task::enable_utxo';

/** The swap contracts a QRC20 token is activated with (`swap_contract_address` is required for one). */
export interface QtumActivation {
  swapContract: string | null;
  fallbackSwapContract: string | null;
}

export interface UtxoActivationRequest {
  ticker: string;
  servers: ElectrumServer[];
  txHistory: boolean;
  requiredConfirmations?: number;
  trezor?: boolean;
  /** Set for QTUM and its QRC20 tokens: activated with the flat `electrum`. */
  qtum?: QtumActivation;
}

/** What the page keeps of a successful activation. */
export interface UtxoActivated {
  ticker: string;
  address: string;
  balance: string;
  unspendable: string;
}

/** `task::enable_utxo`'s final answer (KDF's `UtxoStandardActivationResult`). */
type EnableUtxoResult = Extract<MmRpcResult<'task::enable_utxo::status'>, { status: 'Ok' }>['details'];

/** KDF's `EnableCoinBalanceMap`: one address (`Iguana`) or accounts of addresses (`HD`). */
export type BalanceReport = EnableUtxoResult['wallet_balance'];

/** The report's address (an HD wallet's first) and its balance of `ticker`; null when it has none. */
export function firstAddressOf(report: BalanceReport, ticker: string): { address: string; balance: string; unspendable: string } | null {
  const one = report.wallet_type === 'Iguana' ? report : report.accounts[0]?.addresses[0];
  if (one === undefined) return null;
  const b = one.balance[ticker];
  return { address: one.address, balance: b?.spendable ?? '0', unspendable: b?.unspendable ?? '0' };
}

/** A failed task, shaped as the client's RpcError so `toCoinFailure` reads it the same way. */
export class TaskFailure extends Error {
  readonly errorType: string | undefined;
  readonly errorData: unknown;

  constructor(details: TaskErrorDetails) {
    super(details.error ?? 'the activation failed');
    this.name = 'TaskFailure';
    this.errorType = details.error_type;
    this.errorData = details.error_data;
  }
}

/** The `task::enable_utxo::init` params of a request. */
export function enableUtxoParams(req: UtxoActivationRequest): MmRpcParams<'task::enable_utxo::init'> {
  return {
    ticker: req.ticker,
    activation_params: {
      mode: { rpc: 'Electrum', rpc_data: { servers: req.servers.map((s) => ({ url: s.url, protocol: s.protocol })) } },
      tx_history: req.txHistory,
      ...(req.requiredConfirmations !== undefined ? { required_confirmations: req.requiredConfirmations } : {}),
      ...(req.trezor === true ? { priv_key_policy: 'Trezor' as const } : {}),
    },
  };
}

/** The activated address and its balance, from either form of the report. */
export function readActivation(r: EnableUtxoResult, ticker: string): UtxoActivated {
  const one = firstAddressOf(r.wallet_balance, ticker);
  if (one === null) throw new TaskFailure({ error: `${ticker} was activated without an address`, error_type: 'Internal' });
  return { ticker: r.ticker, ...one };
}

/**
 * Runs the activation to its end. A Trezor asking for its PIN or passphrase meanwhile (it locked
 * itself since it was connected) ends the attempt: the task is cancelled and the failure is KDF's
 * "unexpected user interaction" one, which the page explains.
 */
export async function activateUtxo(client: RpcClient, req: UtxoActivationRequest): Promise<UtxoActivated> {
  const { task_id } = await client.call(`${ENABLE_UTXO}::init`, enableUtxoParams(req));
  let prompt: string | null = null;
  const final = await followTask(
    client,
    ENABLE_UTXO,
    task_id,
    (status, details) => {
      if (status === 'UserActionRequired') prompt = details;
    },
    () => prompt !== null,
  );
  if (final === null) {
    await client.call(`${ENABLE_UTXO}::cancel`, { task_id }).catch(() => undefined);
    throw new TaskFailure({ error: `Unexpected user interaction request: ${prompt ?? ''}`, error_type: 'HwError', error_data: prompt });
  }
  if (final.status === 'Error') throw new TaskFailure(final.details);
  return readActivation(final.details, req.ticker);
}

/** The flat `electrum` arguments of a QTUM or QRC20 activation (spec §4.3). */
export function electrumArgs(req: UtxoActivationRequest): LegacyParams<'electrum'> {
  return {
    coin: req.ticker,
    servers: req.servers.map((s) => ({ url: s.url, protocol: s.protocol })),
    tx_history: req.txHistory,
    ...(req.requiredConfirmations !== undefined ? { required_confirmations: req.requiredConfirmations } : {}),
    ...(req.qtum?.swapContract ? { swap_contract_address: req.qtum.swapContract } : {}),
    ...(req.qtum?.fallbackSwapContract ? { fallback_swap_contract: req.qtum.fallbackSwapContract } : {}),
  };
}

/** QTUM or a QRC20 token through the flat `electrum`; rejects with the node's error. */
export async function activateQtum(client: RpcClient, req: UtxoActivationRequest): Promise<UtxoActivated> {
  const r = await client.legacy('electrum', electrumArgs(req));
  return { ticker: r.coin, address: r.address, balance: r.balance, unspendable: r.unspendable_balance };
}
