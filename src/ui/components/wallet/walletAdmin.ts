/**
 * Renaming and deleting a stored wallet from the wallet list, while no wallet is unlocked. Rename
 * is a control op (KDF has no RPC for it); delete is KDF's `delete_wallet`, which needs a running
 * node that is not the wallet's own, so a node is started for the call without any wallet (KDF's
 * no-login mode) and stopped again. The page's own entries follow only once the node has written.
 */
import type { RpcClient } from '../../../client/RpcClient';
import { generateRpcPassword } from '../../lib/passwords';
import { forgetTrezorWallet, renameTrezorWallet } from './trezorWallets';
import { forgetWalletLocalData, moveWalletLocalData } from './walletLocalData';

const GUI = 'browser-dex';

export async function renameStoredWallet(client: RpcClient, walletName: string, newName: string, password: string): Promise<void> {
  await client.control({ op: 'rename_wallet', wallet_name: walletName, new_name: newName, password });
  moveWalletLocalData(walletName, newName);
  renameTrezorWallet(walletName, newName);
}

export async function deleteStoredWallet(client: RpcClient, walletName: string, password: string): Promise<void> {
  const rpcPassword = generateRpcPassword();
  await client.control({ op: 'start', conf: { rpc_password: rpcPassword, gui: GUI } });
  client.setUserpass(rpcPassword);
  try {
    await client.call('delete_wallet', { wallet_name: walletName, password });
  } finally {
    client.setUserpass(undefined);
    await client.control({ op: 'stop' }).catch(() => undefined);
  }
  forgetWalletLocalData(walletName);
  forgetTrezorWallet(walletName);
}

/** A refused rename or delete, in words: the node's own words (its error data) where no better ones exist. */
export function describeAdminFailure(e: unknown): { field: 'password' | 'name' | 'form'; text: string } {
  const typed = e as { errorType?: unknown; errorData?: unknown; message?: unknown };
  switch (typed?.errorType) {
    case 'InvalidPassword':
      return { field: 'password', text: 'Wrong password. Check it and try again.' };
    case 'WalletAlreadyExists':
      return { field: 'name', text: 'A wallet with this name exists already. Choose another name.' };
    case 'WalletInUse':
      return { field: 'form', text: 'This wallet is open in another tab. Lock it there first.' };
    default: {
      const text = typeof typed?.errorData === 'string' ? typed.errorData : typeof typed?.message === 'string' ? typed.message : String(e);
      return { field: 'form', text };
    }
  }
}
