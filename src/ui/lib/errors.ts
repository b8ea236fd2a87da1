/** Turns a failed `start` (an RpcError from the client) into words for the user. */

export interface StartFailure {
  errorType: string | undefined;
  message: string;
  errorData: unknown;
}

export const WALLET_IN_USE_MESSAGE =
  'This wallet is open in another tab. Close it there or lock it to use it here.';

export function toStartFailure(e: unknown): StartFailure {
  const typed = e as { errorType?: unknown; message?: unknown; errorData?: unknown };
  const errorType = typeof typed?.errorType === 'string' ? typed.errorType : undefined;
  const message = typeof typed?.message === 'string' && typed.message !== '' ? typed.message : String(e);
  return { errorType, message, errorData: typed?.errorData };
}

export function describeStartFailure(f: StartFailure, mode: 'unlock' | 'create' | 'import'): string {
  switch (f.errorType) {
    case 'WalletInUse':
      return WALLET_IN_USE_MESSAGE;
    case 'MnemonicError':
      return mode === 'unlock' ? 'Wrong password. Check it and try again.' : `The wallet secret could not be used: ${f.message}`;
    case 'PasswordPolicyViolation':
      // The node names the rule broken in error_data; its message also names the conf field.
      return `The node refused this password: ${typeof f.errorData === 'string' ? f.errorData : f.message}.`;
    case 'PassphraseMismatch':
      return 'A wallet with this name already exists with a different secret. Choose another name.';
    case 'InvalidPassphrase':
      return `The secret is not valid: ${f.message}`;
    case 'AlreadyRunning':
      return 'The node is already running in this tab. Lock the open wallet first.';
    case 'P2PError':
      return `The node could not join the peer-to-peer network: ${f.message.replace(/\.$/, '')}. Check the seed nodes under “Advanced: network”, or empty them to use the wallet without trading.`;
    case 'ErrorDeserializingConfig':
      return `The node rejected the start configuration: ${f.message}`;
    default:
      return f.message;
  }
}
