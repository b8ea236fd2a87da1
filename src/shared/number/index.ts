/**
 * KDF's exact number type and its wire forms, with the rounding and percentages the page shows.
 * Self-contained: no project or runtime imports.
 */
export { MmNumber, type MmNumberTriple } from './mm-number';
export { beforePercentChange, percentChange } from './percent';
export { MmNumberParseError, type MmNumberParseReason } from './parse-error';
export { KDF_DIVISION_PRECISION, type FractionJson, type RationalJson } from './codec';
export {
  MAX_DECIMAL_DIGITS,
  MAX_DECIMAL_EXPONENT,
  MAX_NUMBER_BITS,
  MAX_NUMBER_TEXT_LENGTH,
  MAX_RATIONAL_LIMBS,
} from './limits';
