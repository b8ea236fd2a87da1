/**
 * "Use a Trezor" on the wallet list: the browser's device chooser first (it needs the user's click,
 * so it comes before anything slow), then the node started on the Trezor wallet, new or stored. The
 * wallet page then connects the device and offers its accounts for coins.
 */
import type { RpcClient } from '../../../client/RpcClient';
import { describeStartFailure, type StartFailure } from '../../lib/errors';
import { grantTrezor } from '../../lib/trezor';
import { trezorWalletConf, type TrezorWalletConf } from './trezorWallets';
import { errorMessage } from '../../../shared/errorChain';

export const NO_TREZOR_CHOSEN = 'No Trezor was chosen. Plug it in, then choose it in the browser’s list.';

/** Resolves null once the node runs on the Trezor wallet, else with what to tell the user. */
export async function useTrezorWallet(
  client: RpcClient,
  existing: readonly string[],
  start: (conf: TrezorWalletConf) => Promise<StartFailure | null>,
  name?: string,
): Promise<string | null> {
  try {
    if ((await grantTrezor()) === 'none-chosen') return NO_TREZOR_CHOSEN;
    const failure = await start(await trezorWalletConf(client, existing, name));
    return failure === null ? null : describeStartFailure(failure, name === undefined ? 'create' : 'unlock');
  } catch (e) {
    return errorMessage(e);
  }
}
