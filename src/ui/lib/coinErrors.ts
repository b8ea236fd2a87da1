/** Coin RPC failures (an RpcError from the client) in plain words. */

export interface CoinFailure {
  errorType: string | undefined;
  message: string;
  errorData: unknown;
}

export function toCoinFailure(e: unknown): CoinFailure {
  const typed = e as { errorType?: unknown; message?: unknown; errorData?: unknown };
  const errorType = typeof typed?.errorType === 'string' ? typed.errorType : undefined;
  const message = typeof typed?.message === 'string' && typed.message !== '' ? typed.message : String(e);
  return { errorType, message, errorData: typed?.errorData };
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
    case 'InvalidFeePolicy':
      return `The fee setting cannot be used: ${detail(f)}.`;
    case 'Transport':
      return `The ${coin} servers could not be reached or refused the request: ${detail(f)}. Check the connection and try again.`;
    case 'InvalidRequest':
    case 'InvalidParams':
      return `The request was refused: ${detail(f)}.`;
    case 'NoSuchCoin':
      return `${coin} is not active any more. Activate it again to send.`;
    default:
      return stripTrace(f.message);
  }
}

/** The platform a token activation asked for, when the node refused because it is not active. */
export function missingPlatform(f: CoinFailure): string | null {
  if (f.errorType === 'PlatformCoinIsNotActivated' && typeof f.errorData === 'string') return f.errorData;
  const m = /Platform coin (\S+) is not activated/i.exec(f.message);
  return m?.[1] ?? null;
}

/** `electrum` and `enable` activation errors (flat format: a message only). */
export function describeActivationFailure(f: CoinFailure, coin: string): string {
  const text = stripTrace(f.message);
  if (/already initialized/i.test(text)) return `${coin} is already active.`;
  if (/No Trezor is connected/i.test(text)) return `Connect your Trezor first (Hardware wallet, below), then activate ${coin} on it.`;
  if (/cannot be used with a Trezor/i.test(text)) return `${coin} cannot be used with a Trezor.`;
  if (/Unexpected user interaction request/i.test(text)) {
    return `Your Trezor locked itself and asks for its PIN. Connect it again (Hardware wallet, below), then activate ${coin} on it.`;
  }
  const platform = missingPlatform(f);
  if (platform !== null) return `${coin} is a token on ${platform}: activate ${platform} first, then ${coin}.`;
  return `${coin} could not be activated: ${text}`;
}
