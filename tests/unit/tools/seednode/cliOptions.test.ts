/** The seed's command line: its identity lives in its data dir unless `--key-file` says otherwise. */
import { describe, expect, it } from 'vitest';
import { seedCliOptions } from '../../../../tools/seednode/cliOptions';

describe('seedCliOptions', () => {
  it('defaults: a free port on 127.0.0.1, the data dir seednode-data, no key file of its own', () => {
    expect(seedCliOptions([])).toEqual({ host: '127.0.0.1', port: 0, dataDir: 'seednode-data' });
  });

  it('takes --data-dir, and --key-file beside it', () => {
    expect(seedCliOptions(['--port', '4001', '--data-dir', '/var/lib/seed'])).toEqual({ host: '127.0.0.1', port: 4001, dataDir: '/var/lib/seed' });
    expect(seedCliOptions(['--data-dir', 'd', '--key-file', '/etc/seed.key', '--host', '0.0.0.0'])).toEqual({
      host: '0.0.0.0',
      port: 0,
      dataDir: 'd',
      keyFile: '/etc/seed.key',
    });
  });

  it('refuses a port that is not one, and unknown options', () => {
    for (const port of ['-1', '65536', '80.5', 'http']) expect(() => seedCliOptions([`--port=${port}`])).toThrow('--port must be a port number');
    expect(() => seedCliOptions(['--dbdir', 'x'])).toThrow(/Unknown option '--dbdir'/);
  });
});
