/**
 * The contract-call output against real QRC20 transactions recorded in KDF's tests: every OP_CALL
 * output of each recorded transaction is read back into its parameters and rebuilt byte for byte,
 * transfers down to their call data; KDF's transfer-script vector is built from its parameters.
 */
import { Transaction, script as bscript } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../../../src/node/crypto';
import { MmError } from '../../../../../src/node/core/errors';
import { decodeAddress } from '../../../../../src/node/coins/utxo/address';
import { encodeTransfer } from '../../../../../src/node/coins/qrc20/abi';
import { contractCallScript, encodeContractNumber, readContractCall } from '../../../../../src/node/coins/qrc20/contractScript';
import { fixture, TEST_COINS } from './fixtures';

interface Call {
  vout: number;
  gasLimit: number;
  gasPrice: number;
  contract: string;
  transfer?: { to: string; amount: string };
}
interface Fixture {
  transferScripts: {
    description: string;
    params: { toAddress: string; amount: string; gasLimit: number; gasPrice: number; contract: string };
    expectedScript: string;
  }[];
  recordedTxs: { description: string; txHex: string; calls: Call[] }[];
  contractNumbers: { n: number; hex: string }[];
}
const F = fixture<Fixture>('contractCalls.json');

const OP_4 = 0x54;
const OP_CALL = 0xc2;

/** A little-endian script number as the tests read it back (non-negative, minimal). */
function readNumber(bytes: Uint8Array): bigint {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]!);
  return n;
}

/** The contract call of an output script, read with bitcoinjs rather than with the code under test. */
function readCall(script: Uint8Array): { gasLimit: bigint; gasPrice: bigint; callData: Uint8Array; contract: Uint8Array } | null {
  const chunks = bscript.decompile(Buffer.from(script));
  if (!chunks || chunks.length !== 6 || chunks[0] !== OP_4 || chunks[5] !== OP_CALL) return null;
  const [, limit, price, data, contract] = chunks as [number, Buffer, Buffer, Buffer, Buffer, number];
  return { gasLimit: readNumber(limit), gasPrice: readNumber(price), callData: new Uint8Array(data), contract: new Uint8Array(contract) };
}

const TRANSFER_SELECTOR = 'a9059cbb';

describe('QRC20 contract-call script', () => {
  it.each(F.contractNumbers)('encodes the contract number $n as $hex', ({ n, hex }) => {
    expect(bytesToHex(encodeContractNumber(BigInt(n)))).toBe(hex);
  });

  it.each(F.transferScripts)('builds KDF\'s vector: $description', ({ params, expectedScript }) => {
    const to = decodeAddress(TEST_COINS.token, params.toAddress);
    expect(to.kind).toBe('p2pkh');
    const script = contractCallScript(encodeTransfer(to.hash, BigInt(params.amount)), BigInt(params.gasLimit), BigInt(params.gasPrice), hexToBytes(params.contract));
    expect(bytesToHex(script)).toBe(expectedScript);
  });

  it.each(F.recordedTxs)('rebuilds every contract call of a recorded transaction: $description', ({ txHex, calls }) => {
    const tx = Transaction.fromHex(txHex);
    const found = tx.outs.flatMap((out, vout) => {
      const call = readCall(new Uint8Array(out.script));
      return call ? [{ vout, value: out.value, script: bytesToHex(out.script), ...call }] : [];
    });
    expect(found.map((c) => c.vout)).toEqual(calls.map((c) => c.vout));
    for (const [i, want] of calls.entries()) {
      const got = found[i]!;
      expect(got.value).toBe(0n);
      expect([got.gasLimit, got.gasPrice, bytesToHex(got.contract)]).toEqual([BigInt(want.gasLimit), BigInt(want.gasPrice), want.contract]);
      expect(bytesToHex(contractCallScript(got.callData, got.gasLimit, got.gasPrice, got.contract))).toBe(got.script);
      const read = readContractCall(hexToBytes(got.script));
      expect(read && [read.gasLimit, read.gasPrice, bytesToHex(read.callData), bytesToHex(read.contract)]).toEqual([got.gasLimit, got.gasPrice, bytesToHex(got.callData), bytesToHex(got.contract)]);
      if (want.transfer) {
        expect(bytesToHex(got.callData.subarray(0, 4))).toBe(TRANSFER_SELECTOR);
        const rebuilt = encodeTransfer(hexToBytes(want.transfer.to), BigInt(want.transfer.amount));
        expect(bytesToHex(rebuilt)).toBe(bytesToHex(got.callData));
      }
    }
  });

  const good = F.transferScripts[0]!.expectedScript;
  it.each([
    { what: 'a P2PKH script', script: '76a9149e032d4b0090a11dc40fe6c47601499a35d55fbb88ac' },
    { what: 'a truncated contract call', script: good.slice(0, -10) },
    { what: 'a call without OP_CALL', script: good.slice(0, -2) },
    { what: 'a 21-byte contract', script: good.replace('14d362e096e873eb7907e205fadc6175c6fec7bc44c2', '15d362e096e873eb7907e205fadc6175c6fec7bc4400c2') },
    { what: 'a negative gas limit', script: good.replace('5403a02526', '5403a025a6') },
    { what: 'a gas price of 9 bytes', script: good.replace('0128', '09ffffffffffffffff00') },
    { what: 'an OP_PUSHDATA4 call', script: good.replace('44a9059cbb', '4e44000000a9059cbb') },
    { what: 'an empty script', script: '' },
  ])('reads no contract call from $what', ({ script }) => {
    expect(readContractCall(hexToBytes(script))).toBeNull();
  });

  const transfer = encodeTransfer(new Uint8Array(20), 1n);
  const contract = new Uint8Array(20);
  it.each([
    { what: 'a zero gas limit', build: () => contractCallScript(transfer, 0n, 40n, contract), reason: 'gas_limit and gas_price cannot be zero' },
    { what: 'a zero gas price', build: () => contractCallScript(transfer, 100000n, 0n, contract), reason: 'gas_limit and gas_price cannot be zero' },
    { what: 'a 19-byte contract', build: () => contractCallScript(transfer, 100000n, 40n, new Uint8Array(19)), reason: 'a contract address has 20 bytes, got 19' },
    { what: 'an empty contract', build: () => contractCallScript(transfer, 100000n, 40n, new Uint8Array(0)), reason: 'a contract address has 20 bytes, got 0' },
    { what: 'a 21-byte transfer recipient', build: () => encodeTransfer(new Uint8Array(21), 1n), reason: null },
    { what: 'a transfer amount of 2^256', build: () => encodeTransfer(new Uint8Array(20), 1n << 256n), reason: null },
  ])('refuses $what', ({ build, reason }) => {
    let err: unknown;
    try {
      build();
    } catch (e) {
      err = e;
    }
    if (reason === null) {
      expect(err).toBeInstanceOf(RangeError);
      return;
    }
    expect(err).toBeInstanceOf(MmError);
    expect((err as MmError).errorType).toBe('InternalError');
    expect((err as MmError).errorData).toBe(`Invalid QRC20 ABI params: ${reason}`);
  });
});
