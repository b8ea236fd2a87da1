/**
 * A new swap's first event: KDF's `MakerSwapData` / `TakerSwapData` from the match, this node's
 * keys and the coins' current blocks. Every lock and deadline of the swap follows from
 * `started_at` and `lock_duration` stored here.
 */
import type { MmNumber } from '../../../shared/number';
import { bytesToHex } from '../../crypto';
import { atomicLocktime, swapDeadlines } from '../protocol/lockTime';
import { deriveSwapSecret, secretHash } from '../protocol/secret';
import type { MakerSwapData, TakerSwapData } from './events';
import { contractHex } from './negotiation';
import type { SwapCoin } from './run';
import { SAVED_SWAP_VERSION, type MakerSavedSwap, type TakerSavedSwap } from './savedSwap';

/** A connected match, as the orders domain hands it over (plain values: swaps never import orders). */
export interface SwapStartParams {
  uuid: string;
  role: 'Maker' | 'Taker';
  makerOrderUuid: string;
  /** The counterparty's 32-byte x-only pubkey hex. */
  otherPubkey: string;
  makerCoin: string;
  takerCoin: string;
  makerAmount: MmNumber;
  takerAmount: MmNumber;
  /** The match's confirmation settings, in maker-coin / taker-coin terms. */
  makerPaymentConfirmations: number;
  makerPaymentRequiresNota: boolean;
  takerPaymentConfirmations: number;
  takerPaymentRequiresNota: boolean;
}

/** This node's identity and version, as the saved swap records them. */
export interface SwapIdentity {
  /** 33-byte compressed persistent pubkey (also the HTLC key in iguana mode). */
  pubkey: Uint8Array;
  privkey: Uint8Array;
  gui: string | null;
  mmVersion: string;
  /** The conf's `payment_locktime` (KDF's PAYMENT_LOCKTIME by default). */
  paymentLocktime: number;
}

interface StartCoins {
  maker: SwapCoin;
  taker: SwapCoin;
  makerStartBlock: number;
  takerStartBlock: number;
}

function common(p: SwapStartParams, me: SwapIdentity, coins: StartCoins, startedAt: number): Omit<MakerSwapData, 'taker' | 'secret' | 'secret_hash' | 'maker_payment_lock'> {
  const nota = { makerCoinNota: p.makerPaymentRequiresNota, takerCoinNota: p.takerPaymentRequiresNota };
  const pub = bytesToHex(me.pubkey);
  const makerContract = contractHex(coins.maker.ops.swapContractBytes);
  const takerContract = contractHex(coins.taker.ops.swapContractBytes);
  return {
    taker_coin: p.takerCoin,
    maker_coin: p.makerCoin,
    my_persistent_pub: pub,
    lock_duration: atomicLocktime(p.makerCoin, p.takerCoin, nota, nota, me.paymentLocktime),
    maker_amount: p.makerAmount.toDecimalString(),
    taker_amount: p.takerAmount.toDecimalString(),
    maker_payment_confirmations: p.makerPaymentConfirmations,
    maker_payment_requires_nota: p.makerPaymentRequiresNota,
    taker_payment_confirmations: p.takerPaymentConfirmations,
    taker_payment_requires_nota: p.takerPaymentRequiresNota,
    uuid: p.uuid,
    started_at: startedAt,
    maker_coin_start_block: coins.makerStartBlock,
    taker_coin_start_block: coins.takerStartBlock,
    ...(makerContract ? { maker_coin_swap_contract_address: makerContract } : {}),
    ...(takerContract ? { taker_coin_swap_contract_address: takerContract } : {}),
    maker_coin_htlc_pubkey: pub,
    taker_coin_htlc_pubkey: pub,
  };
}

function savedCommon(p: SwapStartParams, me: SwapIdentity) {
  return {
    v: SAVED_SWAP_VERSION,
    uuid: p.uuid,
    my_order_uuid: p.role === 'Maker' ? p.makerOrderUuid : p.uuid,
    maker_amount: p.makerAmount.toDecimalString(),
    maker_coin: p.makerCoin,
    taker_amount: p.takerAmount.toDecimalString(),
    taker_coin: p.takerCoin,
    gui: me.gui,
    mm_version: me.mmVersion,
  } as const;
}

/** `nowMs`: the start time; `started_at` is its unix second. */
export function newMakerSwap(p: SwapStartParams, me: SwapIdentity, coins: StartCoins, nowMs: number): MakerSavedSwap {
  const startedAt = Math.floor(nowMs / 1000);
  const base = common(p, me, coins, startedAt);
  const secret = deriveSwapSecret(me.privkey, p.uuid);
  const data: MakerSwapData = {
    ...base,
    taker: p.otherPubkey,
    secret: bytesToHex(secret),
    secret_hash: bytesToHex(secretHash(secret)),
    maker_payment_lock: swapDeadlines(startedAt, base.lock_duration).makerPaymentLock,
  };
  return { ...savedCommon(p, me), type: 'Maker', events: [{ timestamp: nowMs, event: { type: 'Started', data } }] };
}

export function newTakerSwap(p: SwapStartParams, me: SwapIdentity, coins: StartCoins, nowMs: number): TakerSavedSwap {
  const startedAt = Math.floor(nowMs / 1000);
  const base = common(p, me, coins, startedAt);
  const deadlines = swapDeadlines(startedAt, base.lock_duration);
  const data: TakerSwapData = {
    ...base,
    maker: p.otherPubkey,
    taker_payment_lock: deadlines.takerPaymentLock,
    maker_payment_wait: deadlines.makerPaymentWait,
  };
  return { ...savedCommon(p, me), type: 'Taker', events: [{ timestamp: nowMs, event: { type: 'Started', data } }] };
}
