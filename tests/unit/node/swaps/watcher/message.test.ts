/**
 * KDF's `SwapWatcherMsg::TakerSwapWatcherMsg(TakerSwapWatcherData)` on the wire. The expected bytes
 * are written out by hand from KDF's declarations (`swap_watcher.rs`: the enum, then the struct's 16
 * fields in order) and msgpack's spec, as `rmp_serde` 0.14 writes them: the newtype variant as the
 * map `{0: …}`, the struct as an array, `Vec<u8>` as arrays of ints (values ≥ 0x80 as `cc xx`),
 * the `Uuid` as its hyphenated text (0.14 is human-readable, see KDF's `CompactUuid` comment:
 * "Default MsgPack encoded UUID length is 38 bytes"), `Option<bool>` None as nil.
 */
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../../../src/node/crypto';
import { encodeMsgpack } from '../../../../../src/node/p2p/msgpack';
import { MsgMap } from '../../../../../src/node/p2p/msgpackCodec';
import { decodeWatcherMsg, encodeWatcherMsg, MAX_WATCHER_MSG_BYTES, watcherTopic, type TakerSwapWatcherData } from '../../../../../src/node/swaps/watcher/message';

const data: TakerSwapWatcherData = {
  uuid: '5a4f6b0e-8f3c-4a8a-9d2b-1c3e5f7a9b0d',
  secretHash: Uint8Array.from({ length: 20 }, (_, i) => i + 1),
  makerPaymentSpendPreimage: Uint8Array.of(0xde, 0xad),
  takerPaymentRefundPreimage: Uint8Array.of(0xbe, 0xef, 0x01),
  swapStartedAt: 1_700_000_000,
  lockDuration: 7800,
  takerCoin: 'RLTC1',
  takerFeeHash: new Uint8Array(32).fill(0xaa),
  takerPaymentHash: new Uint8Array(32).fill(0x11),
  takerCoinStartBlock: 150,
  takerPaymentConfirmations: 1,
  takerPaymentRequiresNota: null,
  makerCoin: 'RLTC2',
  makerPub: Uint8Array.of(0x02, ...new Uint8Array(32).fill(0x22)),
  makerPaymentHash: new Uint8Array(32).fill(0x33),
  makerCoinStartBlock: 65_536,
};

const ascii = (s: string): string => Buffer.from(s, 'ascii').toString('hex');
const EXPECTED = [
  '81', '00', // {0: …}: TakerSwapWatcherMsg
  'dc0010', // array16 of 16 fields
  'd924', ascii('5a4f6b0e-8f3c-4a8a-9d2b-1c3e5f7a9b0d'), // uuid: str8 of 36
  'dc0014', '0102030405060708090a0b0c0d0e0f1011121314', // secret_hash: array16 of 20 (fixarray stops at 15)
  '92', 'ccde', 'ccad', // maker_payment_spend_preimage
  '93', 'ccbe', 'ccef', '01', // taker_payment_refund_preimage
  'ce', '6553f100', // swap_started_at 1700000000
  'cd', '1e78', // lock_duration 7800
  'a5', ascii('RLTC1'), // taker_coin
  'dc0020', 'ccaa'.repeat(32), // taker_fee_hash
  'dc0020', '11'.repeat(32), // taker_payment_hash
  'cc96', // taker_coin_start_block 150
  '01', // taker_payment_confirmations
  'c0', // taker_payment_requires_nota: None
  'a5', ascii('RLTC2'), // maker_coin
  'dc0021', '02', '22'.repeat(32), // maker_pub
  'dc0020', '33'.repeat(32), // maker_payment_hash
  'ce', '00010000', // maker_coin_start_block 65536
].join('');

describe("KDF's swap watcher message", () => {
  it('encodes TakerSwapWatcherData exactly as rmp-serde 0.14 does', () => {
    expect(bytesToHex(encodeWatcherMsg(data))).toBe(EXPECTED);
  });

  it('decodes those bytes back to the same fields', () => {
    expect(decodeWatcherMsg(hexToBytes(EXPECTED))).toEqual(data);
  });

  it('reads Some(true) for requires_nota, and byte fields sent as msgpack bin', () => {
    const some = hexToBytes(EXPECTED.replace('01c0a5', '01c3a5'));
    expect(decodeWatcherMsg(some).takerPaymentRequiresNota).toBe(true);
    const asBin = EXPECTED.replace('dc0014' + '0102030405060708090a0b0c0d0e0f1011121314', 'c414' + '0102030405060708090a0b0c0d0e0f1011121314');
    expect(decodeWatcherMsg(hexToBytes(asBin)).secretHash).toEqual(data.secretHash);
  });

  it('names the topic as KDF: swpwtchr/<taker coin>', () => {
    expect(watcherTopic('RLTC1')).toBe('swpwtchr/RLTC1');
  });

  it.each([
    ['an unknown variant', EXPECTED.replace(/^8100/, '8101'), /unknown SwapWatcherMsg variant 1/],
    ['15 fields', '8100' + '9f' + EXPECTED.slice(10, -10), /expected a struct of 16 fields/],
    ['a uuid that is not one', EXPECTED.replace(ascii('5a4f6b0e-'), ascii('5a4f6b0e_')), /not a hyphenated uuid/],
    ['a 19-byte secret hash', EXPECTED.replace('dc00140102030405060708090a0b0c0d0e0f1011121314', 'dc00130102030405060708090a0b0c0d0e0f10111213'), /expected 20 bytes, got 19/],
    ['a 32-byte maker key', EXPECTED.replace('dc0021' + '02' + '22'.repeat(32), 'dc0020' + '22'.repeat(32)), /expected 33 bytes/],
    ['an empty preimage', EXPECTED.replace('92ccdeccad', '90'), /a preimage of 0 bytes/],
    ['a negative start', EXPECTED.replace('ce6553f100', 'd0c0'), /unsigned integer/],
  ])('refuses %s', (_label, hex, error) => {
    expect(() => decodeWatcherMsg(hexToBytes(hex))).toThrow(error);
  });

  it('refuses a message over the size bound before reading it, and a preimage over its own bound', () => {
    expect(() => decodeWatcherMsg(new Uint8Array(MAX_WATCHER_MSG_BYTES + 1))).toThrow(/over 8192/);
    const big = { ...data, makerPaymentSpendPreimage: new Uint8Array(1025).fill(1) };
    expect(() => decodeWatcherMsg(encodeWatcherMsg(big))).toThrow(/a preimage of 1025 bytes/);
  });

  it('refuses a map that is not the enum', () => {
    expect(() => decodeWatcherMsg(encodeMsgpack(new MsgMap([['TakerSwapWatcherMsg', []]])))).toThrow(/variant index/);
  });
});
