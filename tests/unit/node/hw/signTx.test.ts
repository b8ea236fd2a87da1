import { secp256k1 } from '@noble/curves/secp256k1.js';
import { script as bscript, Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hash160, hdRootFromMnemonic, hexToBytes, p2pkhAddress, p2wpkhAddress } from '../../../../src/node/crypto';
import { TrezorProtocolError } from '../../../../src/node/hw/trezor/errors';
import type { WireMessage } from '../../../../src/node/hw/trezor/protocol';
import { ButtonRequestType, decodeMessage, encodeMessage, RequestType, type AnyMessage } from '../../../../src/node/hw/trezor/protobuf';
import { TrezorSession } from '../../../../src/node/hw/trezor/session';
import { signUtxoTx, trezorUtxoSigner, type UtxoSignRequest } from '../../../../src/node/hw/trezor/signTx';
import type { TrezorTransport } from '../../../../src/node/hw/trezor/transport';
import { ALL_MNEMONIC, connect, RecordingProcessor, simTrezor } from './helpers';

const root = hdRootFromMnemonic(ALL_MNEMONIC);
const pubkeyAt = (path: string) => root.derive(path).publicKey!;
const p2pkh = (pubkey: Uint8Array) => Uint8Array.of(0x76, 0xa9, 0x14, ...hash160(pubkey), 0x88, 0xac);
const p2wpkh = (pubkey: Uint8Array) => Uint8Array.of(0x00, 0x14, ...hash160(pubkey));

/** A previous transaction paying `outputs`; with `witness`, its own input carries witness data the txid must ignore. */
function prevTx(seed: number, outputs: { script: Uint8Array; value: bigint }[], witness = false): Transaction {
  const tx = new Transaction();
  tx.version = 2;
  tx.addInput(new Uint8Array(32).fill(seed), seed, 0xfffffffe, witness ? new Uint8Array(0) : Uint8Array.of(0x51));
  tx.addInput(new Uint8Array(32).fill(seed + 1), 0, 0xffffffff, witness ? new Uint8Array(0) : Uint8Array.of(0x52));
  if (witness) {
    tx.setWitness(0, [new Uint8Array(71).fill(1), new Uint8Array(33).fill(2)]);
    tx.setWitness(1, [new Uint8Array(72).fill(3), new Uint8Array(33).fill(4)]);
  }
  for (const o of outputs) tx.addOutput(o.script, o.value);
  tx.locktime = 100 + seed;
  return tx;
}

/** Checks every input's signature against the sighash bitcoinjs-lib computes for it. */
function verifySigned(txHex: string, spent: { pubkey: Uint8Array; witness: boolean; value: bigint }[]): Transaction {
  const tx = Transaction.fromHex(txHex);
  spent.forEach(({ pubkey, witness, value }, i) => {
    const input = tx.ins[i]!;
    const [sigWithType, key] = witness ? input.witness : (bscript.decompile(input.script) as Uint8Array[]);
    expect(key).toEqual(pubkey);
    expect(sigWithType!.at(-1)).toBe(Transaction.SIGHASH_ALL);
    const sighash = witness
      ? tx.hashForWitnessV0(i, p2pkh(pubkey), value, Transaction.SIGHASH_ALL)
      : tx.hashForSignature(i, p2pkh(pubkey), Transaction.SIGHASH_ALL);
    expect(secp256k1.verify(sigWithType!.subarray(0, -1), sighash, pubkey, { prehash: false, format: 'der' })).toBe(true);
    if (witness) expect(input.script).toHaveLength(0);
    else expect(input.witness).toHaveLength(0);
  });
  return tx;
}

describe('signUtxoTx with the simulated device', () => {
  it('signs a 2-input 2-output P2PKH transaction (Testnet) whose signatures verify', async () => {
    const key0 = pubkeyAt("m/44'/1'/0'/0/0");
    const key1 = pubkeyAt("m/44'/1'/0'/0/1");
    const prevA = prevTx(1, [
      { script: Uint8Array.of(0x51), value: 5_000n },
      { script: p2pkh(key0), value: 100_000n },
    ]);
    const prevB = prevTx(7, [{ script: p2pkh(key1), value: 70_000n }]);
    const destination = p2pkhAddress(pubkeyAt("m/44'/1'/5'/0/0"), 111);
    const request: UtxoSignRequest = {
      coinName: 'Testnet',
      version: 2,
      lockTime: 0,
      inputs: [
        { path: "m/44'/1'/0'/0/0", scriptType: 'p2pkh', prevTxHex: prevA.toHex(), prevIndex: 1, amount: 100_000n },
        { path: "m/44'/1'/0'/0/1", scriptType: 'p2pkh', prevTxHex: prevB.toHex(), prevIndex: 0, amount: 70_000n, sequence: 0xfffffffd },
      ],
      outputs: [
        { address: destination, amount: 120_000n },
        { changePath: "m/44'/1'/0'/1/0", scriptType: 'p2pkh', amount: 49_000n },
      ],
    };
    const sim = simTrezor({ pin: '1234' });
    const { session, processor } = await connect(sim);
    processor.pin = async () => sim.pinPositions('1234');

    const signed = await trezorUtxoSigner(session).signUtxoTx(request);

    const tx = verifySigned(signed.txHex, [
      { pubkey: key0, witness: false, value: 100_000n },
      { pubkey: key1, witness: false, value: 70_000n },
    ]);
    expect(tx.version).toBe(2);
    expect(tx.ins.map((i) => [bytesToHex(Uint8Array.from(i.hash).reverse()), i.index, i.sequence])).toEqual([
      [prevA.getId(), 1, 0xffffffff],
      [prevB.getId(), 0, 0xfffffffd],
    ]);
    expect(tx.outs.map((o) => [bytesToHex(o.script), o.value])).toEqual([
      [bytesToHex(p2pkh(pubkeyAt("m/44'/1'/5'/0/0"))), 120_000n],
      [bytesToHex(p2pkh(pubkeyAt("m/44'/1'/0'/1/0"))), 49_000n],
    ]);
    // The per-input signatures are the ones in the scriptSigs, minus the sighash byte.
    expect(signed.signatures.map((s) => bytesToHex(s) + '01')).toEqual(
      tx.ins.map((input) => bytesToHex((bscript.decompile(input.script) as Uint8Array[])[0]!)),
    );
    // Only the external output and the total were confirmed on the device.
    expect(processor.statuses).toEqual(['EnterTrezorPin', 'FollowHwDeviceInstructions', 'FollowHwDeviceInstructions']);
    expect(processor.buttons).toEqual([ButtonRequestType.ConfirmOutput, ButtonRequestType.SignTx]);
    // Both previous transactions were streamed in full (metadata, 2 inputs, their outputs).
    const acks = sim.received.filter((m): m is Extract<AnyMessage, { name: 'TxAck' }> => m.name === 'TxAck');
    expect(acks.filter((m) => m.message.tx?.bin_outputs).length).toBe(3);
  });

  it('signs a P2WPKH transaction spending a segwit transaction (custom regtest coin)', async () => {
    const key = pubkeyAt("m/84'/1'/0'/0/3");
    const prev = prevTx(3, [{ script: p2wpkh(key), value: 250_000n }], true);
    expect(prev.hasWitnesses()).toBe(true);
    const sim = simTrezor({ coins: { 'Litecoin Regtest': { p2pkh: 111, p2sh: 58, hrp: 'rltc', xpubMagic: 0x043587cf } } });
    const { session } = await connect(sim);
    const destination = p2wpkhAddress(pubkeyAt("m/84'/1'/9'/0/0"), 'rltc');

    const signed = await signUtxoTx(session, {
      coinName: 'Litecoin Regtest',
      inputs: [{ path: "m/84'/1'/0'/0/3", scriptType: 'p2wpkh', prevTxHex: prev.toHex(), prevIndex: 0, amount: 250_000n }],
      outputs: [
        { address: destination, amount: 200_000n },
        { changePath: "m/84'/1'/0'/1/0", scriptType: 'p2wpkh', amount: 49_500n },
      ],
    });

    const tx = verifySigned(signed.txHex, [{ pubkey: key, witness: true, value: 250_000n }]);
    expect(tx.version).toBe(1);
    expect(tx.outs.map((o) => bytesToHex(o.script))).toEqual([
      bytesToHex(p2wpkh(pubkeyAt("m/84'/1'/9'/0/0"))),
      bytesToHex(p2wpkh(pubkeyAt("m/84'/1'/0'/1/0"))),
    ]);
  });

  it('signs a transaction mixing a P2PKH and a P2WPKH input', async () => {
    const legacyKey = pubkeyAt("m/44'/1'/0'/0/0");
    const segwitKey = pubkeyAt("m/84'/1'/0'/0/0");
    const prev = prevTx(9, [
      { script: p2wpkh(segwitKey), value: 30_000n },
      { script: p2pkh(legacyKey), value: 40_000n },
    ]);
    const { session } = await connect(simTrezor());
    const signed = await signUtxoTx(session, {
      coinName: 'Testnet',
      inputs: [
        { path: "m/44'/1'/0'/0/0", scriptType: 'p2pkh', prevTxHex: prev.toHex(), prevIndex: 1, amount: 40_000n },
        { path: "m/84'/1'/0'/0/0", scriptType: 'p2wpkh', prevTxHex: prev.toHex(), prevIndex: 0, amount: 30_000n },
      ],
      outputs: [{ address: p2wpkhAddress(pubkeyAt("m/84'/1'/3'/0/0"), 'tb'), amount: 69_000n }],
    });
    verifySigned(signed.txHex, [
      { pubkey: legacyKey, witness: false, value: 40_000n },
      { pubkey: segwitKey, witness: true, value: 30_000n },
    ]);
  });

  it('rejects with UserCancelled when the user declines an output on the device', async () => {
    const key = pubkeyAt("m/44'/1'/0'/0/0");
    const prev = prevTx(2, [{ script: p2pkh(key), value: 10_000n }]);
    const sim = simTrezor({ autoConfirm: false });
    const { session, processor } = await connect(sim);
    processor.onButton = () => sim.pressButton(false);
    const signing = signUtxoTx(session, {
      coinName: 'Testnet',
      inputs: [{ path: "m/44'/1'/0'/0/0", scriptType: 'p2pkh', prevTxHex: prev.toHex(), prevIndex: 0, amount: 10_000n }],
      outputs: [{ address: p2pkhAddress(key, 111), amount: 9_000n }],
    });
    await expect(signing).rejects.toMatchObject({ errorType: 'HwError', errorData: 'UserCancelled' });
    expect(processor.buttons).toEqual([ButtonRequestType.ConfirmOutput]);
  });

  it('cancels mid-signing: the device gets Cancel and is usable afterwards', async () => {
    const key = pubkeyAt("m/44'/1'/0'/0/0");
    const prev = prevTx(8, [{ script: p2pkh(key), value: 10_000n }]);
    const sim = simTrezor({ autoConfirm: false });
    const { session, processor } = await connect(sim);
    const controller = new AbortController();
    processor.onButton = () => setTimeout(() => controller.abort(), 0);
    const signing = signUtxoTx(
      session,
      {
        coinName: 'Testnet',
        inputs: [{ path: "m/44'/1'/0'/0/0", scriptType: 'p2pkh', prevTxHex: prev.toHex(), prevIndex: 0, amount: 10_000n }],
        outputs: [{ address: p2pkhAddress(key, 111), amount: 9_000n }],
      },
      { signal: controller.signal },
    );
    await expect(signing).rejects.toMatchObject({ errorType: 'HwError', errorData: 'UserCancelled' });
    expect(sim.received.at(-1)?.name).toBe('Cancel');
    await expect(session.getAddress("m/44'/1'/0'/0/0", 'Testnet', 'p2pkh')).resolves.toBe(p2pkhAddress(key, 111));
  });

  it('surfaces the device refusing an input the wallet does not own (DataError)', async () => {
    const prev = prevTx(4, [{ script: p2pkh(pubkeyAt("m/44'/1'/0'/0/8")), value: 10_000n }]);
    const { session } = await connect(simTrezor());
    const signing = signUtxoTx(session, {
      coinName: 'Testnet',
      inputs: [{ path: "m/44'/1'/0'/0/0", scriptType: 'p2pkh', prevTxHex: prev.toHex(), prevIndex: 0, amount: 10_000n }],
      outputs: [{ address: p2pkhAddress(pubkeyAt("m/44'/1'/0'/0/0"), 111), amount: 9_000n }],
    });
    await expect(signing).rejects.toMatchObject({ errorType: 'HwError', errorData: 'DataError', message: 'Trezor: Input does not match scriptPubKey' });
  });

  it('refuses inputs that do not match their previous transaction before talking to the device', async () => {
    const prev = prevTx(5, [{ script: Uint8Array.of(0x51), value: 10_000n }]);
    const sim = simTrezor();
    const { session } = await connect(sim);
    const base = { path: "m/44'/1'/0'/0/0", scriptType: 'p2pkh' as const, prevTxHex: prev.toHex() };
    const sign = (input: typeof base & { prevIndex: number; amount: bigint }) =>
      signUtxoTx(session, { coinName: 'Testnet', inputs: [input], outputs: [{ address: 'x', amount: 1n }] });
    await expect(sign({ ...base, prevIndex: 0, amount: 9_999n })).rejects.toMatchObject({ errorType: 'InvalidParam' });
    await expect(sign({ ...base, prevIndex: 1, amount: 10_000n })).rejects.toMatchObject({ errorType: 'InvalidParam' });
    await expect(sign({ ...base, prevTxHex: 'zz', prevIndex: 0, amount: 10_000n })).rejects.toMatchObject({ errorType: 'InvalidParam' });
    expect(sim.received).toEqual([]);
  });
});

/** A device that answers each host message with the next scripted reply, recording what it got. */
class ScriptedTransport implements TrezorTransport {
  readonly lost = new Promise<never>(() => undefined);
  readonly sent: AnyMessage[] = [];

  constructor(private readonly replies: AnyMessage[]) {}

  async write(message: WireMessage): Promise<void> {
    this.sent.push(decodeMessage(message));
  }

  async read(): Promise<WireMessage> {
    const reply = this.replies.shift();
    if (!reply) throw new Error('script exhausted');
    return encodeMessage(reply);
  }
}

describe('signUtxoTx answering a scripted device', () => {
  const key = pubkeyAt("m/44'/1'/0'/0/0");
  const prev = prevTx(6, [{ script: p2pkh(key), value: 10_000n }]);
  const prevHash = hexToBytes(prev.getId());
  const request: UtxoSignRequest = {
    coinName: 'Testnet',
    inputs: [{ path: "m/44'/1'/0'/0/0", scriptType: 'p2pkh', prevTxHex: prev.toHex(), prevIndex: 0, amount: 10_000n }],
    outputs: [
      { address: 'mkHS9ne12qx9pS9VojpwU5xtRd4T7X7ZUt', amount: 5_000n },
      { changePath: [0x8000002c, 0x80000001, 0x80000000, 1, 0], scriptType: 'p2pkh', amount: 4_000n },
    ],
  };
  const txRequest = (request_type: number, details: object = {}, serialized?: object): AnyMessage => ({
    name: 'TxRequest',
    message: { request_type, details, ...(serialized ? { serialized } : {}) },
  });

  it('answers requests in any order, including extra data, and assembles the serialized pieces', async () => {
    const transport = new ScriptedTransport([
      txRequest(RequestType.TXOUTPUT, { request_index: 1 }),
      txRequest(RequestType.TXMETA, { tx_hash: prevHash }),
      txRequest(RequestType.TXEXTRADATA, { tx_hash: prevHash, extra_data_offset: 0, extra_data_len: 0 }),
      txRequest(RequestType.TXINPUT, { request_index: 1, tx_hash: prevHash }, { serialized_tx: hexToBytes('0100') }),
      txRequest(RequestType.TXOUTPUT, { request_index: 0, tx_hash: prevHash }),
      txRequest(RequestType.TXINPUT, { request_index: 0 }, { signature_index: 0, signature: hexToBytes('3006'), serialized_tx: hexToBytes('aa') }),
      txRequest(RequestType.TXFINISHED, {}, { serialized_tx: hexToBytes('bbcc') }),
    ]);
    const session = new TrezorSession(transport, new RecordingProcessor());

    const signed = await signUtxoTx(session, request);

    expect(signed).toEqual({ txHex: '0100aabbcc', signatures: [hexToBytes('3006')] });
    const acks = transport.sent.slice(1).map((m) => (m.name === 'TxAck' ? m.message.tx : m.name));
    expect(transport.sent[0]).toEqual({
      name: 'SignTx',
      message: { outputs_count: 2, inputs_count: 1, coin_name: 'Testnet', version: 1, lock_time: 0 },
    });
    expect(acks).toEqual([
      { outputs: [{ address_n: [0x8000002c, 0x80000001, 0x80000000, 1, 0], amount: 4_000n, script_type: 0 }] },
      { version: 2, lock_time: 106, inputs_cnt: 2, outputs_cnt: 1 },
      { extra_data: new Uint8Array(0) },
      { inputs: [{ prev_hash: Uint8Array.from(prev.ins[1]!.hash).reverse(), prev_index: 0, script_sig: Uint8Array.of(0x52), sequence: 0xffffffff }] },
      { bin_outputs: [{ amount: 10_000n, script_pubkey: p2pkh(key) }] },
      {
        inputs: [{ address_n: [0x8000002c, 0x80000001, 0x80000000, 0, 0], prev_hash: prevHash, prev_index: 0, sequence: 0xffffffff, script_type: 0, amount: 10_000n }],
      },
    ]);
  });

  it.each([
    ['an unknown previous transaction', txRequest(RequestType.TXMETA, { tx_hash: new Uint8Array(32) })],
    ['an input index out of range', txRequest(RequestType.TXINPUT, { request_index: 1 })],
    ['extra data beyond the transaction', txRequest(RequestType.TXEXTRADATA, { tx_hash: prevHash, extra_data_offset: 0, extra_data_len: 4 })],
    ['metadata of the new transaction', txRequest(RequestType.TXMETA)],
    ['no signatures at the end', txRequest(RequestType.TXFINISHED, {}, { serialized_tx: hexToBytes('00') })],
  ])('fails on %s', async (_name, reply) => {
    const session = new TrezorSession(new ScriptedTransport([reply]), new RecordingProcessor());
    await expect(signUtxoTx(session, request)).rejects.toBeInstanceOf(TrezorProtocolError);
  });
});
