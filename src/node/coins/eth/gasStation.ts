/**
 * Gas prices from a gas station (`gas_station_url`, spec §4.4), as KDF's `GasStationData` reads
 * them: the answer's `average` (Polygon's station calls it `standard`) and `fast` fields count
 * units of 10^`gas_station_decimals` wei, so with the ETH gas station's 8 decimals
 * `"average": 860` is 86 gwei, and with Polygon's 9 it is 860 gwei. `MeanAverageFast` (the
 * default, against mainnet's spikes) takes the mean of average and fast, `Average` the average.
 */
import { MmNumber } from '../../../shared/number';

export type GasStationPolicy = 'MeanAverageFast' | 'Average';

export const GAS_STATION_POLICIES: readonly GasStationPolicy[] = ['MeanAverageFast', 'Average'];
export const DEFAULT_GAS_STATION_DECIMALS = 8;

export interface GasStation {
  url: string;
  decimals: number;
  policy: GasStationPolicy;
}

/** The gas price in wei an answer gives, rounded down to a whole wei; throws on a malformed answer. */
export function gasPriceFromStation(body: unknown, decimals: number, policy: GasStationPolicy): bigint {
  if (typeof body !== 'object' || body === null) throw new Error('the gas station answer is not a JSON object');
  const o = body as Record<string, unknown>;
  const average = field(o, o.average === undefined ? 'standard' : 'average');
  const price = policy === 'Average' ? average : average.add(field(o, 'fast')).div(MmNumber.of(2n));
  return price.toBaseUnitsFloor(decimals);
}

function field(o: Record<string, unknown>, name: string): MmNumber {
  try {
    const v = MmNumber.parse(o[name]);
    if (v.isNegative()) throw new Error('negative');
    return v;
  } catch {
    throw new Error(`the gas station answer has no valid \`${name}\``);
  }
}

/** Asks the station; a failed request or a malformed answer rejects. */
export async function fetchStationGasPrice(station: GasStation): Promise<bigint> {
  const res = await fetch(station.url);
  if (!res.ok) throw new Error(`Gas price request failed with status code ${res.status}`);
  return gasPriceFromStation(await res.json(), station.decimals, station.policy);
}
