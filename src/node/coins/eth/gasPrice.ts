/**
 * The gas price a coin pays when the request names none (KDF `get_gas_price`): the gas station's
 * when one is configured, else the node's `eth_gasPrice`. A station that fails is logged and the
 * node's price used instead, so a flaky station never blocks a withdraw.
 */
import type { EthChainApi } from './chainApi';
import { fetchStationGasPrice, type GasStation } from './gasStation';
import type { LogFn } from './log';

export function defaultGasPrice(api: EthChainApi, station: GasStation | null, log: LogFn): () => Promise<bigint> {
  return async () => {
    if (station) {
      try {
        return await fetchStationGasPrice(station);
      } catch (e) {
        log('warn', `Error ${(e as Error).message} on request to gas station url ${station.url}; using eth_gasPrice`);
      }
    }
    return api.gasPrice();
  };
}
