/**
 * Mining on a devnet chain that several clients mine at once (the devnet's own miner every period,
 * tests through their own RPC connections). litecoind's `generatetoaddress` builds a block on the
 * tip, releases the chain lock, and then writes the coinbase height from the tip it reads again;
 * a block connected by another client in between gives the coinbase the wrong height, and the
 * daemon refuses its own block ("ProcessNewBlock, block not accepted"; bitcoin/bitcoin#24730, the
 * same code in Litecoin Core 0.21). Nothing was mined then: the block is built again on the new tip.
 */
import { DaemonError, type DaemonRpc } from './rpc';

const RACE_LOST = 'ProcessNewBlock, block not accepted';
/** Lost races in a row before the error is taken as real (a refused block for another reason). */
const MAX_LOST_RACES = 5;

/** Mines `n` blocks to `address`, one at a time, each built again if another client's block won the race; the hashes in order. */
export async function generateBlocks(rpc: DaemonRpc, n: number, address: string): Promise<string[]> {
  const hashes: string[] = [];
  for (let lost = 0; hashes.length < n; ) {
    try {
      hashes.push(...(await rpc.call<string[]>('generatetoaddress', [1, address])));
      lost = 0;
    } catch (e) {
      if (!(e instanceof DaemonError) || e.message !== RACE_LOST || ++lost >= MAX_LOST_RACES) throw e;
    }
  }
  return hashes;
}
