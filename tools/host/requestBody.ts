/**
 * Reads a request body into memory without ever holding more than the limit: a declared
 * `Content-Length` over it is refused before a byte is read, and a chunked body is dropped the moment
 * it passes the limit. After either refusal the server answers 413 and closes at once: a client
 * still sending may then see the connection reset before it reads the 413 (a lingering close would
 * have to read on); clients that send `Expect: 100-continue` (curl, for big bodies) get the 413
 * without sending the body at all.
 */
import type { IncomingMessage } from 'node:http';

export type BodyRead = { kind: 'body'; text: string } | { kind: 'tooLarge' } | { kind: 'aborted' };

/** True when the header alone shows the body is over the limit. */
export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = req.headers['content-length'];
  return declared !== undefined && Number(declared) > limit;
}

export function readBoundedBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (outcome: BodyRead): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      chunks.length = 0;
      stop({ kind: 'tooLarge' });
      // What still arrives before the close is dropped unread.
      req.resume();
    };
    const onEnd = (): void => stop({ kind: 'body', text: Buffer.concat(chunks, size).toString('utf8') });
    const onClose = (): void => stop({ kind: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    // A reset arrives as 'error' then 'close'; 'close' settles, this only keeps it from being thrown.
    req.on('error', () => undefined);
  });
}
