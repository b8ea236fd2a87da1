/** JSON-RPC error codes as ElectrumX uses them, and the error type handlers throw. */
export const BAD_REQUEST = 1;
export const DAEMON_ERROR = 2;
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

export class RpcFault extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** Reply, then close the session (ElectrumX's ReplyAndDisconnect). */
    readonly disconnect = false,
  ) {
    super(message);
  }
}

export const invalidParams = (message: string): RpcFault => new RpcFault(INVALID_PARAMS, message);
