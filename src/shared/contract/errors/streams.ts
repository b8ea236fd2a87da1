/** KDF's `EnableStreamingError` / `DisableStreamingError` and the streamers' coin lookups. */
export type StreamsErrorType = 'EnableError' | 'DisableError' | 'CoinNotFound' | 'CoinNotSupported';
