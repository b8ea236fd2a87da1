/** Pays devnet coins to test wallets from the chain's miner wallet, and reads what the daemon sees. */
import { daemon } from '../devnet/daemon';

/** Pays each amount (decimal coin strings) in its own transaction; resolves with the txids. */
export async function fund(chain: string, address: string, amounts: string[]): Promise<string[]> {
  const d = daemon(chain);
  const txids: string[] = [];
  for (const amount of amounts) txids.push(await d.call<string>('sendtoaddress', [address, amount], d.chain.minerWallet));
  return txids;
}

/** The daemon's view of an address's unspent outputs, in satoshis. */
export async function daemonUnspent(chain: string, address: string): Promise<{ count: number; total: bigint }> {
  const unspents = await daemon(chain).unspents(address);
  return { count: unspents.length, total: unspents.reduce((a, u) => a + BigInt(Math.round(u.amount * 1e8)), 0n) };
}

/** Waits for a transaction to be mined and returns its confirmations. */
export async function confirmations(chain: string, txid: string): Promise<number> {
  const tx = await daemon(chain).call<{ confirmations?: number }>('getrawtransaction', [txid, true]);
  return tx.confirmations ?? 0;
}
