/**
 * Signs a UTXO coin's transactions on the Trezor: the address is the device's key at the coin's
 * BIP44 account 0, external chain, index 0; every transaction is streamed to the device (SignTx),
 * which asks the user to confirm the outputs. A PIN or passphrase the device asks for meanwhile
 * goes to the task that signs (the withdraw's `UserActionRequired`); outside a task it fails at once.
 */
import { address as btcAddress } from 'bitcoinjs-lib';
import type { CoinConfig } from '../coins/config';
import { bitcoinjsNetwork } from '../coins/utxo/network';
import type { SignContext, UtxoSigner } from '../coins/utxo/signer';
import { parseTx, txFormat, type TxPlan } from '../coins/utxo/tx';
import type { TaskHandle } from '../core/tasks';
import { noTaskProcessor, taskProcessor } from './prompts';
import { HwError, signUtxoTx, type TrezorSession, type UtxoSignOutput } from './trezor';

/**
 * The key is read by the activation: in `task::enable_utxo` its task answers the device's PIN or
 * passphrase prompt; outside a task (`electrum`) a device that wants its PIN fails at once.
 */
export async function trezorUtxoSigner(session: TrezorSession, config: CoinConfig, task?: TaskHandle): Promise<UtxoSigner> {
  const coinName = config.trezorCoin;
  if (!coinName || !config.derivationPath || !config.utxo) {
    throw new HwError('DataError', `${config.ticker} cannot be used with a Trezor: it needs trezor_coin and derivation_path in the coins config`);
  }
  const path = `${config.derivationPath}/0'/0/0`;
  const { publicKey } = await session.getPublicKey(path, coinName, task ? { signal: task.signal, processor: taskProcessor(task) } : {});
  const network = bitcoinjsNetwork(config);
  const utxoParams = config.utxo;
  return {
    kind: 'hardware',
    publicKey,
    async sign(plan: TxPlan, ctx: SignContext) {
      // KDF sends the overwinter fields for Zcash-layout v4 coins only (`is_overwinter_compatible`).
      const format = txFormat(utxoParams, config.ticker);
      const prevTxHexes = await ctx.prevTxHexes();
      const scriptType = ctx.inputKind;
      const outputs: UtxoSignOutput[] = plan.outputs.map((o, i) => {
        const isChange = i === plan.outputs.length - 1 && plan.change > 0n;
        return isChange
          ? { changePath: path, scriptType, amount: o.value }
          : { address: btcAddress.fromOutputScript(o.script, network), amount: o.value };
      });
      const processor = ctx.task ? taskProcessor(ctx.task, ctx.onFollowDevice) : noTaskProcessor(ctx.onFollowDevice);
      const signed = await signUtxoTx(
        session,
        {
          coinName,
          inputs: plan.inputs.map((u, i) => ({ path, scriptType, prevTxHex: prevTxHexes[i] ?? '', prevIndex: u.vout, amount: u.value })),
          outputs,
          version: config.utxo?.txversion ?? 1,
          lockTime: plan.lockTime ?? 0,
          ...(format.kind === 'zcash' && format.version >= 4 ? { overwinter: { versionGroupId: format.versionGroupId, branchId: format.consensusBranchId } } : {}),
        },
        { signal: ctx.signal, processor },
      );
      const tx = parseTx(signed.txHex, format);
      return { hex: signed.txHex, txid: tx.getId(), size: tx.byteLength(), vsize: tx.virtualSize() };
    },
  };
}

