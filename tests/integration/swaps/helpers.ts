/** Shared by the swaps integration tests: reading fee objects exactly, and a UTXO wallet's own view of its chain. */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { MmNumber } from '../../../src/shared/number';
import { parseCoinsConfig, type CoinConfig } from '../../../src/node/coins/config';
import type { Unspent } from '../../../src/node/coins/utxo/tx';
import { daemon } from '../devnet/daemon';
import type { Reply } from '../utxo/walletNode';

export interface Fee {
  coin: string;
  amount: MmNumber;
  paidFromTradingVol: boolean;
}

/** An ExtendedFeeInfo, checked to say the same number in its three forms. */
export function fee(raw: unknown): Fee {
  const f = raw as Record<string, unknown>;
  const amount = MmNumber.parse(f.amount_fraction);
  expect(MmNumber.parse(f.amount_rat).eq(amount)).toBe(true);
  expect(MmNumber.parse(f.amount).sub(amount).abs().lt(MmNumber.of(1n, 10n ** 90n))).toBe(true);
  return { coin: f.coin as string, amount, paidFromTradingVol: f.paid_from_trading_vol as boolean };
}

export interface Preimage {
  base: Fee;
  rel: Fee;
  taker?: Fee;
  feeToSend?: Fee;
  volume?: MmNumber;
  totals: { coin: string; amount: MmNumber; required: MmNumber }[];
  raw: Record<string, unknown>;
}

/** The result of a successful trade_preimage reply, read exactly. */
export function preimage(reply: Reply): Preimage {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const r = reply.body.result as Record<string, unknown>;
  return {
    base: fee(r.base_coin_fee),
    rel: fee(r.rel_coin_fee),
    taker: r.taker_fee ? fee(r.taker_fee) : undefined,
    feeToSend: r.fee_to_send_taker_fee ? fee(r.fee_to_send_taker_fee) : undefined,
    volume: r.volume_fraction ? MmNumber.parse(r.volume_fraction) : undefined,
    totals: (r.total_fees as Record<string, unknown>[]).map((t) => ({
      coin: t.coin as string,
      amount: MmNumber.parse(t.amount_fraction),
      required: MmNumber.parse(t.required_balance_fraction),
    })),
    raw: r,
  };
}

export type Total = Preimage['totals'][number];

/**
 * `total_fees` (per coin, in the order the fees name them: base, rel, taker fee, its transfer)
 * against totals the test worked out itself: from the volume, the dex fee rate (1/777), the
 * coins' fee rates and sizes or the chain's gas, never from the reply's own fee objects.
 */
export function expectTotals(p: Preimage, expected: readonly Total[]): void {
  const plain = (ts: readonly Total[]) => ts.map((t) => [t.coin, t.amount.toFraction(), t.required.toFraction()]);
  expect(plain(p.totals)).toEqual(plain(expected));
}

export const sat = (n: MmNumber): bigint => n.toBaseUnits(8);
/** An amount of `n` satoshis (10^-8). */
export const sats = (n: bigint): MmNumber => MmNumber.fromBaseUnits(n, 8);

export function coinConfig(ticker: string): CoinConfig {
  const { coins } = parseCoinsConfig(JSON.parse(readFileSync(new URL('../../../public/coins.json', import.meta.url), 'utf8')));
  const config = coins.get(ticker);
  if (!config) throw new Error(`no ${ticker} in public/coins.json`);
  return config;
}

/** The address's unspent outputs as litecoind sees them. */
export async function daemonUnspents(chain: string, address: string): Promise<Unspent[]> {
  const unspents = await daemon(chain).unspents(address);
  return unspents.map((u) => ({ txid: u.txid, vout: u.vout, value: BigInt(Math.round(u.amount * 1e8)), height: u.height }));
}
