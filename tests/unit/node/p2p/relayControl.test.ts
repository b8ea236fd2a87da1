/**
 * KDF's relay control fields in gossipsub's protobuf ControlMessage (fields 5, 6, 7 of its
 * fork), laid out by hand from the proto: written as KDF reads them, and taken out of an RPC
 * without disturbing anything else, including gossipsub v1.2's own field 5 (IDONTWANT, a
 * length-delimited message, told apart by its wire type).
 */
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../../src/node/crypto';
import { encodeRelayControl, RelayControlError, splitRelayControl } from '../../../../src/node/p2p/kdf/relayControl';

/** `subscriptions { subscribe: true, topic_id: "x" }` (RPC field 1). */
const SUBSCRIBE_X = '0a05' + '0801' + '1201' + '78';
/** `graft { topic_id: "x" }` inside a ControlMessage (field 3). */
const GRAFT_X = '1a03' + '0a0178';
/** gossipsub v1.2 `idontwant { message_ids: [0xab] }` (field 5, length-delimited). */
const IDONTWANT_AB = '2a03' + '0a01ab';

describe("KDF's relay control", () => {
  it('writes IAmRelay, IncludedToRelaysMesh and MeshSize as fields 5, 6 and 7 of the control', () => {
    expect(bytesToHex(encodeRelayControl({ iAmRelay: true }))).toBe('1a02' + '2801');
    expect(bytesToHex(encodeRelayControl({ includedToRelaysMesh: { included: true, meshSize: 3 } }))).toBe('1a06' + '3204' + '0801' + '1003');
    expect(bytesToHex(encodeRelayControl({ includedToRelaysMesh: { included: false, meshSize: 300 } }))).toBe('1a07' + '3205' + '0800' + '10ac02');
    expect(bytesToHex(encodeRelayControl({ meshSize: 4 }))).toBe('1a02' + '3804');
  });

  it('reads back what it writes, leaving an empty RPC', () => {
    const control = { iAmRelay: true, includedToRelaysMesh: { included: true, meshSize: 2 }, meshSize: 5 };
    expect(splitRelayControl(encodeRelayControl(control))).toEqual({ rpc: new Uint8Array(0), relay: control });
  });

  it('takes the relay fields out of a control that carries gossipsub ones too', () => {
    const rpc = hexToBytes(SUBSCRIBE_X + '1a09' + GRAFT_X + '2801' + '3802');
    const { rpc: rest, relay } = splitRelayControl(rpc);
    expect(relay).toEqual({ iAmRelay: true, meshSize: 2 });
    expect(bytesToHex(rest)).toBe(SUBSCRIBE_X + '1a05' + GRAFT_X);
  });

  it("leaves gossipsub v1.2's IDONTWANT and RPCs without relay fields untouched", () => {
    const rpc = hexToBytes(SUBSCRIBE_X + '1a0a' + GRAFT_X + IDONTWANT_AB);
    const split = splitRelayControl(rpc);
    expect(split.relay).toEqual({});
    expect(split.rpc).toBe(rpc);
  });

  it('refuses bytes that are not protobuf', () => {
    expect(() => splitRelayControl(hexToBytes('1a05' + '2801'))).toThrow(RelayControlError);
    expect(() => splitRelayControl(hexToBytes('0f'))).toThrow(/wire type 7/);
    expect(() => splitRelayControl(hexToBytes('08ff'))).toThrow(/truncated varint/);
    expect(() => splitRelayControl(hexToBytes('1a02' + '3200'))).toThrow(/required fields/);
    expect(() => splitRelayControl(hexToBytes('0001'))).toThrow(/field number 0/);
  });
});
