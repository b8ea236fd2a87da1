/** KDF's exact number type and its wire forms. Self-contained: no project or runtime imports. */
export { MmNumber, type MmNumberTriple } from './mm-number';
export { MmNumberParseError, type MmNumberParseReason } from './parse-error';
export { KDF_DIVISION_PRECISION, MAX_DECIMAL_EXPONENT, type FractionJson, type RationalJson } from './codec';
