/**
 * The seed's command line: `--port <p> [--host 127.0.0.1] [--data-dir <dir>] [--key-file <path>]`.
 * The data dir (default `seednode-data` in the working directory, as KDF's `dbdir` defaults to
 * `DB`) holds the seed's identity; `--key-file` puts the key somewhere else.
 */
import { parseArgs } from 'node:util';
import type { SeedOptions } from './seed';

export const DEFAULT_DATA_DIR = 'seednode-data';

export function seedCliOptions(args: string[]): Pick<SeedOptions, 'host' | 'port' | 'dataDir' | 'keyFile'> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      'data-dir': { type: 'string', default: DEFAULT_DATA_DIR },
      'key-file': { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be a port number (0 picks a free one)');
  return { host: values.host, port, dataDir: values['data-dir'], ...(values['key-file'] !== undefined && { keyFile: values['key-file'] }) };
}
