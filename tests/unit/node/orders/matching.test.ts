import { describe, expect, it } from 'vitest';
import cases from '../../../fixtures/orders/matching.json';
import { MmNumber } from '../../../../src/shared/number';
import {
  availableAmount,
  hasOngoingMatches,
  matchReserved,
  matchWithRequest,
  takerToMaker,
} from '../../../../src/node/orders/matching';
import type { MakerOrder, MakerReserved, TakerAction, TakerOrder, TakerRequest } from '../../../../src/node/orders/types';

const n = (v: string): MmNumber => MmNumber.parse(v);
const conf = { baseConfs: 1, baseNota: false, relConfs: 3, relNota: true };
const ZERO = '0'.repeat(64);

interface RequestCase {
  action: string;
  base: string;
  rel: string;
  baseAmount: string;
  relAmount: string;
}

function request(r: RequestCase, uuid = '11111111-1111-4111-8111-111111111111'): TakerRequest {
  return {
    base: r.base,
    rel: r.rel,
    baseAmount: n(r.baseAmount),
    relAmount: n(r.relAmount),
    action: r.action as TakerAction,
    uuid,
    senderPubkey: 'aa'.repeat(32),
    destPubKey: ZERO,
    matchBy: { type: 'Any' },
    confSettings: conf,
  };
}

function reserved(base: string, rel: string, baseAmount: string, relAmount: string): MakerReserved {
  return {
    base,
    rel,
    baseAmount: n(baseAmount),
    relAmount: n(relAmount),
    takerOrderUuid: 't',
    makerOrderUuid: 'm',
    senderPubkey: 'bb'.repeat(32),
    destPubKey: ZERO,
    confSettings: conf,
  };
}

function makerOrder(o: { base: string; rel: string; baseTicker?: string; price: string; max: string; min: string; reserved?: string }): MakerOrder {
  const order: MakerOrder = {
    uuid: 'm',
    base: o.base,
    rel: o.rel,
    price: n(o.price),
    maxBaseVol: n(o.max),
    minBaseVol: n(o.min),
    createdAt: 0,
    updatedAt: 0,
    matches: new Map(),
    startedSwaps: [],
    confSettings: conf,
    changesHistory: [],
    saveInHistory: true,
    baseOrderbookTicker: o.baseTicker ?? null,
    relOrderbookTicker: null,
    wasTaker: false,
  };
  if (o.reserved) {
    const req = request({ action: 'Buy', base: o.base, rel: o.rel, baseAmount: o.reserved, relAmount: o.reserved }, 'other');
    order.matches.set('other', { request: req, reserved: reserved(o.base, o.rel, o.reserved, o.reserved), lastUpdated: 0 });
  }
  return order;
}

function takerOrder(r: RequestCase, minVolume = '1', orderType: TakerOrder['orderType'] = 'GoodTillCancelled'): TakerOrder {
  return {
    createdAt: 0,
    request: request(r),
    matches: new Map(),
    minVolume: n(minVolume),
    orderType,
    timeout: 30,
    saveInHistory: true,
    baseOrderbookTicker: null,
    relOrderbookTicker: null,
  };
}

describe('maker order × taker request (KDF match_with_request)', () => {
  it.each(cases.matchWithRequest)('$description', ({ order, request: r, expected }) => {
    const result = matchWithRequest(makerOrder(order), request(r));
    expect(result && { base: result.base.toDecimalString(), rel: result.rel.toDecimalString() }).toEqual(expected);
  });
});

describe('taker order × maker reservation (KDF match_reserved)', () => {
  it.each(cases.matchReserved)('$description', ({ request: r, reserved: res, expected }) => {
    expect(matchReserved(takerOrder(r), reserved(res.base, res.rel, res.baseAmount, res.relAmount), 'bb'.repeat(32))).toBe(expected);
  });

  it('match_by Pubkeys and Orders restrict which makers may fill', () => {
    const t = takerOrder({ action: 'Buy', base: 'A', rel: 'B', baseAmount: '5', relAmount: '10' });
    const r = reserved('A', 'B', '5', '10');
    t.request.matchBy = { type: 'Pubkeys', data: ['cc'.repeat(32)] };
    expect(matchReserved(t, r, 'bb'.repeat(32))).toBe(false);
    expect(matchReserved(t, r, 'cc'.repeat(32))).toBe(true);
    t.request.matchBy = { type: 'Orders', data: ['x'] };
    expect(matchReserved(t, r, 'bb'.repeat(32))).toBe(false);
    t.request.matchBy = { type: 'Orders', data: ['m'] };
    expect(matchReserved(t, r, 'bb'.repeat(32))).toBe(true);
  });
});

describe('order arithmetic', () => {
  it('available = max − every reservation; an unconnected reservation is an ongoing match', () => {
    const o = makerOrder({ base: 'A', rel: 'B', price: '2', max: '10', min: '1', reserved: '4' });
    expect(availableAmount(o).toDecimalString()).toBe('6');
    expect(hasOngoingMatches(o)).toBe(true);
    const m = o.matches.get('other')!;
    m.connected = { takerOrderUuid: 'other', makerOrderUuid: 'm', senderPubkey: ZERO, destPubKey: ZERO };
    expect(hasOngoingMatches(o)).toBe(false);
    expect(availableAmount(o).toDecimalString()).toBe('6');
  });

  it('an unmatched Sell request becomes a maker order selling the same base, min volume kept', () => {
    const m = takerToMaker(takerOrder({ action: 'Sell', base: 'A', rel: 'B', baseAmount: '5', relAmount: '10' }, '2'), 99);
    expect([m.base, m.rel, m.price.toDecimalString(), m.maxBaseVol.toDecimalString(), m.minBaseVol.toDecimalString()]).toEqual(['A', 'B', '2', '5', '2']);
    expect(m.confSettings).toEqual(conf);
    expect([m.uuid, m.createdAt, m.updatedAt]).toEqual(['11111111-1111-4111-8111-111111111111', 99, 99]);
  });

  it('an unmatched Buy request becomes a maker order selling the rel, min volume and confs turned round', () => {
    const m = takerToMaker(takerOrder({ action: 'Buy', base: 'A', rel: 'B', baseAmount: '5', relAmount: '10' }, '2'), 99);
    expect([m.base, m.rel, m.price.toDecimalString(), m.maxBaseVol.toDecimalString(), m.minBaseVol.toDecimalString()]).toEqual(['B', 'A', '0.5', '10', '4']);
    expect(m.confSettings).toEqual({ baseConfs: 3, baseNota: true, relConfs: 1, relNota: false });
  });
});
