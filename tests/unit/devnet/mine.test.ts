/**
 * The devnet's mining helper: a block the daemon refuses because another client's block won the
 * race (bitcoin/bitcoin#24730) is built again; any other refusal, or a race lost five times in a
 * row, is the caller's error. The daemon is scripted here: the race cannot be provoked on demand.
 */
import { describe, expect, it } from 'vitest';
import { generateBlocks } from '../../../devnet/mine';
import { DaemonError, type DaemonRpc } from '../../../devnet/rpc';

function scripted(replies: (string | DaemonError)[]): { rpc: DaemonRpc; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const rpc = {
    call: (method: string, params: unknown[]) => {
      calls.push([method, ...params]);
      const reply = replies.shift();
      if (reply === undefined) throw new Error('no more scripted replies');
      return reply instanceof DaemonError ? Promise.reject(reply) : Promise.resolve([reply]);
    },
  } as unknown as DaemonRpc;
  return { rpc, calls };
}

const lost = () => new DaemonError(-32603, 'ProcessNewBlock, block not accepted');

describe('generateBlocks', () => {
  it('mines one block at a time and builds a block again after a lost race', async () => {
    const { rpc, calls } = scripted(['h1', lost(), 'h2', 'h3']);
    expect(await generateBlocks(rpc, 3, 'addr')).toEqual(['h1', 'h2', 'h3']);
    expect(calls).toEqual(Array.from({ length: 4 }, () => ['generatetoaddress', 1, 'addr']));
  });

  it('gives up after five lost races in a row, and passes any other refusal on at once', async () => {
    await expect(generateBlocks(scripted([lost(), lost(), lost(), lost(), lost()]).rpc, 1, 'a')).rejects.toThrow('ProcessNewBlock, block not accepted');
    const other = scripted([new DaemonError(-8, 'Invalid address'), 'h']);
    await expect(generateBlocks(other.rpc, 1, 'a')).rejects.toThrow('Invalid address');
    expect(other.calls).toHaveLength(1);
  });
});
