import { describe, expect, it } from 'vitest';
import { describeSendFailure, toCoinFailure } from '../../../src/ui/lib/coinErrors';

describe('describeSendFailure: TransactionTooLarge', () => {
  it('names the inputs needed and the inputs a standard transaction fits', () => {
    const f = toCoinFailure({ errorType: 'TransactionTooLarge', message: 'The transaction would spend 1002 inputs…', errorData: { inputs: 1002, max_inputs: 675 } });
    expect(describeSendFailure(f, 'RLTC1')).toBe('This payment would need 1002 inputs; a standard transaction fits 675. Send less, or use Max.');
  });

  it('still says what to do when the counts are missing', () => {
    const f = toCoinFailure({ errorType: 'TransactionTooLarge', message: 'too large', errorData: null });
    expect(describeSendFailure(f, 'RLTC1')).toBe('This payment would need more inputs than a standard transaction fits. Send less, or use Max.');
  });
});
