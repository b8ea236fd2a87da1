/** The parts of litecoind's verbose JSON the indexer reads (amounts kept exact, see exactJson.ts). */
import type { HeaderFields } from './hashes';

export interface DaemonTx {
  txid: string;
  vin: { txid?: string; vout?: number; coinbase?: string }[];
  vout: { value: string | number; n: number; scriptPubKey: { hex: string } }[];
}

export interface DaemonBlock extends HeaderFields {
  hash: string;
  height: number;
  tx: DaemonTx[];
}

export const outpointKey = (txid: string, vout: number): string => `${txid}:${vout}`;

/** OP_RETURN outputs can never be spent, so (like ElectrumX) they are not indexed. */
export const isUnspendable = (scriptHex: string): boolean => scriptHex.startsWith('6a');
