import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../../../../src/node/coins/eth/address';
import { MmError } from '../../../../../src/node/core/errors';
import cases from '../../../../fixtures/eth/addresses.json';

interface Case {
  description: string;
  params: { input: string };
  expected?: string;
  errorType?: string;
  error?: string;
}

describe('parseAddress (KDF valid_addr_from_str)', () => {
  it.each(cases as Case[])('$description', (c) => {
    if (c.expected !== undefined) {
      expect(parseAddress(c.params.input)).toBe(c.expected);
      return;
    }
    let error: unknown;
    try {
      parseAddress(c.params.input);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MmError);
    expect(error).toMatchObject({ errorType: c.errorType, errorData: c.error, httpStatus: 400 });
  });
});
