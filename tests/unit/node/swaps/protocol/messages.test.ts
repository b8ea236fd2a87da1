import { describe, expect, it } from 'vitest';
import fixtures from '../../../../fixtures/swaps/swap-messages.json';
import { bytesToHex, hexToBytes } from '../../../../../src/node/crypto';
import { MsgpackError } from '../../../../../src/node/p2p/msgpack';
import {
  decodeSwapMsg,
  encodeSwapMsg,
  htlcPubkeys,
  MAX_SWAP_TX_BYTES,
  swapTopic,
  type NegotiationData,
  type SwapMsg,
} from '../../../../../src/node/swaps/protocol/messages';

const BYTE_FIELDS = [
  'secretHash',
  'persistentPubkey',
  'makerCoinSwapContract',
  'takerCoinSwapContract',
  'makerCoinHtlcPub',
  'takerCoinHtlcPub',
] as const;

/** A fixture's message with its hex fields as bytes. */
function fixtureMsg(m: Record<string, unknown>): SwapMsg {
  if (m.type === 'Negotiation' || m.type === 'NegotiationReply') {
    const data = { ...(m.data as Record<string, unknown>) };
    for (const f of BYTE_FIELDS) if (typeof data[f] === 'string') data[f] = hexToBytes(data[f] as string);
    return { type: m.type, data: data as unknown as NegotiationData };
  }
  if (m.type === 'TakerPayment') return { type: 'TakerPayment', tx: hexToBytes(m.tx as string) };
  if (m.type === 'TakerFee' || m.type === 'MakerPayment') {
    const tx = m.tx as { data: string; instructions?: string };
    return { type: m.type, tx: { data: hexToBytes(tx.data), ...(tx.instructions !== undefined && { instructions: hexToBytes(tx.instructions) }) } };
  }
  return m as SwapMsg;
}

describe('SwapMsg codec: rmp-serde 0.14 layout (kdf-facts §4.3, §5.2), bytes written by hand', () => {
  it.each(fixtures.messages)('$description encodes to the vector', ({ msg, hex }) => {
    expect(bytesToHex(encodeSwapMsg(fixtureMsg(msg)))).toBe(hex);
  });

  it.each(fixtures.messages)('$description decodes from the vector', ({ msg, hex }) => {
    expect(decodeSwapMsg(hexToBytes(hex))).toEqual(fixtureMsg(msg));
  });

  it.each(fixtures.rejected)('refuses $description', ({ hex }) => {
    expect(() => decodeSwapMsg(hexToBytes(hex))).toThrow(MsgpackError);
  });
});

describe('SwapMsg codec: what a hostile peer sends', () => {
  it('refuses a transaction over the standard size before reading its bytes', () => {
    const tx = new Uint8Array(MAX_SWAP_TX_BYTES + 1);
    const bytes = encodeSwapMsg({ type: 'TakerPayment', tx });
    expect(() => decodeSwapMsg(bytes)).toThrow(/at most 100000 bytes/);
  });

  it('takes a transaction of exactly the standard size', () => {
    const tx = new Uint8Array(MAX_SWAP_TX_BYTES).fill(7);
    expect(decodeSwapMsg(encodeSwapMsg({ type: 'MakerPayment', tx: { data: tx } }))).toEqual({ type: 'MakerPayment', tx: { data: tx } });
  });

  it('refuses to encode a V1 negotiation without a 20-byte secret hash', () => {
    const data: NegotiationData = { version: 1, startedAt: 1, paymentLocktime: 2, secretHash: new Uint8Array(32), persistentPubkey: new Uint8Array(33) };
    expect(() => encodeSwapMsg({ type: 'Negotiation', data })).toThrow(MsgpackError);
  });

  it('refuses to encode a V3 negotiation without its HTLC keys', () => {
    const data: NegotiationData = {
      version: 3,
      startedAt: 1,
      paymentLocktime: 2,
      secretHash: new Uint8Array(20),
      makerCoinSwapContract: new Uint8Array(0),
      takerCoinSwapContract: new Uint8Array(0),
    };
    expect(() => encodeSwapMsg({ type: 'NegotiationReply', data })).toThrow(/makerCoinHtlcPub/);
  });
});

describe('negotiation helpers', () => {
  it('V1/V2 name the persistent key for both coins, V3 its own keys', () => {
    const persistent = new Uint8Array(33).fill(2);
    expect(htlcPubkeys({ version: 2, startedAt: 0, paymentLocktime: 0, secretHash: new Uint8Array(20), persistentPubkey: persistent })).toEqual({
      makerCoin: persistent,
      takerCoin: persistent,
    });
    const maker = new Uint8Array(33).fill(3);
    const taker = new Uint8Array(33).fill(4);
    const v3: NegotiationData = { version: 3, startedAt: 0, paymentLocktime: 0, secretHash: new Uint8Array(20), makerCoinHtlcPub: maker, takerCoinHtlcPub: taker };
    expect(htlcPubkeys(v3)).toEqual({ makerCoin: maker, takerCoin: taker });
  });

  it('names the topic as KDF does', () => {
    expect(swapTopic('3447B727-FE93-4357-8E5A-8CF2699B7E86')).toBe('swap/3447b727-fe93-4357-8e5a-8cf2699b7e86');
  });
});
