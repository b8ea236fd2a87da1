/**
 * `kmd_rewards_info` (legacy, no arguments): the activated KMD wallet's unspent outputs with the
 * rewards each accrued (kmd/rewardsInfo.ts), in KDF's `KmdRewardsInfoElement` form. KDF answers
 * every failure as a flat error.
 */
import type { LegacyResult } from '../../../../shared/contract';
import type { NodeContext } from '../../../core/context';
import type { HandlerTable, LegacyAnswer } from '../../../core/handler';
import { legacyError } from '../../coinLookup';
import { satToDecimal } from '../tx';
import { UtxoCoin } from '../utxoCoin';
import { KMD_TICKER } from './interest';
import { kmdRewardsInfo, type KmdRewardsInfo } from './rewardsInfo';
import { errorMessage } from '../../../../shared/errorChain';

function toWire(info: KmdRewardsInfo, decimals: number): LegacyResult<'kmd_rewards_info'>['result'][number] {
  const { accrued } = info;
  return {
    tx_hash: info.txid,
    ...(info.height !== null ? { height: info.height } : {}),
    output_index: info.vout,
    amount: satToDecimal(info.value, decimals),
    locktime: info.lockTime,
    // serde's externally tagged `KmdRewardsAccrueInfo`.
    accrued_rewards: accrued.accrued ? { Accrued: satToDecimal(accrued.sat, decimals) } : { NotAccruedReason: accrued.reason },
    ...(info.accrueStartAt !== undefined ? { accrue_start_at: info.accrueStartAt } : {}),
    ...(info.accrueStopAt !== undefined ? { accrue_stop_at: info.accrueStopAt } : {}),
  };
}

async function kmdRewardsInfoRpc(ctx: NodeContext): Promise<LegacyAnswer<'kmd_rewards_info'>> {
  const coin = ctx.enabledCoins.get(KMD_TICKER);
  if (!coin) throw legacyError('KMD is not activated');
  if (!(coin instanceof UtxoCoin)) throw legacyError('KMD was expected to be UTXO');
  const kmd = coin;
  try {
    const infos = await kmdRewardsInfo(kmd, await kmd.spendableUnspents());
    return { result: infos.map((i) => toWire(i, kmd.decimals)) };
  } catch (e) {
    throw legacyError(errorMessage(e));
  }
}

export const kmdRewardsHandlers: HandlerTable = {
  kmd_rewards_info: { legacy: kmdRewardsInfoRpc },
};
