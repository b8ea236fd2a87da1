import { describe, expect, it } from 'vitest';
import { ParamError, ParamReader } from '../../../../src/shared/params';
import { readWithdrawRequest } from '../../../../src/node/coins/withdrawRequest';
import cases from '../../../fixtures/coins/withdraw-requests.json';

interface Case {
  description: string;
  args: Record<string, unknown>;
  expected?: unknown;
  error?: string;
  errorStarts?: string;
}

/** MmNumbers as their decimal strings, so expectations stay plain JSON. */
function plain(v: unknown): unknown {
  if (v && typeof v === 'object' && 'toDecimalString' in v) return (v as { toDecimalString(): string }).toDecimalString();
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

describe('readWithdrawRequest', () => {
  it.each(cases as Case[])('$description', (c) => {
    const read = () => readWithdrawRequest(new ParamReader(c.args));
    if (c.expected !== undefined) {
      expect(plain(read())).toEqual(c.expected);
      return;
    }
    let error: unknown;
    try {
      read();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ParamError);
    const message = (error as ParamError).message;
    if (c.error) expect(message).toBe(c.error);
    if (c.errorStarts) expect(message.startsWith(c.errorStarts)).toBe(true);
  });
});
