/**
 * The errors of KDF's v2 activation methods, with KDF's variant names, texts and HTTP statuses:
 * `InitStandaloneCoinError` (task::enable_utxo), `EnablePlatformCoinWithTokensError`
 * (enable_eth_with_tokens, task::enable_eth) and `EnableTokenError` (enable_erc20), all in
 * coins_activation. Unit-like variants that carry a string display just that string, as derive_more does.
 */
import type { ActivationErrorType, CommonErrorType } from '../../../shared/contract/errors';
import { MmError } from '../../core/errors';
import type { NodeFailure } from '../eth/nodeFailures';
import type { ServerFailure } from '../utxo/electrum';

const err = (errorType: ActivationErrorType | CommonErrorType, message: string, errorData: unknown, httpStatus: number, cause?: unknown): MmError =>
  new MmError({ errorType, message, errorData, httpStatus, cause });

/** serde_json's compact text of the protocol object, as KDF's `{}` prints a `Json`. */
const protocolText = (protocol: unknown): string => JSON.stringify(protocol);

/** KDF's `InitStandaloneCoinError`. */
export const standaloneError = {
  alreadyActivated: (ticker: string): MmError => err('CoinIsAlreadyActivated', `Coin ${ticker} is activated already`, { ticker }, 400),
  configNotFound: (ticker: string): MmError => err('CoinConfigIsNotFound', `Coin ${ticker} config is not found`, ticker, 400),
  unexpectedProtocol: (ticker: string, protocol: unknown): MmError =>
    err('UnexpectedCoinProtocol', `Unexpected platform protocol ${protocolText(protocol)} for ${ticker}`, { ticker, protocol }, 400),
  /**
   * KDF's `{ticker, error}`; beyond KDF, `servers` lists the Electrum servers a failed connect
   * could not use and why, so a client can say which failed without parsing the text.
   */
  creation: (ticker: string, error: string, cause?: unknown, servers?: ServerFailure[]): MmError =>
    err('CoinCreationError', `Error on platform coin ${ticker} creation: ${error}`, { ticker, error, ...(servers && { servers }) }, 400, cause),
  internal: (error: string, cause?: unknown): MmError => err('Internal', `Internal error: ${error}`, error, 500, cause),
};

/** KDF's `EnablePlatformCoinWithTokensError`. */
export const platformError = {
  alreadyActivated: (ticker: string): MmError => err('PlatformIsAlreadyActivated', ticker, ticker, 400),
  configNotFound: (ticker: string): MmError => err('PlatformConfigIsNotFound', `Platform ${ticker} config is not found`, ticker, 400),
  unexpectedProtocol: (ticker: string, protocol: unknown): MmError =>
    err('UnexpectedPlatformProtocol', `Unexpected platform protocol ${protocolText(protocol)} for ${ticker}`, { ticker, protocol }, 400),
  tokenConfigNotFound: (ticker: string): MmError => err('TokenConfigIsNotFound', `Token ${ticker} config is not found`, ticker, 400),
  unexpectedTokenProtocol: (ticker: string, protocol: unknown): MmError =>
    err('UnexpectedTokenProtocol', `Unexpected token protocol ${protocolText(protocol)} for ${ticker}`, { ticker, protocol }, 400),
  /**
   * KDF's `{ticker, error}`; beyond KDF, `nodes` lists the RPC nodes the activation could not use
   * and why. A failure with such a list is answered here even when no node answered at all (KDF's
   * Transport, whose data is a bare text), so a client can say which failed without parsing text.
   */
  creation: (ticker: string, error: string, cause?: unknown, nodes?: NodeFailure[]): MmError =>
    err('PlatformCoinCreationError', `Error on platform coin ${ticker} creation: ${error}`, { ticker, error, ...(nodes && { nodes }) }, 500, cause),
  atLeastOneNode: (): MmError => {
    const text = 'Enable request for ETH coin must have at least 1 node';
    return err('AtLeastOneNodeRequired', text, text, 400);
  },
  invalidPayload: (text: string): MmError => err('InvalidPayload', text, text, 400),
  unexpectedDevicePolicy: (): MmError =>
    err('UnexpectedDeviceActivationPolicy', 'Hardware policy must be activated within task manager', undefined, 400),
  customToken: (tickerInConfig: string): MmError => customTokenError(tickerInConfig, 500),
  transport: (text: string, cause?: unknown): MmError => err('Transport', text, text, 502, cause),
  internal: (text: string, cause?: unknown): MmError => err('Internal', text, text, 500, cause),
};

/** KDF's `EnableTokenError`. */
export const tokenError = {
  alreadyActivated: (ticker: string): MmError => err('TokenIsAlreadyActivated', `Token ${ticker} is already activated`, ticker, 400),
  configNotFound: (ticker: string): MmError => err('TokenConfigIsNotFound', `Token ${ticker} config is not found`, ticker, 400),
  unexpectedProtocol: (ticker: string, protocol: unknown): MmError =>
    err('UnexpectedTokenProtocol', `Unexpected token protocol ${protocolText(protocol)} for ${ticker}`, { ticker, protocol }, 400),
  platformNotActivated: (platform: string): MmError =>
    err('PlatformCoinIsNotActivated', `Platform coin ${platform} is not activated`, platform, 400),
  unsupportedPlatform: (platform: string, token: string): MmError =>
    err('UnsupportedPlatformCoin', `${platform} is not a platform coin for token ${token}`, { platform_coin_ticker: platform, token_ticker: token }, 500),
  customToken: (tickerInConfig: string): MmError => customTokenError(tickerInConfig, 400),
  internal: (text: string, cause?: unknown): MmError => err('Internal', text, text, 500, cause),
};

/** KDF's `CustomTokenError::DuplicateTickerInConfig`: a `protocol` sent for a ticker the coins file has. */
function customTokenError(tickerInConfig: string, httpStatus: number): MmError {
  return err(
    'CustomTokenError',
    `Custom token error: Token with the same ticker already exists in coins configs, ticker in config: ${tickerInConfig}`,
    { DuplicateTickerInConfig: { ticker_in_config: tickerInConfig } },
    httpStatus,
  );
}

/** Custom tokens (a `protocol` for a ticker the coins file lacks) need a config store this node does not have yet. */
export const CUSTOM_TOKENS_UNSUPPORTED = 'Custom tokens (a `protocol` for a ticker that is not in the coins file) are not supported by this node';
