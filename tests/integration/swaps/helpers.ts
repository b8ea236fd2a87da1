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

/** `total_fees` as KDF defines it, from the four fees. */
export function expectedTotals(p: Preimage): Preimage['totals'] {
  const totals = new Map<string, { coin: string; amount: MmNumber; required: MmNumber }>();
  for (const f of [p.base, p.rel, p.taker, p.feeToSend]) {
    if (!f) continue;
    const t = totals.get(f.coin) ?? { coin: f.coin, amount: MmNumber.ZERO, required: MmNumber.ZERO };
    t.amount = t.amount.add(f.amount);
    if (!f.paidFromTradingVol) t.required = t.required.add(f.amount);
    totals.set(f.coin, t);
  }
  return [...totals.values()].filter((t) => !t.amount.isZero());
}

export function expectTotals(p: Preimage): void {
  const plain = (ts: Preimage['totals']) => ts.map((t) => [t.coin, t.amount.toFraction(), t.required.toFraction()]);
  expect(plain(p.totals)).toEqual(plain(expectedTotals(p)));
}

export const sat = (n: MmNumber): bigint => n.toBaseUnits(8);

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
