/**
 * RPC handlers of the simple market-maker bot, mmrpc 2.0 as in KDF:
 * `start_simple_market_maker_bot` and `stop_simple_market_maker_bot`, both `{result: "Success"}`.
 */
import type { MmRpcResult } from '../../shared/contract';
import type { ParamReader } from '../../shared/params';
import type { NodeContext } from '../core/context';
import type { HandlerTable } from '../core/handler';
import { readBotConfig } from './config';
import { mmBotOf } from './nodeBot';

async function startBot(ctx: NodeContext, params: ParamReader): Promise<MmRpcResult<'start_simple_market_maker_bot'>> {
  const config = readBotConfig(params);
  await (await mmBotOf(ctx)).start(config, params.obj);
  return { result: 'Success' };
}

async function stopBot(ctx: NodeContext): Promise<MmRpcResult<'stop_simple_market_maker_bot'>> {
  await (await mmBotOf(ctx)).stop();
  return { result: 'Success' };
}

export const mmBotHandlers: HandlerTable = {
  start_simple_market_maker_bot: { mmrpc: startBot },
  stop_simple_market_maker_bot: { mmrpc: stopBot },
};
