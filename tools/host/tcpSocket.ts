/**
 * The host's sockets for Electrum: TCP and TLS streams (Node's net/tls) for the TCP and SSL
 * protocols, and `ws` WebSockets bounded like them. Framing and bounds live in the node's
 * Electrum client (lineSocket.ts, limits.ts); this file only opens and reports.
 */
import { isIP, connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { WebSocket } from 'ws';
import type { TcpFailure, TcpSocketFactory, TcpSocketLike, WebSocketFactory, WebSocketLike } from '../../src/node/coins/utxo/electrum';

/**
 * OpenSSL's and Node's codes for a certificate the handshake refused (as opposed to a refused or
 * broken connection), so the client can say so.
 */
const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

export const nodeTcpSocket: TcpSocketFactory = (target) => {
  const socket: Socket = target.tls
    ? tlsConnect({
        host: target.host,
        port: target.port,
        // SNI carries a name only; an IP address is checked against the certificate's IP entries.
        ...(isIP(target.host) === 0 && { servername: target.host }),
        rejectUnauthorized: target.verifyCertificate,
      })
    : tcpConnect({ host: target.host, port: target.port });
  return new NodeTcpSocket(socket, target.tls);
};

class NodeTcpSocket implements TcpSocketLike {
  onopen: TcpSocketLike['onopen'] = null;
  ondata: TcpSocketLike['ondata'] = null;
  onclose: TcpSocketLike['onclose'] = null;
  private failure: TcpFailure | undefined;

  constructor(
    private readonly socket: Socket,
    tls: boolean,
  ) {
    // KDF sets TCP_NODELAY: requests are small and each waits for its answer.
    socket.setNoDelay(true);
    socket.once(tls ? 'secureConnect' : 'connect', () => this.onopen?.());
    socket.on('data', (chunk: Buffer) => this.ondata?.(chunk));
    socket.on('error', (e: Error & { code?: string }) => {
      this.failure ??= { message: e.message, badCertificate: e.code !== undefined && CERTIFICATE_CODES.has(e.code) };
    });
    socket.once('close', () => this.onclose?.(this.failure));
  }

  get queuedBytes(): number {
    return this.socket.writableLength;
  }

  write(text: string): void {
    this.socket.write(text);
  }

  close(): void {
    this.socket.destroy();
  }
}

/** `ws` WebSockets: a message over the bound is refused before it is held (close code 1009), and the certificate check can be switched off. */
export const nodeWebSocket: WebSocketFactory = (url, options) =>
  new WebSocket(url, {
    ...(options?.maxMessageBytes !== undefined && { maxPayload: options.maxMessageBytes }),
    ...(options?.verifyCertificate === false && { rejectUnauthorized: false }),
  }) as unknown as WebSocketLike;
