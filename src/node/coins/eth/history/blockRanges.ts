/**
 * Block ranges an EVM node accepts for `trace_filter` and `eth_getLogs`. Nodes cap them and differ
 * (anvil's trace_filter: 300 blocks; public providers: 500 to 10,000), so a history source starts at
 * KDF's range and, when the node refuses a range as too large, halves it and asks again, down to one
 * block; the accepted size is kept for every later call of that source.
 */
import { NodeRpcError } from '../provider';

/** KDF's blocks per `trace_filter` / `eth_getLogs` call (DEFAULT_LOGS_BLOCK_RANGE). */
export const DEFAULT_BLOCK_RANGE = 1000;

/** EIP-1474 "Limit exceeded": the node says so by code (Infura's eth_getLogs, among others). */
const LIMIT_EXCEEDED = -32005;

/**
 * Texts of range refusals that come under a generic code (-32602 invalid params, -32000 server
 * error), as nodes word them; matched case-insensitively as parts of the message.
 */
export const RANGE_TOO_LARGE_MESSAGES: readonly string[] = [
  'block range too large', // anvil trace_filter: "block range too large, currently limited to 300"
  'block range is too wide', // Frontier (Moonbeam, Astar): "block range is too wide (maximum 1024)"
  'exceed maximum block range', // BSC, opBNB: "exceed maximum block range: 5000"
  'query exceeds max block range', // reth: "query exceeds max block range 100000"
  'query returned more than', // geth-based providers: "query returned more than 10000 results"
  'log response size exceeded', // Alchemy
];

/** The node refused the call because its block range (or the results it would give) is too large. */
export function isRangeTooLarge(e: unknown): boolean {
  if (!(e instanceof NodeRpcError)) return false;
  if (e.rpc.code === LIMIT_EXCEEDED) return true;
  const message = e.rpc.message.toLowerCase();
  return RANGE_TOO_LARGE_MESSAGES.some((text) => message.includes(text));
}

/** One source's calls over block ranges, paged to the size its node accepts. */
export class BlockRanges {
  private accepted: number;

  constructor(start = DEFAULT_BLOCK_RANGE) {
    this.accepted = start;
  }

  /** Blocks per call the node is known (or assumed) to accept. */
  get size(): number {
    return this.accepted;
  }

  /**
   * `read` over [from, to] in ranges of the accepted size, results in block order. A range refused as
   * too large is halved and asked again; a single block refused is a real error and thrown.
   */
  async each<T>(from: number, to: number, read: (from: number, to: number) => Promise<T[]>): Promise<T[]> {
    const out: T[] = [];
    let start = from;
    while (start <= to) {
      const end = Math.min(to, start + this.accepted - 1);
      try {
        out.push(...(await read(start, end)));
        start = end + 1;
      } catch (e) {
        if (!isRangeTooLarge(e) || end === start) throw e;
        this.accepted = Math.min(this.accepted, Math.max(1, Math.floor((end - start + 1) / 2)));
      }
    }
    return out;
  }
}
