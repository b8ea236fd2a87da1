/**
 * A self-signed certificate for the TLS listener, made at each start by `openssl` (Node cannot
 * issue certificates): an EC P-256 key for `localhost` and 127.0.0.1, valid two days. Its key
 * lives only in this process's memory; the files `openssl` writes are removed at once.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The binary; the devnet's tool check names it before anything starts. */
export const OPENSSL = process.env.OPENSSL ?? '/usr/bin/openssl';

export async function selfSignedCertificate(): Promise<{ cert: string; key: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'devnet-electrum-tls-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    await promisify(execFile)(OPENSSL, [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout', key, '-out', cert,
    ]);
    return { cert: await readFile(cert, 'utf8'), key: await readFile(key, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
