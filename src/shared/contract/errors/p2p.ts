/** The peer-to-peer layer's errors: messages that do not decode or verify, and the network itself. */
export type P2pErrorType = 'MsgpackError' | 'InvalidSignedMessage' | 'P2PError' | 'DecodingError';
