/**
 * Funds the devnet's test wallets from the miner wallet. `sendmany` refuses to pay one address
 * twice, so the unsigned transaction (outputs only) is built here, and the wallet adds inputs and
 * change (`fundrawtransaction`) and signs it.
 */
import { Transaction } from 'bitcoinjs-lib';
import { iguanaKey, type PaymentTarget } from './keys';
import type { DaemonRpc } from './rpc';

export const MINER_WALLET = 'miner';

/** The devnet's wallets by short name, identified by passphrase as the node identifies them. */
export const WALLET_PASSPHRASES = {
  alice: 'devnet alice',
  bob: 'devnet bob',
  many: 'devnet many',
  empty: 'devnet empty',
} as const;

const COIN = 100_000_000n;
/** Ten outputs of 1.00, 1.43, 1.86 … 4.87 coins: different values make coin selection visible. */
const TEN_OUTPUTS = Array.from({ length: 10 }, (_, i) => ((100n + ((BigInt(i) * 43n) % 400n)) * COIN) / 100n);
/** The "many" wallet: over 1,000 small UTXOs, to exercise paging and coin selection at scale. */
const MANY_OUTPUTS = 1_200;
const MANY_VALUE = COIN / 1_000n;

async function payOutputs(rpc: DaemonRpc, outputs: { script: Uint8Array; sats: bigint }[]): Promise<string> {
  const tx = new Transaction();
  tx.version = 2;
  for (const o of outputs) tx.addOutput(o.script, o.sats);
  // iswitness=false: a transaction without inputs is otherwise ambiguous to decode.
  const funded = await rpc.call<{ hex: string }>('fundrawtransaction', [tx.toHex(), {}, false], { wallet: MINER_WALLET });
  const signed = await rpc.call<{ hex: string; complete: boolean }>('signrawtransactionwithwallet', [funded.hex], {
    wallet: MINER_WALLET,
  });
  if (!signed.complete) throw new Error('funding transaction could not be fully signed');
  return rpc.call<string>('sendrawtransaction', [signed.hex]);
}

/**
 * alice and bob: ten outputs on each of their P2PKH and P2WPKH addresses; many: 1,200 × 0.001 on
 * its P2PKH address (first chain only); empty: nothing. One transaction per address, unconfirmed.
 */
export async function fundWallets(rpc: DaemonRpc, firstChain: boolean): Promise<void> {
  const repeat = (target: PaymentTarget, values: bigint[]): { script: Uint8Array; sats: bigint }[] =>
    values.map((sats) => ({ script: target.script, sats }));
  for (const name of ['alice', 'bob'] as const) {
    const key = iguanaKey(WALLET_PASSPHRASES[name]);
    await payOutputs(rpc, repeat(key.p2pkh, TEN_OUTPUTS));
    await payOutputs(rpc, repeat(key.p2wpkh, TEN_OUTPUTS));
  }
  if (firstChain) {
    const many = iguanaKey(WALLET_PASSPHRASES.many);
    await payOutputs(rpc, repeat(many.p2pkh, Array<bigint>(MANY_OUTPUTS).fill(MANY_VALUE)));
  }
}
