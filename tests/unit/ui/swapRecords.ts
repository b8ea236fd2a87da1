/**
 * Swap records for the page's tests, built as the node stores them and read back the way the page
 * reads `my_swap_status` (through `swapStatusToWire` and `readSwapStatus`), so the page is tested
 * against the node's own shapes rather than hand-written JSON.
 */
import type { MakerSavedSwap, TakerSavedSwap } from '../../../src/node/swaps/engine/savedSwap';
import { swapStatusToWire } from '../../../src/node/swaps/engine/statusWire';
import { readSwapStatus, type SwapStatus } from '../../../src/ui/lib/swaps';

export type MakerEvent = MakerSavedSwap['events'][number]['event'];

export const SWAP_UUID = '0b9b3e4a-7f7c-4d55-9a3f-2c1d3e4f5a6b';
export const ORDER_UUID = '1b9b3e4a-7f7c-4d55-9a3f-2c1d3e4f5a6b';
export const STARTED_AT = 1_790_000_000;
export const HASH = (c: string): string => c.repeat(64);
export const tx = (c: string) => ({ tx_hex: '00', tx_hash: HASH(c) });

const PUB_1 = '02'.padEnd(66, '1');
const PUB_2 = '02'.padEnd(66, '2');

/** What both sides' Started events hold: RLTC1 0.5 (maker) for RLTC2 1 (taker). */
const startedCommon = (uuid: string, startedAt: number) => ({
  taker_coin: 'RLTC2',
  maker_coin: 'RLTC1',
  my_persistent_pub: PUB_1,
  lock_duration: 7800,
  maker_amount: '0.5',
  taker_amount: '1',
  maker_payment_confirmations: 1,
  maker_payment_requires_nota: false,
  taker_payment_confirmations: 2,
  taker_payment_requires_nota: false,
  uuid,
  started_at: startedAt,
  maker_coin_start_block: 100,
  taker_coin_start_block: 100,
  maker_coin_htlc_pubkey: PUB_1,
  taker_coin_htlc_pubkey: PUB_1,
});

export const makerStarted = (uuid = SWAP_UUID, startedAt = STARTED_AT): MakerEvent => ({
  type: 'Started',
  data: {
    ...startedCommon(uuid, startedAt),
    taker: '1'.repeat(64),
    secret: 'ab'.repeat(32),
    secret_hash: 'cd'.repeat(10),
    maker_payment_lock: startedAt + 15_600,
  },
});

export const makerNegotiated: MakerEvent = {
  type: 'Negotiated',
  data: {
    taker_payment_locktime: STARTED_AT + 7800,
    taker_pubkey: PUB_2,
    maker_coin_swap_contract_addr: null,
    taker_coin_swap_contract_addr: null,
    maker_coin_htlc_pubkey: PUB_1,
    taker_coin_htlc_pubkey: PUB_2,
  },
};

/** The saved record's fields both sides share. */
const recordCommon = { maker_amount: '0.5', maker_coin: 'RLTC1', taker_amount: '1', taker_coin: 'RLTC2', gui: null, mm_version: 'test' };

/** A maker swap whose events are a second apart from its start. */
export function makerRecord(
  events: MakerEvent[],
  { uuid = SWAP_UUID, orderUuid = ORDER_UUID, startedAt = STARTED_AT } = {},
): MakerSavedSwap {
  return {
    v: 1,
    type: 'Maker',
    uuid,
    my_order_uuid: orderUuid,
    ...recordCommon,
    events: events.map((event, i) => ({ timestamp: startedAt * 1000 + i * 1000, event })),
  };
}

/** A taker swap that has only started. */
export function takerStartedRecord(uuid: string, startedAt: number): TakerSavedSwap {
  const started = {
    type: 'Started' as const,
    data: {
      ...startedCommon(uuid, startedAt),
      maker: '1'.repeat(64),
      maker_payment_wait: startedAt + 3000,
      taker_payment_lock: startedAt + 7800,
      fee_to_send_dex_fee: null,
    },
  };
  return {
    v: 1,
    type: 'Taker',
    uuid,
    my_order_uuid: uuid,
    ...recordCommon,
    events: [{ timestamp: startedAt * 1000, event: started }],
  } as unknown as TakerSavedSwap;
}

/** The record as the page reads it from `my_swap_status`. */
export function pageStatus(record: MakerSavedSwap | TakerSavedSwap): SwapStatus {
  const s = readSwapStatus(JSON.parse(JSON.stringify(swapStatusToWire(record))));
  if (!s) throw new Error('the node record did not read');
  return s;
}
