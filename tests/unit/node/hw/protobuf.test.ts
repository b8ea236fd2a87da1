import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../../src/node/crypto';
import { TrezorProtocolError } from '../../../../src/node/hw/trezor/errors';
import { decodeMessage, encodeMessage, type AnyMessage } from '../../../../src/node/hw/trezor/protobuf';

const h = hexToBytes;

/** One filled-in example of every message, with its type id from messages.proto's MessageType. */
const EXAMPLES: [number, AnyMessage][] = [
  [0, { name: 'Initialize', message: { session_id: h('00ff'.repeat(16)) } }],
  [1, { name: 'Ping', message: { message: 'With love, 1', button_protection: true } }],
  [2, { name: 'Success', message: { message: 'pong' } }],
  [3, { name: 'Failure', message: { code: 7, message: 'PIN invalid' } }],
  [
    11,
    {
      name: 'GetPublicKey',
      message: {
        address_n: [0x8000002c, 0x8000008d, 0x7fffffff, 0, 0],
        ecdsa_curve_name: 'secp256k1',
        show_display: false,
        coin_name: 'Komodo',
        script_type: 0,
        ignore_xpub_magic: true,
      },
    },
  ],
  [
    12,
    {
      name: 'PublicKey',
      message: {
        node: { depth: 5, fingerprint: 0xdeadbeef, child_num: 0, chain_code: h('11'.repeat(32)), public_key: h('02' + '22'.repeat(32)) },
        xpub: 'xpub6…',
        root_fingerprint: 0x01020304,
      },
    },
  ],
  [
    15,
    {
      name: 'SignTx',
      message: { outputs_count: 2, inputs_count: 1, coin_name: 'Litecoin', version: 2, lock_time: 0, expiry: 1, version_group_id: 0x892f2085, timestamp: 5, branch_id: 0x76b809bb },
    },
  ],
  [
    17,
    {
      name: 'Features',
      message: {
        vendor: 'trezor.io',
        major_version: 1,
        minor_version: 12,
        patch_version: 1,
        bootloader_mode: false,
        device_id: 'A1CCF11243A795A84111955E',
        pin_protection: true,
        passphrase_protection: true,
        language: 'en-US',
        label: 'Fitzchivalry Farseer',
        initialized: true,
        unlocked: false,
        model: '1',
        session_id: h('ab'.repeat(32)),
        passphrase_always_on_device: false,
        internal_model: 'T1B1',
      },
    },
  ],
  [18, { name: 'PinMatrixRequest', message: { type: 1 } }],
  [19, { name: 'PinMatrixAck', message: { pin: '862743' } }],
  [20, { name: 'Cancel', message: {} }],
  [
    21,
    {
      name: 'TxRequest',
      message: {
        request_type: 1,
        details: { request_index: 3, tx_hash: h('aa'.repeat(32)), extra_data_len: 10, extra_data_offset: 20 },
        serialized: { signature_index: 0, signature: h('3044'), serialized_tx: h('0100000001') },
      },
    },
  ],
  [
    22,
    {
      name: 'TxAck',
      message: {
        tx: {
          version: 1,
          inputs: [
            { address_n: [0x8000002c, 0], prev_hash: h('bb'.repeat(32)), prev_index: 1, script_sig: h('51'), sequence: 0xfffffffe, script_type: 3, amount: 2n ** 64n - 1n },
          ],
          bin_outputs: [{ amount: 1000n, script_pubkey: h('51') }],
          lock_time: 500000,
          outputs: [
            { address: 'tb1qexample', amount: 5n, script_type: 0 },
            { address_n: [1, 2], amount: 6n, script_type: 4, op_return_data: h('6a') },
          ],
          inputs_cnt: 1,
          outputs_cnt: 2,
          extra_data: h('0102'),
          extra_data_len: 2,
          expiry: 3,
          overwintered: true,
          version_group_id: 4,
          timestamp: 5,
          branch_id: 6,
        },
      },
    },
  ],
  [26, { name: 'ButtonRequest', message: { code: 20, pages: 2, name: 'pin' } }],
  [27, { name: 'ButtonAck', message: {} }],
  [29, { name: 'GetAddress', message: { address_n: [0x80000054, 1], coin_name: 'Testnet', show_display: true, script_type: 3, ignore_xpub_magic: false } }],
  [30, { name: 'Address', message: { address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' } }],
  [41, { name: 'PassphraseRequest', message: {} }],
  [42, { name: 'PassphraseAck', message: { passphrase: 'héllo ✓', on_device: false } }],
  [55, { name: 'GetFeatures', message: {} }],
];

describe('protobuf messages', () => {
  it.each(EXAMPLES)('type %i round-trips %s', (type, msg) => {
    const wire = encodeMessage(msg);
    expect(wire.type).toBe(type);
    expect(decodeMessage(wire)).toEqual(msg);
  });

  it('encodes GetPublicKey as the .proto says: address_n (1, unpacked uint32), coin_name (4)', () => {
    const wire = encodeMessage({ name: 'GetPublicKey', message: { address_n: [0x8000002c, 1], coin_name: 'Bitcoin' } });
    expect(bytesToHex(wire.payload)).toBe('08ac80808008' + '0801' + '2207' + bytesToHex(new TextEncoder().encode('Bitcoin')));
  });

  it('encodes a legacy TxAck with one previous output: tx (1) → bin_outputs (3) → amount (1), script_pubkey (2)', () => {
    const wire = encodeMessage({ name: 'TxAck', message: { tx: { bin_outputs: [{ amount: 1000n, script_pubkey: h('51') }] } } });
    expect(bytesToHex(wire.payload)).toBe('0a08' + '1a06' + '08e807' + '120151');
  });

  it('decodes a TxRequest for the metadata of a previous transaction', () => {
    // request_type TXMETA (2), details { tx_hash: 32 bytes }
    const payload = h('0802' + '1222' + '1220' + 'cd'.repeat(32));
    expect(decodeMessage({ type: 21, payload })).toEqual({ name: 'TxRequest', message: { request_type: 2, details: { tx_hash: h('cd'.repeat(32)) } } });
  });

  it('skips unknown fields of every wire type (newer firmware)', () => {
    const payload = h(
      '1002' + // major_version (2) = 2, required
        '1800' + // minor_version (3) = 0
        '2001' + // patch_version (4) = 1
        'a8020a' + // field 37 (safety_checks), varint
        'b9020102030405060708' + // field 39, fixed64
        'bd0201020304' + // field 39, fixed32
        'ca0203616263' + // field 41, length-delimited
        '5205666f6f6f6f', // label (10) = "foooo"
    );
    expect(decodeMessage({ type: 17, payload }).message).toEqual({ major_version: 2, minor_version: 0, patch_version: 1, label: 'foooo' });
  });

  it('accepts packed repeated numbers', () => {
    const payload = h('0a06' + 'ac80808008' + '01');
    expect(decodeMessage({ type: 11, payload }).message).toEqual({ address_n: [0x8000002c, 1] });
  });

  it.each([
    ['a missing required field', 19, ''],
    ['a wrong wire type', 19, '0804'],
    ['a truncated length', 19, '0a0531'],
    ['a uint32 above 32 bits', 18, '088080808010'],
    ['invalid UTF-8', 19, '0a01ff'],
    ['a group (wire type 3)', 20, '0b'],
  ])('rejects %s', (_name, type, hex) => {
    expect(() => decodeMessage({ type, payload: h(hex) })).toThrow(TrezorProtocolError);
  });

  it('rejects unknown message types', () => {
    expect(() => decodeMessage({ type: 9999, payload: new Uint8Array(0) })).toThrow(/Unknown Trezor message type 9999/);
  });

  it('refuses values the schema cannot carry', () => {
    expect(() => encodeMessage({ name: 'PinMatrixRequest', message: { type: -1 } })).toThrow(TrezorProtocolError);
    expect(() => encodeMessage({ name: 'TxAck', message: { tx: { bin_outputs: [{ amount: 2n ** 64n, script_pubkey: h('') }] } } })).toThrow(
      TrezorProtocolError,
    );
  });
});
