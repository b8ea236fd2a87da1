/**
 * Live confirmations on the swap screen: each transaction the node waits for shows the node's last
 * `swap_confirmations` count against what it requires, "confirmed" once its step moved on, and, with
 * no count heard (after a reload), an unknown count until the node's next one — never a guess.
 * Records go through the node's own `my_swap_status` serializer, as the page reads them.
 */
import { describe, expect, it } from 'vitest';
import type { MakerSavedSwap } from '../../../src/node/swaps/engine/savedSwap';
import { swapStatusToWire } from '../../../src/node/swaps/engine/statusWire';
import type { SwapConfirmationsData } from '../../../src/shared/wire';
import { confirmationsText, readSwapConfirmations, readSwapStatus, swapSteps, txConfirmations, type SwapStatus } from '../../../src/ui/lib/swaps';

const UUID = '0b9b3e4a-7f7c-4d55-9a3f-2c1d3e4f5a6b';
const OTHER_UUID = '9b9b3e4a-7f7c-4d55-9a3f-2c1d3e4f5a6b';
const HASH = (c: string): string => c.repeat(64);
const STARTED_AT = 1_790_000_000;
const tx = (c: string) => ({ tx_hex: '00', tx_hash: HASH(c) });
type Event = MakerSavedSwap['events'][number]['event'];

const started: Event = {
  type: 'Started',
  data: {
    taker_coin: 'RLTC2',
    maker_coin: 'RLTC1',
    taker: '1'.repeat(64),
    secret: 'ab'.repeat(32),
    secret_hash: 'cd'.repeat(10),
    my_persistent_pub: '02'.padEnd(66, '1'),
    lock_duration: 7800,
    maker_amount: '0.5',
    taker_amount: '1',
    maker_payment_confirmations: 1,
    maker_payment_requires_nota: false,
    taker_payment_confirmations: 2,
    taker_payment_requires_nota: false,
    maker_payment_lock: STARTED_AT + 15_600,
    uuid: UUID,
    started_at: STARTED_AT,
    maker_coin_start_block: 100,
    taker_coin_start_block: 100,
    maker_coin_htlc_pubkey: '02'.padEnd(66, '1'),
    taker_coin_htlc_pubkey: '02'.padEnd(66, '1'),
  },
};
const negotiated: Event = {
  type: 'Negotiated',
  data: {
    taker_payment_locktime: STARTED_AT + 7800,
    taker_pubkey: '02'.padEnd(66, '2'),
    maker_coin_swap_contract_addr: null,
    taker_coin_swap_contract_addr: null,
    maker_coin_htlc_pubkey: '02'.padEnd(66, '1'),
    taker_coin_htlc_pubkey: '02'.padEnd(66, '2'),
  },
};
/** The maker has the taker's payment (hash c) and waits for its 2 confirmations. */
const waiting: Event[] = [
  started,
  negotiated,
  { type: 'TakerFeeValidated', data: tx('a') },
  { type: 'MakerPaymentSent', data: tx('b') },
  { type: 'TakerPaymentReceived', data: tx('c') },
  { type: 'TakerPaymentWaitConfirmStarted' },
];

function record(events: Event[]): SwapStatus {
  const saved: MakerSavedSwap = {
    v: 1,
    type: 'Maker',
    uuid: UUID,
    my_order_uuid: '1b9b3e4a-7f7c-4d55-9a3f-2c1d3e4f5a6b',
    maker_amount: '0.5',
    maker_coin: 'RLTC1',
    taker_amount: '1',
    taker_coin: 'RLTC2',
    gui: null,
    mm_version: 'test',
    events: events.map((event, i) => ({ timestamp: STARTED_AT * 1000 + i * 1000, event })),
  };
  const s = readSwapStatus(JSON.parse(JSON.stringify(swapStatusToWire(saved))));
  if (!s) throw new Error('the node record did not read');
  return s;
}

const count = (hash: string, confirmations: number | null, extra: Partial<SwapConfirmationsData> = {}): SwapConfirmationsData => ({
  uuid: UUID,
  coin: 'RLTC2',
  tx_hash: hash,
  confirmations,
  required: 2,
  ...extra,
});
const at = (s: SwapStatus, type: string): number => s.events.findIndex((e) => e.event.type === type);
const confsOf = (s: SwapStatus, type: string, live: SwapConfirmationsData[]) => txConfirmations(s, at(s, type), live);

describe('swap_confirmations from the node', () => {
  it('reads a count as the engine sends it, and only that', () => {
    const good = { uuid: UUID.toUpperCase(), coin: 'RLTC2', tx_hash: HASH('c'), confirmations: 1, required: 2 };
    expect(readSwapConfirmations(good)).toEqual({ ...good, uuid: UUID });
    expect(readSwapConfirmations({ ...good, confirmations: null })).toMatchObject({ confirmations: null });
    expect(readSwapConfirmations({ ...good, uuid: 'x' })).toBeNull();
    expect(readSwapConfirmations({ ...good, confirmations: -1 })).toBeNull();
    expect(readSwapConfirmations({ ...good, confirmations: 1.5 })).toBeNull();
    expect(readSwapConfirmations({ ...good, confirmations: '1' })).toBeNull();
    expect(readSwapConfirmations({ ...good, required: 0 })).toBeNull();
    expect(readSwapConfirmations({ ...good, tx_hash: '<img src=x>' })).toBeNull();
    expect(readSwapConfirmations({ ...good, coin: 'a b' })).toBeNull();
    expect(readSwapConfirmations(null)).toBeNull();
  });
});

describe('a transaction the node waits for', () => {
  it('shows the node’s last count against the requirement, for this swap only', () => {
    const s = record(waiting);
    expect(confsOf(s, 'TakerPaymentReceived', [count(HASH('c'), 0)])).toEqual({ kind: 'live', confirmations: 0, required: 2, resentAs: null });
    const live = [count(HASH('c'), 0), count(HASH('c'), 1), count(HASH('c'), 9, { uuid: OTHER_UUID })];
    const c = confsOf(s, 'TakerPaymentReceived', live);
    expect(c).toEqual({ kind: 'live', confirmations: 1, required: 2, resentAs: null });
    expect(c && confirmationsText(c)).toBe('1 / 2 confirmations');
    expect(confirmationsText({ kind: 'live', confirmations: 0, required: 1, resentAs: null })).toBe('0 / 1 confirmation (in the mempool)');
    expect(confirmationsText({ kind: 'live', confirmations: null, required: 2, resentAs: null })).toBe('– / 2 confirmations (not seen on the chain)');
    // The screen's steps carry it.
    expect(swapSteps(s, live).find((x) => x.type === 'TakerPaymentReceived')?.confirmations).toEqual(c);
  });

  it('after a reload (no count heard) says the count is unknown, with the requirement from the stored swap', () => {
    const s = record(waiting);
    const c = confsOf(s, 'TakerPaymentReceived', []);
    expect(c).toEqual({ kind: 'unknown', required: 2 });
    expect(c && confirmationsText(c)).toMatch(/^\? \/ 2 confirmations/);
    // A count of another swap, or of another transaction of another coin, is not taken for it.
    expect(confsOf(s, 'TakerPaymentReceived', [count(HASH('c'), 1, { uuid: OTHER_UUID }), count(HASH('f'), 1, { coin: 'RLTC1' })])).toEqual({ kind: 'unknown', required: 2 });
  });

  it('is confirmed once its step moved on, stored events alone (a reload) telling it', () => {
    const s = record([...waiting, { type: 'TakerPaymentValidatedAndConfirmed' }]);
    expect(confsOf(s, 'TakerPaymentReceived', [])).toEqual({ kind: 'confirmed' });
    expect(confsOf(s, 'TakerPaymentReceived', [count(HASH('c'), 1)])).toEqual({ kind: 'confirmed' });
    expect(confirmationsText({ kind: 'confirmed' })).toBe('confirmed');
  });

  it('keeps the last count when the wait ended without it, and invents none', () => {
    const failed = record([...waiting, { type: 'TakerPaymentWaitConfirmFailed', data: { error: 'Taker payment not confirmed in time' } }]);
    const c = confsOf(failed, 'TakerPaymentReceived', [count(HASH('c'), 1)]);
    expect(c).toEqual({ kind: 'ended', confirmations: 1, required: 2 });
    expect(c && confirmationsText(c)).toBe('1 / 2 confirmations when the wait ended');
    const none = confsOf(failed, 'TakerPaymentReceived', []);
    expect(none).toEqual({ kind: 'ended', confirmations: null, required: null });
    expect(none && confirmationsText(none)).toBeNull();
  });

  it('counts a spend the node sent again under its new hash, for the last watched step only', () => {
    const s = record([...waiting, { type: 'TakerPaymentValidatedAndConfirmed' }, { type: 'TakerPaymentSpent', data: tx('d') }, { type: 'TakerPaymentSpendConfirmStarted' }]);
    const resent = [count(HASH('e'), 0)];
    expect(confsOf(s, 'TakerPaymentSpent', resent)).toEqual({ kind: 'live', confirmations: 0, required: 2, resentAs: HASH('e') });
    expect(confsOf(s, 'TakerPaymentReceived', resent)).toEqual({ kind: 'confirmed' });
    // A hash of the other coin is not this spend's.
    expect(confsOf(s, 'TakerPaymentSpent', [count(HASH('e'), 0, { coin: 'RLTC1' })])).toEqual({ kind: 'unknown', required: 2 });
  });

  it('waits for one confirmation of a refund, confirmed by RefundFinished', () => {
    const refunding: Event[] = [
      ...waiting.slice(0, 4),
      { type: 'TakerPaymentValidateFailed', data: { error: 'no payment' } },
      { type: 'MakerPaymentWaitRefundStarted', data: { wait_until: STARTED_AT + 19_300 } },
      { type: 'MakerPaymentRefundStarted' },
      { type: 'MakerPaymentRefunded', data: tx('9') },
    ];
    const s = record(refunding);
    expect(confsOf(s, 'MakerPaymentRefunded', [])).toEqual({ kind: 'unknown', required: 1 });
    expect(confsOf(s, 'MakerPaymentRefunded', [count(HASH('9'), 0, { coin: 'RLTC1', required: 1 })])).toMatchObject({ kind: 'live', confirmations: 0 });
    const done = record([...refunding, { type: 'MakerPaymentRefundFinished' }, { type: 'Finished' }]);
    expect(confsOf(done, 'MakerPaymentRefunded', [])).toEqual({ kind: 'confirmed' });
  });

  it('has no live count for transactions the other side waits for (its own payment, the fee)', () => {
    const s = record(waiting);
    expect(confsOf(s, 'MakerPaymentSent', [count(HASH('b'), 1, { coin: 'RLTC1' })])).toBeNull();
    expect(confsOf(s, 'TakerFeeValidated', [])).toBeNull();
    expect(swapSteps(s).find((x) => x.type === 'MakerPaymentSent')).toMatchObject({ confirmations: null, tx: { requiredConfirmations: 1 } });
  });
});
