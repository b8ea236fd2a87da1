/**
 * How the client reaches a server: a WebSocket (`ws://`/`wss://`, KDF's wasm build) or, given a
 * TCP socket factory (the host), a stream of lines over TCP or TLS (KDF's native build). What the
 * runtime cannot do is refused here, before any connection, with KDF's wasm text for TCP and SSL.
 */
import { MmError } from '../../../core/errors';
import { electrumUrl, TCP_IN_BROWSER, tcpTarget } from './errors';
import { DEFAULT_LIMITS } from './limits';
import { lineSocket } from './lineSocket';
import type { ElectrumClientOptions, ElectrumServer, WebSocketLike } from './types';

/** A request the client refuses before it connects (bad server list, unsupported transport). */
export function invalid(message: string): MmError {
  return new MmError({ errorType: 'InvalidRequest', message, errorData: message, httpStatus: 400 });
}

/** The server's URL for the log, and how to open a socket to it. */
export function serverTransport(
  server: ElectrumServer,
  { socketFactory, tcpSocketFactory }: Pick<ElectrumClientOptions, 'socketFactory' | 'tcpSocketFactory'>,
): { url: string; openSocket: () => WebSocketLike } {
  const maxMessageBytes = DEFAULT_LIMITS.maxMessageBytes;
  if (server.protocol === 'TCP' || server.protocol === 'SSL') {
    if (!tcpSocketFactory) throw invalid(TCP_IN_BROWSER);
    const target = tcpTarget(server);
    return { url: `${target.tls ? 'ssl' : 'tcp'}://${server.url.trim()}`, openSocket: () => lineSocket(tcpSocketFactory(target), maxMessageBytes) };
  }
  const url = electrumUrl(server);
  const verifyCertificate = server.disableCertVerification !== true || server.protocol === 'WS';
  if (!verifyCertificate && !tcpSocketFactory) {
    throw invalid(`disable_cert_verification cannot be honoured for ${server.url.trim()}: a browser always checks a WSS server's certificate`);
  }
  return { url, openSocket: () => socketFactory(url, verifyCertificate ? { maxMessageBytes } : { maxMessageBytes, verifyCertificate }) };
}
