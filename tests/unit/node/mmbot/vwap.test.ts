/**
 * The bot's VWAP threshold against KDF's own cases (simple_market_maker_tests.rs): each swap is
 * `(my_amount, other_amount)` of a successful maker swap, base side (FIRO sold for KMD) or
 * reversed side (KMD sold for FIRO), and the expected prices are KDF's, compared as KDF compares
 * them (`to_decimal()`).
 */
import { describe, expect, it } from 'vitest';
import { vwap, type PastTrade } from '../../../../src/node/mmbot/vwap';
import { MmNumber } from '../../../../src/shared/number';

const n = (s: string) => MmNumber.parse(s);
const swaps = (pairs: [string, string][]): PastTrade[] => pairs.map(([my, other]) => ({ success: true, myAmount: n(my), otherAmount: n(other) }));
/** KDF's expected values have 100 significant digits; ours are exact: compared to 90. */
const close = (got: MmNumber, expected: string) => expect(got.sub(n(expected)).abs().lt(n('1e-90')), `${got.toDecimalString()} ≠ ${expected}`).toBe(true);

describe('vwap (KDF simple_market_maker_tests.rs)', () => {
  it('test_vwap_empty_base_rel', () => {
    expect(vwap([], [], n('7.14455729')).eq(n('7.14455729'))).toBe(true);
  });
  it('test_vwap_single_base_side', () => {
    expect(vwap(swaps([['29.99997438', '222.76277576']]), [], n('7.6')).eq(n('7.6'))).toBe(true);
  });
  it('test_vwap_single_base_side_forced_price', () => {
    close(vwap(swaps([['29.99997438', '222.76277576']]), [], n('7.14455729')), '7.425432199985765454510364818518221681227982435363666467237829687773220024996568013735750396997505703');
  });
  it('test_vwap_multiple_base_side', () => {
    const base = swaps([['29.99997438', '222.76277576'], ['14.99998719', '105.38138788']]);
    close(vwap(base, [], n('7.14455729')), '7.292098752785668212293986632397917401154793919527340609682214001944090993587041856667078927018737007');
  });
  it('test_vwap_multiple_base_side_forced_price', () => {
    const base = swaps([['29.99997438', '222.76277576'], ['29.99997438', '190.76277576']]);
    expect(vwap(base, [], n('7.14455729')).eq(n('7.14455729'))).toBe(true);
  });
  it('test_vwap_single_reversed_side', () => {
    close(vwap([], swaps([['219.4709', '29.99999']]), n('7.14455729')), '7.3156991052330350776783592261197420399140133046711015570338523446174482058160686053562017854005951340');
  });
  it('test_vwap_single_reversed_side_forced_price', () => {
    expect(vwap([], swaps([['219.4709', '29.99999']]), n('7.6')).eq(n('7.6'))).toBe(true);
  });
  it('test_vwap_multiple_reversed_side', () => {
    close(vwap([], swaps([['219.4709', '29.99999'], ['222.762', '29.99999']]), n('7.14455729')), '7.370550790183596727865575955191985063995021331673777224592408197469399156466385488795162931720977240');
  });
  it('test_vwap_multiple_reversed_side_forced_price', () => {
    expect(vwap([], swaps([['219.4709', '29.99999'], ['222.762', '29.99999']]), n('7.54455729')).eq(n('7.54455729'))).toBe(true);
  });
  it('test_vwap_multiple_trade_both_side', () => {
    const base = swaps([['4.102174', '752.8892'], ['1.719676', '316.4945'], ['0.052971', '10.24148'], ['0.133952', '25.98481']]);
    const rel = swaps([
      ['27.18649', '0.161065'], ['13.17659', '0.077728'], ['37.00451', '0.208161'], ['743.0625', '4.266546'],
      ['2819.370', '15.68015'], ['2633.345', '14.61151'], ['559.7940', '3.006166'],
    ]);
    close(vwap(base, rel, n('174.1375')), '181.8799512443925929123148242562683065552235106947031231789891984094078454989954152150057794418761367');
  });
  it('leaves failed swaps out, counting their side at the calculated price', () => {
    const failed: PastTrade[] = [{ success: false, myAmount: n('1'), otherAmount: n('100') }];
    // base side: all failed → counts at 7; rel side at KDF's 7.31569910523303… (test_vwap_single_reversed_side) → their mean
    close(vwap(failed, swaps([['219.4709', '29.99999']]), n('7')), '7.157849552616517538839179613059871019957006652335550778516926172308724102908034302678100892700297567');
  });
});
