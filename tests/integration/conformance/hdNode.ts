/**
 * A named HD wallet node for the conformance suites: started on a platform where another wallet
 * (`OLD_WALLET`) was stored first, so that `delete_wallet` has one to delete.
 */
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { NodeHost } from '../../../src/node/nodeHost';
import { nodePlatform } from '../../../tools/host/nodePlatform';
import { devnet } from '../devnet/daemon';
import { RPC_PASSWORD } from '../utxo/walletNode';

export const HD_WALLET = 'conformance-hd';
export const OLD_WALLET = 'conformance-old';
export const WALLET_PASSWORD = 'Conformance-Pass-1!';

export interface RunningNode {
  host: NodeHost;
  stop(): Promise<void>;
}

export async function startHdNode(): Promise<RunningNode> {
  const platform = nodePlatform({ coinsPath: devnet().coinsFile });
  const start = async (walletName: string): Promise<NodeHost> => {
    const host = new NodeHost(platform);
    const conf = { rpc_password: RPC_PASSWORD, wallet_name: walletName, wallet_password: WALLET_PASSWORD, passphrase: generateMnemonic(wordlist), enable_hd: true };
    const started = await host.handleControl({ op: 'start', conf });
    if (started.status !== 200) throw new Error(`${walletName} did not start: ${JSON.stringify(started.body)}`);
    return host;
  };
  await (await start(OLD_WALLET)).stop();
  const host = await start(HD_WALLET);
  return { host, stop: () => host.stop() };
}
