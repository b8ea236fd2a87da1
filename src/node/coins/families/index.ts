/**
 * The coin families this node runs, by the coins file's protocol type. A family builds its coins
 * in its own folder (`utxo/activate.ts`, `qrc20/activate.ts`, `eth/activate.ts`, and the v2
 * methods of activation/rpc.ts); the legacy `electrum` and `enable` reach those entry points
 * through this table, and the methods only one family serves are listed here. Everywhere else the
 * coins domain and the streams reach a coin through its capabilities (capabilities/), never its
 * family: only this folder, activation/ and the families themselves import a family (the
 * dependency rule `coins-root-and-streams-know-no-family`).
 */
import type { ParamReader } from '../../../shared/params';
import type { NodeContext } from '../../core/context';
import type { HandlerTable } from '../../core/handler';
import type { CoinBalance, EnabledCoin } from '../coin';
import type { CoinConfig, CoinProtocolType } from '../config';
import { activateEthCoin, reenablePassivePlatform } from '../eth/activate';
import { feeEstimatorHandlers } from '../eth/feeEstimatorRpc';
import { activateQrc20Coin } from '../qrc20/activate';
import { activateElectrumCoin } from '../utxo/activate';
import { kmdRewardsHandlers } from '../utxo/kmd/rewardsRpc';

/** An activated coin, not registered yet, with the balance its activation read. */
export interface ActivatedCoin {
  coin: EnabledCoin;
  balance: CoinBalance;
}

export type ActivateCoin = (ctx: NodeContext, config: CoinConfig, args: ParamReader) => Promise<ActivatedCoin>;

export interface CoinFamilyActivation {
  /** The legacy `electrum`; absent for a family that reaches its chain otherwise (EVM nodes). */
  electrum?: ActivateCoin;
  /** The legacy `enable`; absent where it would run the coin on a native daemon, which a browser has not. */
  enable?: ActivateCoin;
  /** `enable` of a platform kept passive for its tokens; absent for a family that keeps none. */
  reenablePassive?: ActivateCoin;
}

const utxo: CoinFamilyActivation = { electrum: activateElectrumCoin };
const evm: CoinFamilyActivation = { enable: activateEthCoin, reenablePassive: reenablePassivePlatform };

/** Every protocol the coins file accepts has its entry, so a new one does not compile until it is placed. */
export const familyActivation: Record<CoinProtocolType, CoinFamilyActivation> = {
  UTXO: utxo,
  QTUM: utxo,
  QRC20: { electrum: activateQrc20Coin },
  ETH: evm,
  ERC20: evm,
};

/** The RPC methods one family serves: EVM fee estimates, KMD's rewards. */
export const familyHandlers: HandlerTable = {
  ...feeEstimatorHandlers,
  ...kmdRewardsHandlers,
};
