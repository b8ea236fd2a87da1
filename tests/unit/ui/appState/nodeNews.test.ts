import { describe, expect, it } from 'vitest';
import { incomingAmount, matchNews, paymentNews, swapNews } from '../../../../src/ui/lib/nodeNews';
import { followNews } from '../../../../src/ui/lib/newsFeed';
import type { ToastInput } from '../../../../src/ui/lib/toasts';
import { NodeEvents } from '../../../../src/shared/wire';

const UUID = '0b6f3ac4-8e2d-4b8a-9c3e-1f2a3b4c5d6e';
const MAKER_UUID = '1b6f3ac4-8e2d-4b8a-9c3e-1f2a3b4c5d6e';

describe('what is worth telling', () => {
  it('tells a payment by the growth of the total balance, exactly', () => {
    expect(incomingAmount({ balance: '1', unspendable: '0' }, { balance: '1', unspendable: '0.3' })).toBe('0.3');
    expect(incomingAmount({ balance: '0.1', unspendable: '0.2' }, { balance: '0.1', unspendable: '0.5' })).toBe('0.3');
    // Confirmation moves the amount from unspendable to balance: nothing new arrived.
    expect(incomingAmount({ balance: '1', unspendable: '0.3' }, { balance: '1.3', unspendable: '0' })).toBeNull();
    // A send (with its change unconfirmed) lowers the total.
    expect(incomingAmount({ balance: '2', unspendable: '0' }, { balance: '0', unspendable: '1.4' })).toBeNull();
    // Unknown before (the coin's first read) or unreadable from the network: no claim.
    expect(incomingAmount({ balance: '', unspendable: '' }, { balance: '5', unspendable: '0' })).toBeNull();
    expect(incomingAmount({ balance: '1', unspendable: '0' }, { balance: '1e999999', unspendable: '0' })).toBeNull();
    expect(incomingAmount({ balance: '1', unspendable: '0' }, { balance: 'NaN', unspendable: '0' })).toBeNull();
    expect(incomingAmount({ balance: '1', unspendable: '0' }, { balance: '12345678901234567890.000000001', unspendable: '' })).toBe(
      '12345678901234567889.000000001',
    );
  });

  it('words payments, matches and swap steps', () => {
    expect(paymentNews('RLTC1', '0.5')).toEqual({ title: 'RLTC1 received', body: '0.5 RLTC1 arrived in this wallet.', tone: 'ok' });
    expect(paymentNews('ETHDEV', '1.234567890123456789').body).toBe('1.23456789 ETHDEV arrived in this wallet.');
    const match = { role: 'Maker' as const, connected: false, swapUuid: UUID, makerOrderUuid: MAKER_UUID };
    expect(matchNews(match)).toMatchObject({ title: 'Order matched', swapUuid: UUID, key: `swap:${UUID}`, tone: 'info' });
    expect(matchNews({ ...match, connected: true })).toBeNull();
    const step = (type: string, role: 'Maker' | 'Taker' = 'Taker') => swapNews({ uuid: UUID, type: role, event: { timestamp: 1, event: { type } } });
    expect(step('TakerPaymentSent')).toMatchObject({ title: 'Swap 0b6f3ac4', tone: 'info', key: `swap:${UUID}`, swapUuid: UUID });
    expect(step('TakerPaymentSent').body).not.toBe('');
    expect(step('MakerPaymentValidateFailed').tone).toBe('error');
    expect(step('Finished')).toMatchObject({ title: 'Swap 0b6f3ac4 ended', tone: 'ok' });
  });
});

describe('following the node', () => {
  function fakeSources() {
    const handlers = new Map<string, (d: unknown) => void>();
    let received: ((t: string, a: string) => void) | null = null;
    return {
      handlers,
      pay: (t: string, a: string) => received?.(t, a),
      src: {
        client: {
          on: (event: string, fn: (d: unknown) => void) => {
            handlers.set(event, fn);
            return () => handlers.delete(event);
          },
        },
        onReceived: (fn: (t: string, a: string) => void) => {
          received = fn;
          return () => (received = null);
        },
      },
    };
  }

  it('tells each event once, ignores payloads that are not events, and stops', () => {
    const f = fakeSources();
    const told: ToastInput[] = [];
    const stop = followNews(f.src, (n) => told.push(n));
    f.pay('RLTC1', '1.5');
    f.handlers.get(NodeEvents.orderMatched)?.({
      order_type: 'TakerMatch',
      order_data: { reserved: { taker_order_uuid: UUID, maker_order_uuid: MAKER_UUID } },
    });
    f.handlers.get(NodeEvents.swapStatus)?.({ uuid: UUID, type: 'Taker', event: { timestamp: 1, event: { type: 'Negotiated' } } });
    // Hostile or broken payloads from the worker channel.
    f.handlers.get(NodeEvents.swapStatus)?.({ uuid: 'x', type: 'Taker', event: { timestamp: 1, event: { type: 'Negotiated' } } });
    f.handlers.get(NodeEvents.swapStarted)?.(null);
    f.handlers.get(NodeEvents.orderMatched)?.({ order_type: '__proto__', order_data: {} });
    expect(told.map((t) => t.title)).toEqual(['RLTC1 received', 'Order matched', 'Swap 0b6f3ac4']);
    stop();
    expect(f.handlers.size).toBe(0);
    f.pay('RLTC1', '2');
    expect(told).toHaveLength(3);
  });
});
