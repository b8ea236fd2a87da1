import { describe, expect, it } from 'vitest';
import { describeImport, describeRecovered, hasMethod, MAX_RESCUE_FILE_BYTES, MAX_RESCUE_SWAPS, readRescueFile, RescueFileError } from '../../../src/ui/lib/swapRescue';

describe('the rescue file', () => {
  it('reads the swaps of an exported file or a bare list', () => {
    expect(readRescueFile(JSON.stringify({ swaps: [{ uuid: 'a' }] }))).toEqual([{ uuid: 'a' }]);
    expect(readRescueFile(JSON.stringify([{ uuid: 'b' }, { uuid: 'c' }]))).toHaveLength(2);
  });

  it('refuses what is not a rescue file before anything is sent', () => {
    expect(() => readRescueFile('not json')).toThrow(RescueFileError);
    expect(() => readRescueFile('{"orders": []}')).toThrow('no list of swaps');
    expect(() => readRescueFile('{"swaps": []}')).toThrow('no swaps');
    expect(() => readRescueFile(JSON.stringify(Array.from({ length: MAX_RESCUE_SWAPS + 1 }, () => 0)))).toThrow(`at most ${MAX_RESCUE_SWAPS}`);
    expect(() => readRescueFile(' '.repeat(MAX_RESCUE_FILE_BYTES + 1))).toThrow('larger than');
  });

  it('says what import_swaps did, the skipped ones with the node’s reasons', () => {
    expect(describeImport({ imported: ['u1'], skipped: {} })).toEqual({ text: '1 swap imported.', skipped: [] });
    expect(describeImport({ imported: [], skipped: { u2: 'a swap with this uuid is already stored' } })).toEqual({
      text: '0 swaps imported, 1 skipped.',
      skipped: ['u2: a swap with this uuid is already stored'],
    });
  });

  it('says what recover_funds_of_swap did', () => {
    expect(describeRecovered({ action: 'RefundedMyPayment', coin: 'RLTC1', tx_hash: 'ab' })).toBe('Your payment was refunded in RLTC1: transaction ab.');
    expect(describeRecovered({ action: 'SpentOtherPayment', coin: 'RLTC2', tx_hash: 'cd' })).toContain('claimed in RLTC2');
  });

  it('offers only the methods the node has', () => {
    expect(hasMethod('my_swap_status')).toBe(true);
    expect(hasMethod('no_such_method')).toBe(false);
  });
});
