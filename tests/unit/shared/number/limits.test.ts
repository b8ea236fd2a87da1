import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_DECIMAL_DIGITS,
  MAX_NUMBER_BITS,
  MAX_NUMBER_TEXT_LENGTH,
  MAX_RATIONAL_LIMBS,
  MmNumber,
  MmNumberParseError,
} from '../../../../src/shared/number';
import { decodeMsgpack, encodeMsgpack, MsgpackError, readBigRational, type MsgValue } from '../../../../src/node/p2p/msgpack';
import { describeInput } from '../../../../src/shared/number/parse-error';
import { ParamError, ParamReader } from '../../../../src/shared/params';

const BOUND = 1n << BigInt(MAX_NUMBER_BITS);

function reason(input: unknown): string {
  try {
    MmNumber.parse(input);
  } catch (e) {
    if (e instanceof MmNumberParseError) return e.reason;
    throw e;
  }
  return 'parsed';
}

/** The gossip attack of issue 9: a rational with `limbs` random u32 digits on both sides. */
function hostileRational(limbs: number): unknown {
  const digits = (): number[] => Array.from({ length: limbs }, () => 1 + Math.floor(Math.random() * 0xfffffffe));
  return [
    [1, digits()],
    [1, digits()],
  ];
}

function elapsedMs(work: () => void): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

describe('number size bound', () => {
  it('has the documented values', () => {
    expect(MAX_NUMBER_BITS).toBe(2048);
    expect(MAX_RATIONAL_LIMBS).toBe(64);
    // 2^2048 has exactly MAX_DECIMAL_DIGITS digits.
    expect((BOUND - 1n).toString()).toHaveLength(MAX_DECIMAL_DIGITS);
    // A u256 with 80 decimals, and a price that is a ratio of two of them, fit with room to spare.
    const amount = MmNumber.parse(`${(2n ** 256n - 1n).toString()}.${'9'.repeat(80)}`);
    const price = amount.div(MmNumber.parse(`0.${'0'.repeat(79)}1`).add(amount));
    expect(MmNumber.parse(price.toRational()).eq(price)).toBe(true);
    expect(MmNumber.parse(price.toFraction()).eq(price)).toBe(true);
  });

  it('refuses the 8,000-limb rational and one ten times bigger, both quickly', () => {
    const small = hostileRational(8_000);
    const big = hostileRational(80_000);
    let smallMs = 0;
    let bigMs = 0;
    for (let i = 0; i < 5; i++) {
      smallMs += elapsedMs(() => expect(reason(small)).toBe('number_too_large'));
      bigMs += elapsedMs(() => expect(reason(big)).toBe('number_too_large'));
    }
    // Before the bound: 28 s for the small one on two honest nodes. Generous bounds, 2 shared cores.
    expect(smallMs / 5).toBeLessThan(50);
    expect(bigMs / 5).toBeLessThan(200);
  });

  it('refuses huge decimal and fraction text quickly, before building any bigint', () => {
    const digits = '7'.repeat(1_000_000);
    const inputs = [digits, `-${digits}.5`, `1e${'9'.repeat(100_000)}`, { numer: digits, denom: '3' }, { numer: '1', denom: digits }];
    for (const input of inputs) {
      const ms = elapsedMs(() => expect(reason(input)).toBe('number_too_large'));
      expect(ms).toBeLessThan(200);
    }
  });

  it('reads every integer below 2^2048 in all three forms, and refuses every one above in all three', () => {
    const part = fc.bigInt({ min: -(BOUND - 1n), max: BOUND - 1n });
    const over = fc.bigInt({ min: BOUND, max: BOUND * 1000n }).chain((n) => fc.constantFrom(n, -n));
    fc.assert(
      fc.property(part, (n) => {
        const x = MmNumber.of(n);
        expect(MmNumber.parse(n.toString()).eq(x)).toBe(true);
        expect(MmNumber.parse(x.toRational()).eq(x)).toBe(true);
        expect(MmNumber.parse(x.toFraction()).eq(x)).toBe(true);
        expect(MmNumber.parse({ numer: '1', denom: (n === 0n ? 1n : n).toString() }).isZero()).toBe(false);
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(over, (n) => {
        expect(reason(n.toString())).toBe('number_too_large');
        expect(reason({ numer: n.toString(), denom: '1' })).toBe('number_too_large');
        expect(reason({ numer: '1', denom: n.toString() })).toBe('number_too_large');
        expect(reason([MmNumber.of(n).toRational()[0], [1, [1]]])).toBe('number_too_large');
      }),
      { numRuns: 200 },
    );
  });

  it('checks the text length before the text is scanned', () => {
    expect(reason(' '.repeat(MAX_NUMBER_TEXT_LENGTH + 1))).toBe('number_too_large');
    expect(reason(' '.repeat(MAX_NUMBER_TEXT_LENGTH))).toBe('invalid_decimal');
  });
});

describe('readBigRational (the P2P wire form)', () => {
  it('refuses the 80 KB price of the gossip attack as a MsgpackError, quickly', () => {
    const bytes = encodeMsgpack(hostileRational(8_000) as MsgValue);
    expect(bytes.length).toBeGreaterThan(70_000);
    let error: unknown;
    const ms = elapsedMs(() => {
      try {
        readBigRational(decodeMsgpack(bytes), '$.price');
      } catch (e) {
        error = e;
      }
    });
    expect(error).toBeInstanceOf(MsgpackError);
    expect((error as Error).message).toContain('rational over the limit');
    expect(ms).toBeLessThan(200);
  });

  it('reads the largest allowed rational', () => {
    const largest = MmNumber.of(BOUND - 1n, BOUND - 3n);
    expect(readBigRational(decodeMsgpack(encodeMsgpack(largest.toRational())), '$').eq(largest)).toBe(true);
  });
});

describe('describeInput', () => {
  it('stays short and does not recurse on input nested 100,000 deep', () => {
    const deepArray: unknown[] = [];
    let cursor = deepArray;
    for (let i = 0; i < 100_000; i++) {
      const next: unknown[] = [];
      cursor.push(next);
      cursor = next;
    }
    let deepObject: unknown = 1;
    for (let i = 0; i < 100_000; i++) deepObject = { a: deepObject };
    expect(describeInput(deepArray)).toBe(`${'['.repeat(77)}...`);
    expect(describeInput(deepObject)).toBe(`${'{"a":'.repeat(16).slice(0, 77)}...`);
  });

  it('renders small values as JSON and cuts long ones', () => {
    expect(describeInput({ a: [1, { b: null }], c: true, d: 'x' })).toBe('{"a":[1,{"b":null}],"c":true,"d":"x"}');
    expect(describeInput('y'.repeat(1_000_000))).toBe(`"${'y'.repeat(76)}...`);
    expect(describeInput(undefined)).toBe('undefined');
    expect(describeInput(5n)).toBe('bigint');
  });
});

describe('ParamReader.num', () => {
  it('answers a too-large number as a ParamError naming the field', () => {
    const r = new ParamReader({ volume: { numer: '9'.repeat(5_000), denom: '1' } }, 'params');
    let error: unknown;
    try {
      r.num('volume');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ParamError);
    expect((error as ParamError).field).toBe('params.volume');
    expect((error as ParamError).message).toMatch(/^invalid number for `params\.volume`: fraction over the limit \(2048 bits per part\)/);
    expect((error as ParamError).message.length).toBeLessThan(250);
  });
});
