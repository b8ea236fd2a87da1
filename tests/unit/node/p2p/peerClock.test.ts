/**
 * KDF's network-info requests in rmp-serde form and the peer time check's verdicts: the gap
 * limit is inclusive (20 s passes, 21 s does not), an unreadable answer fails like a skewed clock,
 * and no answer lets the peer pass, as in KDF's `validate_peer_time`.
 */
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../../src/node/crypto';
import { MsgpackError } from '../../../../src/node/p2p/errors';
import { decodeNetworkInfoRequest, decodeUtcTimestamp, encodeNetworkInfoRequest, encodeUtcTimestamp } from '../../../../src/node/p2p/kdf/networkInfo';
import { encodeMsgpack } from '../../../../src/node/p2p/msgpack';
import { clockVerdict, MAX_TIME_GAP_S } from '../../../../src/node/p2p/peerClock';

const NOW_MS = 1_700_000_000_900;
const NOW_S = 1_700_000_000;
const answer = (seconds: unknown) => ({ kind: 'ok' as const, res: encodeMsgpack(seconds as number) });

describe('P2PRequest::NetworkInfo', () => {
  it('is {1: {variant: nil}}, GetMm2Version 0 and GetPeerUtcTimestamp 1', () => {
    expect(bytesToHex(encodeNetworkInfoRequest('GetPeerUtcTimestamp'))).toBe('8101' + '8101c0');
    expect(bytesToHex(encodeNetworkInfoRequest('GetMm2Version'))).toBe('8101' + '8100c0');
    expect(decodeNetworkInfoRequest(hexToBytes('81018101c0'))).toBe('GetPeerUtcTimestamp');
    expect(decodeNetworkInfoRequest(hexToBytes('81018100c0'))).toBe('GetMm2Version');
  });

  it('leaves the orders their variant 0 and refuses what is not a network-info request', () => {
    expect(decodeNetworkInfoRequest(hexToBytes('8100' + '8100' + '92a141a142'))).toBeNull();
    expect(() => decodeNetworkInfoRequest(hexToBytes('81018107c0'))).toThrow(MsgpackError);
    expect(() => decodeNetworkInfoRequest(hexToBytes('81018101a178'))).toThrow(MsgpackError);
    expect(() => decodeNetworkInfoRequest(hexToBytes('c3'))).toThrow(MsgpackError);
  });

  it('answers the time in whole seconds as a msgpack integer', () => {
    expect(bytesToHex(encodeUtcTimestamp(NOW_MS))).toBe('ce6553f100');
    expect(decodeUtcTimestamp(hexToBytes('ce6553f100'))).toBe(NOW_S);
    expect(() => decodeUtcTimestamp(hexToBytes('a3313233'))).toThrow(MsgpackError);
    expect(() => decodeUtcTimestamp(hexToBytes('ff'))).toThrow(MsgpackError);
  });
});

describe('the peer time check', () => {
  it(`passes a clock up to ${MAX_TIME_GAP_S} s off either way, and fails one beyond`, () => {
    expect(clockVerdict(answer(NOW_S), NOW_MS)).toEqual({ kind: 'in-sync', gapS: 0 });
    expect(clockVerdict(answer(NOW_S + 20), NOW_MS)).toEqual({ kind: 'in-sync', gapS: 20 });
    expect(clockVerdict(answer(NOW_S - 20), NOW_MS)).toEqual({ kind: 'in-sync', gapS: 20 });
    expect(clockVerdict(answer(NOW_S + 21), NOW_MS)).toEqual({ kind: 'skewed', gapS: 21 });
    expect(clockVerdict(answer(NOW_S - 3600), NOW_MS)).toEqual({ kind: 'skewed', gapS: 3600 });
  });

  it('fails an answer that is not a timestamp, and lets a peer with no answer pass', () => {
    expect(clockVerdict(answer('soon'), NOW_MS).kind).toBe('unreadable');
    expect(clockVerdict(answer(-5), NOW_MS).kind).toBe('unreadable');
    expect(clockVerdict({ kind: 'ok', res: new Uint8Array(0) }, NOW_MS).kind).toBe('unreadable');
    expect(clockVerdict({ kind: 'none' }, NOW_MS)).toEqual({ kind: 'no-answer' });
    expect(clockVerdict({ kind: 'err', err: 'busy' }, NOW_MS)).toEqual({ kind: 'no-answer' });
  });
});
