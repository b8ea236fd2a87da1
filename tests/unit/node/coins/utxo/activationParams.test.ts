import { describe, expect, it } from 'vitest';
import { ParamError, ParamReader } from '../../../../../src/shared/params';
import { readElectrumParams } from '../../../../../src/node/coins/utxo/activationParams';
import cases from '../../../../fixtures/coins/electrum-params.json';

interface Case {
  description: string;
  args: Record<string, unknown>;
  expected?: Record<string, unknown>;
  error?: string;
}

describe('readElectrumParams', () => {
  it.each(cases as Case[])('$description', (c) => {
    const read = () => readElectrumParams(new ParamReader(c.args));
    if (c.expected) {
      expect(read()).toMatchObject(c.expected);
      return;
    }
    expect(read).toThrow(ParamError);
    expect(read).toThrow(c.error);
  });
});
