/**
 * The watcher's states (KDF's `swap_watcher.rs` state machine), as stored. KDF's
 * `WaitForTakerPaymentSpend` also waits, once the secret is out, for the taker to spend the maker
 * payment itself; here that wait is its own state, so a restart remembers the secret.
 * `ValidatePublicKeys`, which KDF declares but never enters, is the admission (admission.ts).
 */
import { ParamError, ParamReader } from '../../../shared/params';

/** KDF's `WatcherSuccess`. */
export const WATCHER_SUCCESS = ['MakerPaymentSpent', 'TakerPaymentRefunded', 'MakerPaymentSpentByTaker', 'TakerPaymentRefundedByTaker'] as const;
export type WatcherSuccess = (typeof WATCHER_SUCCESS)[number];

/** KDF's `WatcherError`, and ours: `InvalidMakerPayment` (KDF does not check it) and `MakerPaymentRefunded`. */
export const WATCHER_ERRORS = [
  'InvalidTakerFee',
  'TakerPaymentNotConfirmed',
  'InvalidTakerPayment',
  'InvalidMakerPayment',
  'UnableToExtractSecret',
  'MakerPaymentSpendFailed',
  'MakerPaymentRefunded',
  'TakerPaymentRefundFailed',
] as const;
export type WatcherErrorKind = (typeof WATCHER_ERRORS)[number];

export type WatcherState =
  | { type: 'ValidateTakerFee' }
  | { type: 'ValidateTakerPayment' }
  | { type: 'WaitForTakerPaymentSpend' }
  /** The maker spent the taker payment: `secret` (hex) is out; the taker may still spend the maker payment itself. */
  | { type: 'WaitForTakerToSpendMakerPayment'; secret: string }
  | { type: 'SpendMakerPayment'; secret: string }
  | { type: 'RefundTakerPayment' }
  | { type: 'Stopped'; finished?: WatcherSuccess; error?: { kind: WatcherErrorKind; message: string }; tx_hash?: string };

export type StateType = WatcherState['type'];

/** Which states each may move to (KDF's `TransitionFrom` impls); a move outside it is a bug, refused. */
export const TRANSITIONS: Readonly<Record<StateType, readonly StateType[]>> = {
  ValidateTakerFee: ['ValidateTakerPayment', 'Stopped'],
  ValidateTakerPayment: ['WaitForTakerPaymentSpend', 'Stopped'],
  WaitForTakerPaymentSpend: ['WaitForTakerToSpendMakerPayment', 'SpendMakerPayment', 'RefundTakerPayment', 'Stopped'],
  WaitForTakerToSpendMakerPayment: ['SpendMakerPayment', 'Stopped'],
  SpendMakerPayment: ['Stopped'],
  // A refund that finds the maker spent the taker payment after all takes the spend path.
  RefundTakerPayment: ['SpendMakerPayment', 'WaitForTakerToSpendMakerPayment', 'Stopped'],
  Stopped: [],
};

const SECRET_HEX = /^[0-9a-f]{64}$/;
const TXID_HEX = /^[0-9a-f]{64}$/;

/** Reads a stored state back, refusing anything this node would not have written. */
export function parseState(raw: unknown): WatcherState {
  const r = new ParamReader(raw, 'state');
  const type = r.oneOf('type', Object.keys(TRANSITIONS) as StateType[]);
  const secret = (): string => {
    const s = r.str('secret');
    if (!SECRET_HEX.test(s)) throw new ParamError(r.field('secret'), 'not a 32-byte hex secret');
    return s;
  };
  switch (type) {
    case 'WaitForTakerToSpendMakerPayment':
    case 'SpendMakerPayment':
      return { type, secret: secret() };
    case 'Stopped': {
      const state: WatcherState = { type };
      if (r.has('finished')) state.finished = r.oneOf('finished', WATCHER_SUCCESS);
      const error = r.optObj('error');
      if (error) state.error = { kind: error.oneOf('kind', WATCHER_ERRORS), message: error.str('message') };
      const tx = r.optStr('tx_hash');
      if (tx !== undefined) {
        if (!TXID_HEX.test(tx)) throw new ParamError(r.field('tx_hash'), 'not a txid');
        state.tx_hash = tx;
      }
      return state;
    }
    default:
      return { type };
  }
}
