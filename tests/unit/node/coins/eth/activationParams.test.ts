import { describe, expect, it } from 'vitest';
import { ParamError, ParamReader } from '../../../../../src/shared/params';
import { readEthActivationParams } from '../../../../../src/node/coins/eth/activationParams';
import cases from '../../../../fixtures/eth/activation-params.json';

interface Case {
  description: string;
  params: Record<string, unknown>;
  expected?: Record<string, unknown>;
  error?: string;
}

describe('readEthActivationParams', () => {
  it.each(cases as Case[])('$description', (c) => {
    const read = () => readEthActivationParams(new ParamReader(c.params));
    if (c.expected) {
      expect(read()).toMatchObject(c.expected);
      return;
    }
    expect(read).toThrow(ParamError);
    expect(read).toThrow(c.error);
  });
});
