/**
 * Coin RPC failures (an RpcError from the client) in plain words, told apart by their error types
 * and reasons (from the worker channel), never by the node's text, which is only shown.
 */
import type { ErrorReason, ErrorType } from '../../shared/contract/errors';
import { isLoopbackHost } from './coinsConfig';

export interface CoinFailure {
  errorType: ErrorType | undefined;
  message: string;
  errorData: unknown;
  reason?: ErrorReason | undefined;
}

/** An RpcError (or anything thrown) as a failure to describe. */
export function toCoinFailure(e: unknown): CoinFailure {
  const typed = e as { errorType?: ErrorType; message?: unknown; errorData?: unknown; reason?: ErrorReason } | null | undefined;
  const errorType = typeof typed?.errorType === 'string' ? typed.errorType : undefined;
  const message = typeof typed?.message === 'string' && typed.message !== '' ? typed.message : String(e);
  return { errorType, message, errorData: typed?.errorData, reason: typed?.reason };
}

function field(data: unknown, key: string): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const v = (data as Record<string, unknown>)[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

/** The node's text without its location trace (`file:line] `) prefixes. */
export function stripTrace(message: string): string {
  return message.replace(/^(?:[\w.-]+:\d+\]\s*)+/, '').trim();
}

function detail(f: CoinFailure): string {
  const d = typeof f.errorData === 'string' && f.errorData !== '' ? f.errorData : stripTrace(f.message);
  return d.replace(/\.$/, '');
}

/** Withdraw (spec §7.2) and broadcast errors. */
export function describeSendFailure(f: CoinFailure, coin: string): string {
  switch (f.errorType) {
    case 'NotSufficientBalance': {
      const c = field(f.errorData, 'coin') ?? coin;
      const available = field(f.errorData, 'available');
      const required = field(f.errorData, 'required');
      if (available !== undefined && required !== undefined) {
        return `Not enough ${c}: ${available} ${c} is available, but this transaction needs at least ${required} ${c} (amount plus fee).`;
      }
      return `Not enough ${c} for this amount and its fee.`;
    }
    case 'ZeroBalanceToWithdrawMax':
      return `There is nothing to send: the spendable ${coin} balance is zero.`;
    case 'AmountTooLow': {
      const amount = field(f.errorData, 'amount');
      const threshold = field(f.errorData, 'threshold');
      return amount !== undefined && threshold !== undefined
        ? `The amount ${amount} ${coin} is too small to send: the smallest amount is ${threshold} ${coin}.`
        : 'The amount is too small to send.';
    }
    case 'AmountIsTooSmall':
      return 'The amount is too small to send.';
    case 'TransactionTooLarge': {
      const inputs = field(f.errorData, 'inputs');
      const maxInputs = field(f.errorData, 'max_inputs');
      return inputs !== undefined && maxInputs !== undefined
        ? `This payment would need ${inputs} inputs; a standard transaction fits ${maxInputs}. Send less, or use Max.`
        : 'This payment would need more inputs than a standard transaction fits. Send less, or use Max.';
    }
    case 'InvalidAddress':
      return `This is not a valid ${coin} address: ${detail(f)}.`;
    case 'TxTypeNotSupported':
      return `${coin} cannot send EIP-1559 (max fee and tip) transactions here: choose a gas price instead.`;
    case 'InvalidFeePolicy':
      return `The fee setting cannot be used: ${detail(f)}.`;
    case 'Transport':
      return `The ${coin} servers could not be reached or refused the request: ${detail(f)}. Check the connection and try again.`;
    case 'InvalidRequest':
      return `The request was refused: ${detail(f)}.`;
    case 'NoSuchCoin':
      return `${coin} is not active any more. Activate it again to send.`;
    default:
      return stripTrace(f.message);
  }
}

/** The send form's field a withdraw error is about, to mark and focus it; null when it is about none. */
export function sendErrorField(errorType: string): 'to' | 'amount' | 'fee' | null {
  switch (errorType) {
    case 'InvalidAddress':
      return 'to';
    case 'NotSufficientBalance':
    case 'ZeroBalanceToWithdrawMax':
    case 'AmountTooLow':
    case 'AmountIsTooSmall':
    case 'TransactionTooLarge':
      return 'amount';
    case 'InvalidFeePolicy':
    case 'TxTypeNotSupported':
      return 'fee';
    default:
      return null;
  }
}

/** The platform a token activation asked for, when the node refused because it is not active. */
export function missingPlatform(f: CoinFailure): string | null {
  return f.errorType === 'PlatformCoinIsNotActivated' && typeof f.errorData === 'string' ? f.errorData : null;
}

/** Why a server could not be used, as the node types it (`error_data.servers[].reason`). */
export type ServerFailureReason = 'unreachable' | 'timeout' | 'not_electrum' | 'closed';

/** One server that failed, in words. */
export interface ServerProblem {
  url: string;
  protocol: 'WS' | 'WSS';
  reason: ServerFailureReason;
  /** What happened, in words. */
  text: string;
  /** The connection's own text, for the curious (shown small). */
  detail: string;
}

/** Why an EVM RPC node could not be used, as the node types it (`error_data.nodes[].reason`). */
export type NodeFailureReason = 'unreachable' | 'timeout' | 'http_status' | 'not_evm_node' | 'wrong_chain';

/** One EVM RPC node that failed, in words. */
export interface NodeProblem {
  url: string;
  reason: NodeFailureReason;
  /** What happened, in words. */
  text: string;
  /** The node's or the transport's own text (an HTTP status, the chain ids), shown small. */
  detail: string;
}

/** An activation failure, ready to show: a sentence, the servers or nodes that failed, and what to try. */
export interface ActivationProblem {
  message: string;
  servers: ServerProblem[];
  nodes: NodeProblem[];
  /** What to change (WS for WSS on a local server, WSS for WS on a public one), if anything. */
  hint: ProtocolHint | null;
}

/** A protocol that looks wrong for its hosts: the advice, and the switch the page can offer. */
export interface ProtocolHint {
  text: string;
  protocol: 'WS' | 'WSS';
  urls: string[];
}

const REASONS = new Set<ServerFailureReason>(['unreachable', 'timeout', 'not_electrum', 'closed']);

const REASON_TEXT: Record<ServerFailureReason, string> = {
  unreachable: 'could not be reached: the connection was refused, the host is unknown, or the secure (TLS) handshake failed',
  timeout: 'did not answer in time',
  not_electrum: 'answered, but not as an Electrum server this wallet can use',
  closed: 'closed the connection',
};

/** The servers of a `CoinCreationError`'s `error_data.servers`; malformed entries are left out. */
export function serverProblems(errorData: unknown): ServerProblem[] {
  const list = typeof errorData === 'object' && errorData !== null ? (errorData as { servers?: unknown }).servers : undefined;
  if (!Array.isArray(list)) return [];
  const out: ServerProblem[] = [];
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { url, protocol, reason, error } = item as Record<string, unknown>;
    if (typeof url !== 'string' || (protocol !== 'WS' && protocol !== 'WSS')) continue;
    if (typeof reason !== 'string' || !REASONS.has(reason as ServerFailureReason)) continue;
    const r = reason as ServerFailureReason;
    out.push({ url, protocol, reason: r, text: REASON_TEXT[r], detail: typeof error === 'string' ? error : '' });
  }
  return out;
}

const NODE_REASON_TEXT: Record<NodeFailureReason, string> = {
  unreachable: 'could not be reached: the connection was refused, the host is unknown, the secure (TLS) handshake failed, or the node does not let this page call it (CORS)',
  timeout: 'did not answer in time',
  http_status: 'answered with an HTTP error',
  not_evm_node: 'answered, but not as an Ethereum JSON-RPC node',
  wrong_chain: 'is a node of another chain than this coin’s',
};

/** Longest node text kept from `error_data`; a node's own words are shown, never trusted to be short. */
const MAX_DETAIL = 200;

/** The nodes of a `PlatformCoinCreationError`'s `error_data.nodes`; malformed entries are left out. */
export function nodeProblems(errorData: unknown): NodeProblem[] {
  const list = typeof errorData === 'object' && errorData !== null ? (errorData as { nodes?: unknown }).nodes : undefined;
  if (!Array.isArray(list)) return [];
  const out: NodeProblem[] = [];
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { url, reason, error } = item as Record<string, unknown>;
    if (typeof url !== 'string' || url === '' || typeof reason !== 'string' || !Object.hasOwn(NODE_REASON_TEXT, reason)) continue;
    const r = reason as NodeFailureReason;
    const detail = typeof error === 'string' ? error.slice(0, MAX_DETAIL) : '';
    out.push({ url: url.slice(0, MAX_DETAIL), reason: r, text: NODE_REASON_TEXT[r], detail });
  }
  return out;
}

/** What to change when the protocol looks wrong for the host: WS for a local server tried over WSS, and the reverse. */
export function protocolHint(servers: readonly ServerProblem[]): ProtocolHint | null {
  const unanswered = servers.filter((s) => s.reason === 'unreachable' || s.reason === 'timeout');
  const localWss = unanswered.filter((s) => s.protocol === 'WSS' && isLoopbackHost(s.url)).map((s) => s.url);
  if (localWss.length > 0) {
    const them = localWss.length === 1 ? 'it' : 'them';
    return {
      text: `${localWss.join(', ')} ${localWss.length === 1 ? 'was' : 'were'} tried over WSS (secure WebSocket). Servers on this computer, like the devnet's, usually speak plain WS: choose WS for ${them} and try again.`,
      protocol: 'WS',
      urls: localWss,
    };
  }
  const publicWs = unanswered.filter((s) => s.protocol === 'WS' && !isLoopbackHost(s.url)).map((s) => s.url);
  if (publicWs.length > 0) {
    return {
      text: `${publicWs.join(', ')} ${publicWs.length === 1 ? 'was' : 'were'} tried over plain WS. Public Electrum servers usually speak WSS (secure WebSocket): choose WSS and try again.`,
      protocol: 'WSS',
      urls: publicWs,
    };
  }
  return null;
}

/**
 * `task::enable_utxo`, `task::enable_eth` and `enable` failures in words, from their types and data only. `online` is
 * the browser's own view (`navigator.onLine`): when it is off, that is said first.
 */
export function explainActivationFailure(f: CoinFailure, coin: string, online = true): ActivationProblem {
  const offline = online ? '' : 'Your browser is offline: check the network connection. ';
  const plain = (message: string): ActivationProblem => ({ message: `${offline}${message}`, servers: [], nodes: [], hint: null });
  switch (f.errorType) {
    case 'CoinIsAlreadyActivated':
    case 'PlatformIsAlreadyActivated':
      return plain(`${coin} is already active.`);
    case 'PlatformCoinCreationError': {
      const nodes = nodeProblems(f.errorData);
      if (nodes.length > 0) {
        const what = nodes.length === 1 ? 'Its RPC node could not be used' : `None of its ${nodes.length} RPC nodes could be used`;
        return { message: `${offline}${coin} could not be activated. ${what}:`, servers: [], nodes, hint: null };
      }
      return plain(`${coin} could not be activated: ${detail({ ...f, errorData: field(f.errorData, 'error') })}.`);
    }
    case 'Transport':
      return plain(`${coin} could not be activated: its RPC nodes could not be reached (${detail(f)}).`);
    case 'CoinCreationError': {
      const servers = serverProblems(f.errorData);
      if (servers.length > 0) {
        const what = servers.length === 1 ? 'Its server could not be used' : `None of its ${servers.length} servers could be used`;
        return { message: `${offline}${coin} could not be activated. ${what}:`, servers, nodes: [], hint: protocolHint(servers) };
      }
      return plain(`${coin} could not be activated: ${detail({ ...f, errorData: field(f.errorData, 'error') })}.`);
    }
    case 'HwError':
      switch (f.errorData) {
        case 'NoTrezorDeviceAvailable':
          return plain(`Connect your Trezor first (Hardware wallet, below), then activate ${coin} on it.`);
        case 'EnterTrezorPin':
        case 'EnterTrezorPassphrase':
          return plain(`Your Trezor locked itself and asks for its PIN. Connect it again (Hardware wallet, below), then activate ${coin} on it.`);
        default:
          return plain(`${coin} could not be put on the Trezor: ${stripTrace(f.message).replace(/\.$/, '')}.`);
      }
    case 'PlatformCoinIsNotActivated': {
      const platform = missingPlatform(f);
      if (platform !== null) return plain(`${coin} is a token on ${platform}: activate ${platform} first, then ${coin}.`);
      break;
    }
  }
  return plain(legacyActivationText(f, coin));
}

/** One line, for lists (the re-activation banner). */
export function describeActivationFailure(f: CoinFailure, coin: string, online = true): string {
  const p = explainActivationFailure(f, coin, online);
  const servers = [...p.servers.map((s) => `${s.url} (${s.protocol}) ${s.text}`), ...p.nodes.map((n) => `${n.url} ${n.text}${n.detail !== '' ? ` (${n.detail})` : ''}`)].join('; ');
  return [p.message, servers !== '' ? `${servers}.` : '', p.hint?.text ?? ''].filter((t) => t !== '').join(' ');
}

/**
 * The flat `enable` / `electrum` answer only a text (KDF's flat error format has no type): the
 * worker channel's reason tells the cases apart; anything else is shown as the node wrote it.
 */
function legacyActivationText(f: CoinFailure, coin: string): string {
  const text = stripTrace(f.message);
  if (f.reason === 'CoinAlreadyActive') return `${coin} is already active.`;
  const platform = missingPlatform(f);
  if (platform !== null) return `${coin} is a token on ${platform}: activate ${platform} first, then ${coin}.`;
  return `${coin} could not be activated: ${text}`;
}
