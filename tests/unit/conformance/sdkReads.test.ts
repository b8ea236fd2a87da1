/**
 * The checker of Komodo Wallet's reads (tests/fixtures/sdk-requests): paths through arrays and
 * maps, the Dart casts it stands for, optional fields, placeholders, and the fixture itself.
 */
import { describe, expect, it } from 'vitest';
import { checkReads, fillRequest, hasType, loadSdkCalls, readPath, sdkSeesError, untilMet } from '../../fixtures/sdk-requests/sdkReads';

describe('Komodo Wallet reads', () => {
  const body = {
    mmrpc: '2.0',
    result: {
      orders: { RLTC1: [{ price: { numer: '1', denom: '2' }, uuid: 'u' }, { price: { numer: '3', denom: '4' } }] },
      transactions: [],
      details: { wallet_balance: { accounts: [{ addresses: [{ address: 'a0' }, { address: 'a1' }] }] } },
      note: null,
    },
  };

  it('reads through maps and arrays, and names each element that fails', () => {
    expect(checkReads(body, { 'result.orders.*[].price': 'fraction' })).toEqual([]);
    expect(checkReads(body, { 'result.orders.*[].uuid': 'string' })).toEqual(['$.result.orders.RLTC1[1].uuid: missing, the parser needs string']);
    expect(checkReads(body, { 'result.orders.*[].uuid': 'string?' })).toEqual([]);
  });

  it('a required path must reach a value: an empty array checks nothing and says so', () => {
    expect(checkReads(body, { 'result.transactions[].tx_hash': 'string' })).toEqual([
      'result.transactions[].tx_hash: no value to read (an empty array or map on the way)',
    ]);
    expect(checkReads(body, { 'result.transactions[].tx_hash': 'string?' })).toEqual([]);
  });

  it('null is absent: fine when optional, a failure when required; a present optional field must still have its type', () => {
    expect(checkReads(body, { 'result.note': 'string?' })).toEqual([]);
    expect(checkReads(body, { 'result.note': 'string' })).toEqual(['$.result.note: null, the parser needs string']);
    expect(checkReads(body, { mmrpc: 'int?' })).toEqual(['$.mmrpc: "2.0" is not int']);
    expect(checkReads(body, { 'mmrpc.x': 'string' })).toEqual(['$.mmrpc: not an object (reading x)', 'mmrpc.x: no value to read (an empty array or map on the way)']);
  });

  it('types stand for the casts: int is an integer, decimal a plain decimal string, fraction integer strings, text a string or map', () => {
    expect([hasType(3, 'int'), hasType(3.5, 'int'), hasType('3', 'int')]).toEqual([true, false, false]);
    expect([hasType('0.001', 'decimal'), hasType('1e-8', 'decimal'), hasType(0.001, 'decimal')]).toEqual([true, false, false]);
    expect([hasType({ numer: '1', denom: '3' }, 'fraction'), hasType({ numer: 1, denom: '3' }, 'fraction'), hasType({ numer: '1', denom: '0' }, 'fraction')]).toEqual([true, false, false]);
    expect([hasType('x', 'text'), hasType({ a: 1 }, 'text'), hasType([1], 'text')]).toEqual([true, true, false]);
  });

  it('indexes, placeholders and conditions', () => {
    expect(readPath(body, 'result.details.wallet_balance.accounts.0.addresses.1.address')).toBe('a1');
    expect(fillRequest({ a: ['{{x}}', 'plain {{x}}'], b: '{{y}}' }, { x: [1], y: null })).toEqual({ a: [[1], 'plain {{x}}'], b: null });
    expect(() => fillRequest({ a: '{{nope}}' }, {})).toThrow(/nope/);
    expect(untilMet(body, { path: 'result.orders', nonEmpty: true })).toBe(true);
    expect(untilMet(body, { path: 'result.transactions', nonEmpty: true })).toBe(false);
    expect(untilMet(body, { path: 'mmrpc', equals: '2.0' })).toBe(true);
    expect(untilMet(body, { path: 'mmrpc', notEquals: '2.0' })).toBe(false);
  });

  it("the SDK's error test: an error key, a task's Error status, a details error", () => {
    expect(sdkSeesError(body)).toBe(false);
    expect(sdkSeesError({ error: 'x' })).toBe(true);
    expect(sdkSeesError({ result: { status: 'Error', details: {} } })).toBe(true);
    expect(sdkSeesError({ result: { details: { error: 'x' } } })).toBe(true);
  });

  it('the fixture: every call names its source and node, and every read has a known type', () => {
    const calls = loadSdkCalls();
    expect(calls.length).toBeGreaterThanOrEqual(38);
    for (const call of calls) {
      expect(call.source).toMatch(/^(sdk|app): /);
      expect(['hd', 'maker', 'taker']).toContain(call.node);
      expect(checkReads({}, call.reads).filter((p) => p.includes('unknown type'))).toEqual([]);
    }
  });
});
