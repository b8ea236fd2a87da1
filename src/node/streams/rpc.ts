/** RPC handlers of event streaming: KDF's `stream::*` methods (rpc/streaming_activations/). */
import type { MmRpcResult } from '../../shared/contract';
import { ParamError, type ParamReader } from '../../shared/params';
import type { NodeContext } from '../core/context';
import type { HandlerTable } from '../core/handler';
import { enableBalanceStream } from './balanceStreamer';
import { streamHubOf } from './streamHub';
import { enableTxHistoryStream } from './txHistoryStreamer';

const FIXED_IDS = ['NETWORK', 'HEARTBEAT', 'SWAP_STATUS', 'ORDER_STATUS'];
const PREFIXED_IDS = ['BALANCE:', 'TX_HISTORY:', 'FEE_ESTIMATION:', 'DATA_NEEDED:', 'ORDERBOOK_UPDATE:'];

/** KDF's `StreamerId` deserializer: a name it does not know is a request error, not `StreamerNotFound`. */
function readStreamerId(p: ParamReader): string {
  const id = p.str('streamer_id');
  const known =
    FIXED_IDS.includes(id) || PREFIXED_IDS.some((prefix) => id.startsWith(prefix)) || /^TASK:\d{1,20}$/.test(id);
  if (!known) throw new ParamError(p.field('streamer_id'), `Invalid StreamerId: ${id}`);
  return id;
}

/** `stream::disable {client_id, streamer_id}` → `{result: "Success"}`. */
async function disableStream(ctx: NodeContext, p: ParamReader): Promise<MmRpcResult<'stream::disable'>> {
  const clientId = p.uint('client_id');
  const id = readStreamerId(p);
  streamHubOf(ctx).disable(clientId, id);
  return { result: 'Success' };
}

export const streamsHandlers: HandlerTable = {
  'stream::balance::enable': { mmrpc: enableBalanceStream },
  'stream::tx_history::enable': { mmrpc: enableTxHistoryStream },
  'stream::disable': { mmrpc: disableStream },
};
