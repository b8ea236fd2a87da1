/**
 * The two HTLC payments of a negotiated swap, as both sides must see them byte for byte: the
 * maker's pays the maker coin to the taker's key, locked until `maker_payment_lock`; the taker's
 * pays the taker coin to the maker's key, locked until `taker_payment_lock`; both behind the
 * maker's secret hash. Built from the stored `Started` and `Negotiated` data only.
 */
import { MmNumber } from '../../../shared/number';
import type { HtlcTerms } from '../../coins/swapOps';
import { hexToBytes } from '../../crypto';
import type { MakerNegotiationData, MakerSwapData, TakerNegotiationData, TakerSwapData } from './events';

export interface SwapTerms {
  makerPayment: HtlcTerms;
  takerPayment: HtlcTerms;
}

const contract = (hex: string | undefined): { swapContract?: string } => (hex ? { swapContract: `0x${hex}` } : {});

export function makerSideTerms(d: MakerSwapData, n: TakerNegotiationData): SwapTerms {
  const secretHash = hexToBytes(d.secret_hash);
  return {
    makerPayment: {
      timeLock: d.maker_payment_lock,
      senderPubkey: hexToBytes(d.maker_coin_htlc_pubkey),
      receiverPubkey: hexToBytes(n.maker_coin_htlc_pubkey),
      secretHash,
      amount: MmNumber.parse(d.maker_amount),
      ...contract(d.maker_coin_swap_contract_address),
    },
    takerPayment: {
      timeLock: n.taker_payment_locktime,
      senderPubkey: hexToBytes(n.taker_coin_htlc_pubkey),
      receiverPubkey: hexToBytes(d.taker_coin_htlc_pubkey),
      secretHash,
      amount: MmNumber.parse(d.taker_amount),
      ...contract(d.taker_coin_swap_contract_address),
    },
  };
}

export function takerSideTerms(d: TakerSwapData, n: MakerNegotiationData): SwapTerms {
  const secretHash = hexToBytes(n.secret_hash);
  return {
    makerPayment: {
      timeLock: n.maker_payment_locktime,
      senderPubkey: hexToBytes(n.maker_coin_htlc_pubkey),
      receiverPubkey: hexToBytes(d.maker_coin_htlc_pubkey),
      secretHash,
      amount: MmNumber.parse(d.maker_amount),
      ...contract(d.maker_coin_swap_contract_address),
    },
    takerPayment: {
      timeLock: d.taker_payment_lock,
      senderPubkey: hexToBytes(d.taker_coin_htlc_pubkey),
      receiverPubkey: hexToBytes(n.taker_coin_htlc_pubkey),
      secretHash,
      amount: MmNumber.parse(d.taker_amount),
      ...contract(d.taker_coin_swap_contract_address),
    },
  };
}
