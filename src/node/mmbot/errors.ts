/** The bot's RPC errors: KDF's `StartSimpleMakerBotError` / `StopSimpleMakerBotError`, with KDF's texts and statuses. */
import { MmError } from '../core/errors';

export const mmBotError = {
  alreadyStarted: (): MmError => new MmError({ errorType: 'AlreadyStarted', message: 'The bot is already started', httpStatus: 400 }),
  cannotStartFromStopping: (): MmError =>
    new MmError({ errorType: 'CannotStartFromStopping', message: "Cannot start the bot if it's currently stopping", httpStatus: 400 }),
  alreadyStopped: (): MmError => new MmError({ errorType: 'AlreadyStopped', message: 'The bot is already stopped', httpStatus: 400 }),
  alreadyStopping: (): MmError => new MmError({ errorType: 'AlreadyStopping', message: 'The bot is already stopping', httpStatus: 400 }),
  /** KDF's unit variant (no `error_data`); the text says what is wrong, after KDF's words. */
  invalidConfig: (why: string): MmError =>
    new MmError({ errorType: 'InvalidBotConfiguration', message: `Invalid bot configuration: ${why}`, httpStatus: 400 }),
  /** The bot's state could not be stored: nothing changed. */
  internal: (what: string, cause: unknown): MmError =>
    new MmError({ errorType: 'InternalError', message: `Internal error: ${what}`, errorData: `${what}`, httpStatus: 500, cause }),
};
